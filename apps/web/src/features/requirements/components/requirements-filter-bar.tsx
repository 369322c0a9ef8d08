import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { REQUIREMENT_STATUSES, REQUIREMENT_STATUS_LABELS, type AppliedFramework, type RequirementStatus } from '@aegis/contracts';
import { SearchField } from '../../../components/search-field';
import type { RequirementScreenFilters } from '../use-requirement-filters';

type Props = {
  frameworks: readonly AppliedFramework[];
  filters: RequirementScreenFilters;
  search: string;
  onSearch: (text: string) => void;
  onFramework: (framework: string | undefined) => void;
  onStatus: (status: RequirementStatus | undefined) => void;
  onClear?: () => void;
};

/** Search by code or words, one framework, one status: the requirements' filters (spec section 7). */
export function RequirementsFilterBar({ frameworks, filters, search, onSearch, onFramework, onStatus, onClear }: Props) {
  return (
    <Box role="search" aria-label="Filter the requirements" sx={{ display: 'grid', gap: 2, alignItems: 'center', mb: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr)) auto' } }}>
      <SearchField value={search} onChange={onSearch} />
      <TextField select size="small" label="Framework" value={filters.framework ?? ''} onChange={(event) => onFramework(event.target.value || undefined)} slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
        <MenuItem value="">All</MenuItem>
        {frameworks.map((framework) => (
          <MenuItem key={framework.framework_code} value={framework.framework_code}>
            {framework.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label="Status" value={filters.status ?? ''} onChange={(event) => onStatus((event.target.value || undefined) as RequirementStatus | undefined)} slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
        <MenuItem value="">All</MenuItem>
        {REQUIREMENT_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {REQUIREMENT_STATUS_LABELS[status]}
          </MenuItem>
        ))}
      </TextField>
      {onClear ? <Button onClick={onClear}>Clear filters</Button> : <span />}
    </Box>
  );
}
