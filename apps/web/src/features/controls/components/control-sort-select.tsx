import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ControlSortField } from '../control-list-params';
import type { ControlSort } from './controls-table';

const OPTIONS: { value: string; label: string; sort: ControlSort }[] = [
  { value: 'control_code', label: 'Code', sort: { by: 'control_code', descending: false } },
  { value: 'title', label: 'Title', sort: { by: 'title', descending: false } },
  { value: 'status', label: 'Status', sort: { by: 'status', descending: false } },
  { value: 'due_date', label: 'Due date, soonest first', sort: { by: 'due_date', descending: false } },
  { value: 'updated_at', label: 'Last updated, newest first', sort: { by: 'updated_at', descending: true } },
];

const valueOf = (sort: ControlSort) => OPTIONS.find((option) => option.sort.by === sort.by && option.sort.descending === sort.descending)?.value ?? (sort.by satisfies ControlSortField);

/** The list's order where there are no column headers to click (the cards of narrow screens). */
export function ControlSortSelect({ sort, onSort }: { sort: ControlSort; onSort: (sort: ControlSort) => void }) {
  const value = valueOf(sort);
  const known = OPTIONS.some((option) => option.value === value);
  return (
    <TextField select size="small" label="Sort by" value={known ? value : ''} onChange={(event) => onSort(OPTIONS.find((option) => option.value === event.target.value)!.sort)} sx={{ minWidth: 200, mb: 2 }}>
      {!known && <MenuItem value="">As chosen in the link</MenuItem>}
      {OPTIONS.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
