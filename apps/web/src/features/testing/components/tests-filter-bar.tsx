import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { WORK_ITEM_STATUSES, WORK_ITEM_STATUS_LABELS } from '@aegis/contracts';
import { MultiSelectField } from '../../../components/multi-select-field';
import { SearchField } from '../../../components/search-field';
import type { TestListParams } from '../test-list-params';
import { RESULT_LABELS, type ResultState } from '../testing-labels';

type Props = {
  params: TestListParams;
  search: string;
  onSearch: (text: string) => void;
  onChange: (changes: Partial<TestListParams>) => void;
  onClear?: () => void;
};

const RESULT_OPTIONS = (['passed', 'failed', 'error', 'never_run'] as const satisfies readonly ResultState[]).map((value) => ({ value, label: RESULT_LABELS[value] }));
const STATUS_OPTIONS = WORK_ITEM_STATUSES.map((status) => ({ value: status, label: WORK_ITEM_STATUS_LABELS[status] }));

/** The tests' filters (spec section 7: name, result status, status), each kept in the URL by the screen. */
export function TestsFilterBar({ params, search, onSearch, onChange, onClear }: Props) {
  return (
    <Box role="search" aria-label="Filter the tests" sx={{ mb: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: '2fr 1fr 1fr auto' } }}>
        <SearchField value={search} onChange={onSearch} label="Search by name or reference" />
        <MultiSelectField label="Latest result" value={params.resultStatus} options={RESULT_OPTIONS} onChange={(resultStatus) => onChange({ resultStatus })} />
        <MultiSelectField label="Status" value={params.status} options={STATUS_OPTIONS} onChange={(status) => onChange({ status })} />
        {onClear && <Button onClick={onClear}>Clear filters</Button>}
      </Box>
    </Box>
  );
}
