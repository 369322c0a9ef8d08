import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTheme } from '@mui/material/styles';

type Props = { name: string; colour: string; size?: ChipProps['size'] };

/** A tag as it appears wherever it labels something: its name on its colour, in a readable text colour. */
export function TagChip({ name, colour, size = 'small' }: Props) {
  const theme = useTheme();
  return <Chip label={name} title={name} size={size} sx={{ bgcolor: colour, color: theme.palette.getContrastText(colour), fontWeight: 600, maxWidth: '100%' }} />;
}
