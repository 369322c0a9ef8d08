import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';

type Props = {
  value: string;
  onChange: (value: string) => void;
  /** What the list's API matches the text against; most lists match names. */
  label?: string;
  sx?: SxProps<Theme>;
};

/** The search box above a list ("Search by name" unless told otherwise); the API takes up to 200 characters. */
export function SearchField({ value, onChange, label = 'Search by name', sx }: Props) {
  return (
    <TextField
      size="small"
      type="search"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ htmlInput: { maxLength: 200 } }}
      sx={sx}
    />
  );
}
