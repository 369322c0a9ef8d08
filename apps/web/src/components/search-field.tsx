import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';

type Props = { value: string; onChange: (value: string) => void; sx?: SxProps<Theme> };

/** The "Search by name" box above a list; the API takes up to 200 characters. */
export function SearchField({ value, onChange, sx }: Props) {
  return (
    <TextField
      size="small"
      type="search"
      label="Search by name"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ htmlInput: { maxLength: 200 } }}
      sx={sx}
    />
  );
}
