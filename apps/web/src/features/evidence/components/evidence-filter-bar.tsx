import { useState } from 'react';
import FilterListIcon from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { EXPIRY_STATES, EXPIRY_STATE_LABELS, WORK_ITEM_STATUSES, WORK_ITEM_STATUS_LABELS } from '@aegis/contracts';
import { MultiSelectField } from '../../../components/multi-select-field';
import { SearchField } from '../../../components/search-field';
import type { EvidenceListParams } from '../evidence-list-params';
import { DateFilterField } from './date-filter-field';
import { FileTypeChips } from './file-type-chips';
import { ControlsFilter, RisksFilter } from './linked-item-filters';

type Props = {
  projectId: string;
  params: EvidenceListParams;
  search: string;
  onSearch: (text: string) => void;
  onChange: (changes: Partial<EvidenceListParams>) => void;
  onClear?: () => void;
  /** The project's controls and risks may be read: their filters are offered. */
  canReadControls: boolean;
  canReadRisks: boolean;
};

const STATUS_OPTIONS = WORK_ITEM_STATUSES.map((status) => ({ value: status, label: WORK_ITEM_STATUS_LABELS[status] }));
const EXPIRY_OPTIONS = EXPIRY_STATES.map((state) => ({ value: state, label: EXPIRY_STATE_LABELS[state] }));

const otherFilters = (params: EvidenceListParams) =>
  [params.controls.length, params.risks.length, params.startDate, params.endDate, params.fileType.length, params.status.length, params.expiryState.length, params.isAssignedToMe, params.unlinked].filter(Boolean).length;

/**
 * The evidence list's filters (spec section 3: name — the file's text too —, associated controls and
 * risks, start and end of the effective date, file type; and status, expiry, assigned to me, not
 * linked), each kept in the URL by the screen. On a phone the search stays in view and the rest folds
 * under a Filters button.
 */
export function EvidenceFilterBar({ projectId, params, search, onSearch, onChange, onClear, canReadControls, canReadRisks }: Props) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [unfolded, setUnfolded] = useState(false);
  const shown = !narrow || unfolded;
  const count = otherFilters(params);
  const searchField = <SearchField label="Search by name or content" value={search} onChange={onSearch} sx={narrow ? { flexGrow: 1 } : undefined} />;
  return (
    <Box role="search" aria-label="Filter the evidence" sx={{ mb: 2 }}>
      {narrow && (
        <Stack direction="row" spacing={1} sx={{ mb: unfolded ? 2 : 0 }}>
          {searchField}
          <Button variant="outlined" startIcon={<FilterListIcon />} aria-expanded={unfolded} aria-controls="evidence-filters" onClick={() => setUnfolded(!unfolded)}>
            Filters{count > 0 ? ` (${count})` : ''}
          </Button>
        </Stack>
      )}
      {shown && (
        <Box id="evidence-filters">
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } }}>
            {!narrow && <Box sx={{ gridColumn: { lg: 'span 2' }, display: 'grid' }}>{searchField}</Box>}
            <MultiSelectField label="Status" value={params.status} options={STATUS_OPTIONS} onChange={(status) => onChange({ status })} />
            <MultiSelectField label="Validity" value={params.expiryState} options={EXPIRY_OPTIONS} onChange={(expiryState) => onChange({ expiryState })} />
            {canReadControls && <ControlsFilter projectId={projectId} value={params.controls} onChange={(controls) => onChange({ controls })} />}
            {canReadRisks && <RisksFilter projectId={projectId} value={params.risks} onChange={(risks) => onChange({ risks })} />}
            <DateFilterField name="start_date" label="Effective from" value={params.startDate} onChange={(startDate) => onChange({ startDate })} />
            <DateFilterField name="end_date" label="Effective until" value={params.endDate} onChange={(endDate) => onChange({ endDate })} />
          </Box>
          <Box sx={{ mt: 2 }}>
            <FileTypeChips projectId={projectId} value={params.fileType} onChange={(fileType) => onChange({ fileType })} />
          </Box>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 2, mt: 1 }}>
            <FormControlLabel label="Assigned to me" control={<Checkbox checked={params.isAssignedToMe} onChange={(event) => onChange({ isAssignedToMe: event.target.checked })} />} />
            <FormControlLabel label="Linked to nothing" control={<Checkbox checked={params.unlinked} onChange={(event) => onChange({ unlinked: event.target.checked })} />} />
            {onClear && (
              <Button onClick={onClear} sx={{ ml: { sm: 'auto' } }}>
                Clear filters
              </Button>
            )}
          </Stack>
        </Box>
      )}
    </Box>
  );
}
