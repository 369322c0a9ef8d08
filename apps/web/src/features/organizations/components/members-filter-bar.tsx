import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MEMBER_STATES, type MemberState } from '@aegis/contracts';
import { STATE_LABELS } from './member-labels';

export type StateFilter = MemberState | 'all';

type Props = {
  search: string;
  onSearch: (search: string) => void;
  state: StateFilter;
  onState: (state: StateFilter) => void;
};

export function MembersFilterBar({ search, onSearch, state, onState }: Props) {
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
      <TextField select size="small" label="State" value={state} onChange={(event) => onState(event.target.value as StateFilter)} sx={{ minWidth: 180 }}>
        <MenuItem value="all">All</MenuItem>
        {MEMBER_STATES.map((value) => (
          <MenuItem key={value} value={value}>
            {STATE_LABELS[value]}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
