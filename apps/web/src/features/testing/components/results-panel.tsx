import { useState } from 'react';
import Box from '@mui/material/Box';
import { TEST_RESULT_STATUSES, WORK_ITEM_STATUSES, WORK_ITEM_STATUS_LABELS, type Project, type TestResultStatus, type WorkItemStatus } from '@aegis/contracts';
import { MultiSelectField } from '../../../components/multi-select-field';
import { EmptyListText, PagedList } from '../../../components/paged-list';
import { SearchField } from '../../../components/search-field';
import { SectionHeading } from '../../../components/section-heading';
import { useSearchableList } from '../../../components/use-list-state';
import { useAllResults } from '../api/results-api';
import { RESULT_LABELS } from '../testing-labels';
import { ResultsTable } from './results-table';

const RESULT_OPTIONS = TEST_RESULT_STATUSES.map((value) => ({ value, label: RESULT_LABELS[value] }));
const STATUS_OPTIONS = WORK_ITEM_STATUSES.map((value) => ({ value, label: WORK_ITEM_STATUS_LABELS[value] }));

/** Every test's results, newest first, by test name or reference, outcome and the test's status. */
export function ResultsPanel({ project }: { project: Project }) {
  const list = useSearchableList();
  const [resultStatus, setResultStatus] = useState<TestResultStatus[]>([]);
  const [status, setStatus] = useState<WorkItemStatus[]>([]);
  const results = useAllResults(project.id, { page: list.page, size: list.size, name: list.name, resultStatus, status });
  const filtered = Boolean(list.name || resultStatus.length || status.length);
  return (
    <Box component="section" aria-labelledby="results-title">
      <SectionHeading id="results-title" level={3} title="Results" description="Every run of every test: what it judged and what came of it." />
      <Box role="search" aria-label="Filter the results" sx={{ display: 'grid', gap: 2, mb: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' } }}>
        <SearchField value={list.search} onChange={list.setSearch} label="Search by test name or reference" />
        <MultiSelectField label="Result" value={resultStatus} options={RESULT_OPTIONS} onChange={list.restart(setResultStatus)} />
        <MultiSelectField label="Test status" value={status} options={STATUS_OPTIONS} onChange={list.restart(setStatus)} />
      </Box>
      <PagedList
        query={results}
        paging={list}
        loadingLabel="Loading the results"
        errorText="The results could not be loaded."
        empty={<EmptyListText>{filtered ? 'No results match these filters.' : 'No test has run yet. Open a test and choose Run now, or give it a schedule.'}</EmptyListText>}
      >
        {(items) => <ResultsTable projectId={project.id} results={items} labelledBy="results-title" showTest />}
      </PagedList>
    </Box>
  );
}
