import { useState } from 'react';
import FilterListIcon from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { RISK_CATEGORIES, RISK_CATEGORY_INFO, WORK_ITEM_STATUSES, WORK_ITEM_STATUS_LABELS } from '@aegis/contracts';
import { MultiSelectField } from '../../../components/multi-select-field';
import { SearchField } from '../../../components/search-field';
import type { HeatMapCell, RiskListParams } from '../risk-list-params';

type Props = {
  params: RiskListParams;
  search: string;
  onSearch: (text: string) => void;
  onChange: (changes: Partial<RiskListParams>) => void;
  onClear?: () => void;
};

const STATUS_OPTIONS = WORK_ITEM_STATUSES.map((status) => ({ value: status, label: WORK_ITEM_STATUS_LABELS[status] }));
const CATEGORY_OPTIONS = RISK_CATEGORIES.map((category) => ({ value: category, label: RISK_CATEGORY_INFO[category].label }));

/** "Inherent: likelihood 4, impact 5": the heat map cell the list is filtered by. */
export const cellFilterLabel = (cell: HeatMapCell) => `${cell.view === 'inherent' ? 'Inherent' : 'Residual'}: likelihood ${cell.likelihood}, impact ${cell.impact}`;

const otherFilters = (params: RiskListParams) => [params.status.length, params.category.length, params.isAssignedToMe, params.aboveAppetite, params.needsAttention].filter(Boolean).length;

/**
 * The register's filters (spec section 7: name, status, assigned to me; and category, above appetite,
 * needs attention), each kept in the URL by the screen, and the heat map cell as a chip that clears it.
 * On a phone the search stays in view and the rest folds under a Filters button.
 */
export function RisksFilterBar({ params, search, onSearch, onChange, onClear }: Props) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [unfolded, setUnfolded] = useState(false);
  const shown = !narrow || unfolded;
  const count = otherFilters(params);
  const flags = [
    { field: 'isAssignedToMe', label: 'Assigned to me' },
    { field: 'aboveAppetite', label: 'Above the appetite' },
    { field: 'needsAttention', label: 'Needs attention' },
  ] as const;
  return (
    <Box role="search" aria-label="Filter the risks" sx={{ mb: 2 }}>
      {narrow && (
        <Stack direction="row" spacing={1} sx={{ mb: unfolded ? 2 : 0 }}>
          <SearchField value={search} onChange={onSearch} sx={{ flexGrow: 1 }} />
          <Button variant="outlined" startIcon={<FilterListIcon />} aria-expanded={unfolded} aria-controls="risk-filters" onClick={() => setUnfolded(!unfolded)}>
            Filters{count > 0 ? ` (${count})` : ''}
          </Button>
        </Stack>
      )}
      {shown && (
        <Box id="risk-filters">
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}>
            {!narrow && <SearchField value={search} onChange={onSearch} />}
            <MultiSelectField label="Status" value={params.status} options={STATUS_OPTIONS} onChange={(status) => onChange({ status })} />
            <MultiSelectField label="Category" value={params.category} options={CATEGORY_OPTIONS} onChange={(category) => onChange({ category })} />
          </Box>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 2, mt: 1 }}>
            {flags.map(({ field, label }) => (
              <FormControlLabel key={field} label={label} control={<Checkbox checked={params[field]} onChange={(event) => onChange({ [field]: event.target.checked })} />} />
            ))}
            {onClear && (
              <Button onClick={onClear} sx={{ ml: { sm: 'auto' } }}>
                Clear filters
              </Button>
            )}
          </Stack>
        </Box>
      )}
      {params.cell && (
        <Box sx={{ mt: 1 }}>
          <Chip
            label={cellFilterLabel(params.cell)}
            aria-label={`Clear the heat map filter: ${cellFilterLabel(params.cell)}`}
            onClick={() => onChange({ cell: undefined })}
            onDelete={() => onChange({ cell: undefined })}
            color="primary"
            variant="outlined"
          />
        </Box>
      )}
    </Box>
  );
}
