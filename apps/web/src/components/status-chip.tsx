import Chip from '@mui/material/Chip';
import { useTheme } from '@mui/material/styles';
import { STATUS_STYLES, statusColour, type DisplayStatus } from './status-styles';

type Props = {
  status: DisplayStatus;
  /** Another wording of the status (e.g. "Not applicable"); the icon and colour stay the status's own. */
  label?: string;
  size?: 'small' | 'medium';
};

/** A status as every list and detail shows it: its icon and its name, outlined in its colour. */
export function StatusChip({ status, label, size = 'small' }: Props) {
  const theme = useTheme();
  const { Icon, label: name } = STATUS_STYLES[status];
  const colour = statusColour(theme, status);
  return (
    <Chip
      size={size}
      variant="outlined"
      icon={<Icon aria-hidden />}
      label={label ?? name}
      sx={{ borderColor: colour, color: 'text.primary', fontWeight: 500, '& .MuiChip-icon': { color: colour } }}
    />
  );
}
