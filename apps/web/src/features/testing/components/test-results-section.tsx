import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TEST_RESULT_STATUSES, type TestingTestDetail, type TestResultStatus } from '@aegis/contracts';
import { MultiSelectField } from '../../../components/multi-select-field';
import { EmptyListText, PagedList } from '../../../components/paged-list';
import { usePaging } from '../../../components/use-list-state';
import { useTestResults } from '../api/results-api';
import { RESULT_LABELS } from '../testing-labels';
import { ResultsTable } from './results-table';

const OPTIONS = TEST_RESULT_STATUSES.map((value) => ({ value, label: RESULT_LABELS[value] }));

/** The test's runs, newest first, by outcome. */
export function TestResultsSection({ projectId, test }: { projectId: string; test: TestingTestDetail }) {
  const paging = usePaging();
  const [resultStatus, setResultStatus] = useState<TestResultStatus[]>([]);
  const results = useTestResults(projectId, test.id, { page: paging.page, size: paging.size, resultStatus });
  return (
    <Box component="section" aria-labelledby="test-results-title">
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, pb: { xs: 1, sm: 1 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
          <Typography id="test-results-title" variant="h6" component="h3">
            Results
          </Typography>
          <Box sx={{ minWidth: 200 }}>
            <MultiSelectField label="Result" value={resultStatus} options={OPTIONS} onChange={paging.restart(setResultStatus)} />
          </Box>
        </Stack>
        <PagedList
          query={results}
          paging={paging}
          loadingLabel="Loading the results"
          errorText="The results could not be loaded."
          empty={<EmptyListText>{resultStatus.length ? 'No result matches this filter.' : 'Not run yet: choose Run now, or wait for its schedule.'}</EmptyListText>}
        >
          {(items) => <ResultsTable projectId={projectId} results={items} labelledBy="test-results-title" unit={test.metric_unit} />}
        </PagedList>
      </Paper>
    </Box>
  );
}
