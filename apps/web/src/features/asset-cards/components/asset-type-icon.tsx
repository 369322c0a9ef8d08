import CloudOutlinedIcon from '@mui/icons-material/CloudOutlined';
import DatasetOutlinedIcon from '@mui/icons-material/DatasetOutlined';
import ExtensionOutlinedIcon from '@mui/icons-material/ExtensionOutlined';
import PsychologyOutlinedIcon from '@mui/icons-material/PsychologyOutlined';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { ASSET_CARD_NATURE_LABELS, ASSET_CARD_TYPE_LABELS, type AssetCardNature, type AssetCardType } from '@aegis/contracts';

/** Each type's icon: a model thinks, a dataset is a table, a system acts, a component plugs in, a service is elsewhere. */
export const ASSET_TYPE_ICONS: Record<AssetCardType, typeof DatasetOutlinedIcon> = {
  model: PsychologyOutlinedIcon,
  dataset: DatasetOutlinedIcon,
  ai_system: SmartToyOutlinedIcon,
  software_component: ExtensionOutlinedIcon,
  third_party_service: CloudOutlinedIcon,
};

type IconProps = { type: AssetCardType; fontSize?: SvgIconProps['fontSize']; color?: SvgIconProps['color'] };

/** The type's icon, decorative: the type's name is always written beside it (or given by `AssetTypeLabel`). */
export function AssetTypeIcon({ type, fontSize = 'small', color = 'action' }: IconProps) {
  const Icon = ASSET_TYPE_ICONS[type];
  return <Icon aria-hidden fontSize={fontSize} color={color} />;
}

/** The type as lists show it: its icon and its name. */
export function AssetTypeLabel({ type, variant = 'body2' }: { type: AssetCardType; variant?: 'body2' | 'caption' }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <AssetTypeIcon type={type} />
      <Typography component="span" variant={variant}>
        {ASSET_CARD_TYPE_LABELS[type]}
      </Typography>
    </Box>
  );
}

const NATURE_HINTS: Record<AssetCardNature, string> = {
  in_house: 'Built by the organization',
  third_party: 'Bought from or run by a supplier',
  open_source: 'Taken from an open-source project',
};

/** Where the asset comes from, as a chip (with what that means on hover). */
export function AssetNatureChip({ nature, size = 'small' }: { nature: AssetCardNature; size?: 'small' | 'medium' }) {
  return (
    <Tooltip title={NATURE_HINTS[nature]}>
      <Chip size={size} variant="outlined" color={nature === 'in_house' ? 'primary' : nature === 'open_source' ? 'success' : 'secondary'} label={ASSET_CARD_NATURE_LABELS[nature]} />
    </Tooltip>
  );
}
