import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { SearchField } from './search-field';

type Props<V extends string> = {
  search: string;
  onSearch: (search: string) => void;
  /** The select's label, e.g. "State" or "Type". */
  label: string;
  value: V | 'all';
  options: readonly V[];
  optionLabels: Record<V, string>;
  onChange: (value: V | 'all') => void;
};

/** A list's name search plus one "All / …" select: the filter bar the list screens share. */
export function SearchFilterBar<V extends string>({ search, onSearch, label, value, options, optionLabels, onChange }: Props<V>) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flexGrow: 1 }}>
      <SearchField value={search} onChange={onSearch} sx={{ minWidth: 240 }} />
      <TextField select size="small" label={label} value={value} onChange={(event) => onChange(event.target.value as V | 'all')} sx={{ minWidth: 180 }}>
        <MenuItem value="all">All</MenuItem>
        {options.map((option) => (
          <MenuItem key={option} value={option}>
            {optionLabels[option]}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
