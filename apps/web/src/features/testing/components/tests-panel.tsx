import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router';
import type { Project } from '@aegis/contracts';
import { PagedList } from '../../../components/paged-list';
import { SectionHeading } from '../../../components/section-heading';
import { useUrlSearchText } from '../../../components/use-url-search-text';
import { useTests } from '../api/tests-api';
import { hasTestFilters } from '../test-list-params';
import { useTestListParams } from '../use-test-list-params';
import { NewTestDialog } from './new-test-dialog';
import { TestsFilterBar } from './tests-filter-bar';
import { TestsTable, type TestListSort } from './tests-table';

/** The project's tests: filters in the URL, paging, sorting, and a new test. */
export function TestsPanel({ project, onShowSources }: { project: Project; onShowSources: () => void }) {
  const location = useLocation();
  const { params, change, clear } = useTestListParams();
  const searchBox = useUrlSearchText();
  const tests = useTests(project.id, params);
  const [adding, setAdding] = useState(false);
  const canCreate = project.rights.includes('testing_test:create');
  const filtered = hasTestFilters(params);
  const sort: TestListSort = { by: params.sortBy ?? 'reference', descending: params.sortBy ? params.descending : false };
  const back = { label: 'Tests', pathname: location.pathname, search: location.search };
  const total = tests.data?.total;
  const newButton = (label: string) =>
    canCreate && (
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
        {label}
      </Button>
    );

  return (
    <Box component="section" aria-labelledby="tests-title">
      <SectionHeading id="tests-title" level={3} title="Tests" description="Each test judges a metric against a threshold; linked to controls, its results become their evidence." action={newButton('New test')} />
      <TestsFilterBar params={params} search={searchBox.text} onSearch={searchBox.setText} onChange={change} onClear={filtered ? clear : undefined} />
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1, minHeight: '1.5em' }}>
        {total === undefined ? '' : `${total} ${total === 1 ? 'test' : 'tests'}${filtered ? (total === 1 ? ' matches the filters' : ' match the filters') : ''}`}
      </Typography>
      <PagedList
        query={tests}
        paging={{ page: params.page, size: params.size, setPaging: (page, size) => change({ page, size }) }}
        loadingLabel="Loading the tests"
        errorText="The tests could not be loaded."
        empty={
          filtered ? (
            <Stack spacing={1} sx={{ p: 4, alignItems: 'center', textAlign: 'center' }}>
              <Typography>No tests match these filters.</Typography>
              <Button onClick={clear}>Clear filters</Button>
            </Stack>
          ) : (
            <Stack spacing={1.5} sx={{ p: 4, alignItems: 'center', textAlign: 'center' }}>
              <Typography color="text.secondary">
                No tests yet. Add a source and its metrics (a pipeline pushes their values), then a test such as “accuracy ≥ 0.9”, and link it to the controls it proves.
              </Typography>
              <Stack direction="row" spacing={1}>
                <Button variant="outlined" onClick={onShowSources}>
                  Go to sources & metrics
                </Button>
                {newButton('Add the first test')}
              </Stack>
            </Stack>
          )
        }
      >
        {(items) => <TestsTable projectId={project.id} tests={items} sort={sort} onSort={(next) => change({ sortBy: next.by, descending: next.descending })} back={back} labelledBy="tests-title" />}
      </PagedList>
      {canCreate && <NewTestDialog key={adding ? 'open' : 'closed'} projectId={project.id} open={adding} onClose={() => setAdding(false)} />}
    </Box>
  );
}
