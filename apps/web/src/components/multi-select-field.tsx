import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

type Props<V extends string> = {
  label: string;
  value: readonly V[];
  options: readonly { value: V; label: string }[];
  onChange: (value: V[]) => void;
  disabled?: boolean;
  helperText?: string;
  /** What the closed field says when nothing is chosen. */
  noneText?: string;
};

/** A select of several values with a checkbox each (status, tags): keyboard and screen reader friendly as MUI's select is. */
export function MultiSelectField<V extends string>({ label, value, options, onChange, disabled, helperText, noneText = 'All' }: Props<V>) {
  const labels = new Map(options.map((option) => [option.value, option.label]));
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      disabled={disabled}
      helperText={helperText}
      onChange={(event) => {
        const next = event.target.value as unknown as V[] | string;
        onChange(typeof next === 'string' ? (next.split(',') as V[]) : next);
      }}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (selected) => {
            const chosen = selected as V[];
            return chosen.length === 0 ? noneText : chosen.map((item) => labels.get(item) ?? item).join(', ');
          },
        },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value} dense>
          <Checkbox checked={value.includes(option.value)} size="small" sx={{ p: 0.5, mr: 1 }} tabIndex={-1} slotProps={{ input: { 'aria-hidden': true } }} />
          <ListItemText primary={option.label} />
        </MenuItem>
      ))}
    </TextField>
  );
}
