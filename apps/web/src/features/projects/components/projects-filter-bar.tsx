import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PROJECT_TYPES, type ProjectType } from '@aegis/contracts';
import { PROJECT_TYPE_LABELS } from './project-labels';

export type TypeFilter = ProjectType | 'all';

type Props = {
  search: string;
  onSearch: (search: string) => void;
  type: TypeFilter;
  onType: (type: TypeFilter) => void;
};

export function ProjectsFilterBar({ search, onSearch, type, onType }: Props) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flexGrow: 1 }}>
      <TextField
        size="small"
        type="search"
        label="Search by name"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        sx={{ minWidth: 240 }}
      />
      <TextField select size="small" label="Type" value={type} onChange={(event) => onType(event.target.value as TypeFilter)} sx={{ minWidth: 180 }}>
        <MenuItem value="all">All</MenuItem>
        {PROJECT_TYPES.map((value) => (
          <MenuItem key={value} value={value}>
            {PROJECT_TYPE_LABELS[value]}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
