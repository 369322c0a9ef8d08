import type { SvgIconComponent } from '@mui/icons-material';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import HubOutlinedIcon from '@mui/icons-material/HubOutlined';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import type { EuAiActCategory, EuAiActRole } from '@aegis/contracts';

export const ROLE_LABELS: Record<EuAiActRole, string> = {
  provider: 'Provider',
  deployer: 'Deployer',
  importer: 'Importer',
  distributor: 'Distributor',
  authorised_representative: 'Authorised representative',
  product_manufacturer: 'Product manufacturer',
  gpai_provider: 'Provider of a general-purpose AI model',
};

/**
 * How a category's chip looks: an icon and the colour of its border and icon (what weighs most stands
 * out most); its name is always written out beside them, in the text colour.
 */
export const CATEGORY_STYLES: Record<EuAiActCategory, { Icon: SvgIconComponent; tone: 'neutral' | 'error' | 'warning' | 'info' | 'secondary' | 'success' }> = {
  out_of_scope: { Icon: RemoveCircleOutlineIcon, tone: 'neutral' },
  prohibited: { Icon: BlockIcon, tone: 'error' },
  high_risk: { Icon: WarningAmberIcon, tone: 'warning' },
  transparency: { Icon: VisibilityOutlinedIcon, tone: 'info' },
  gpai: { Icon: HubOutlinedIcon, tone: 'secondary' },
  gpai_systemic_risk: { Icon: HubOutlinedIcon, tone: 'error' },
  minimal_risk: { Icon: CheckCircleOutlinedIcon, tone: 'success' },
};
