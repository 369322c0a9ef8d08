import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useNavigate, useSearchParams } from 'react-router';
import type { Project } from '@aegis/contracts';
import { SectionHeading } from '../../../components/section-heading';
import { SectionTabs } from '../../../components/section-tabs';
import { ResultsPanel } from '../components/results-panel';
import { SourcesPanel } from '../components/sources-panel';
import { TestsPanel } from '../components/tests-panel';
import { testingPath } from '../testing-paths';

type View = 'tests' | 'sources' | 'results';

const viewOf = (value: string | null): View => (value === 'sources' || value === 'results' ? value : 'tests');

/**
 * project-testing: automated testing (a preview) — the tests with their latest results, the sources
 * and metrics they judge, and every result. The view is in the URL (`?view=`), so each can be shared.
 */
export function TestingScreen({ project }: { project: Project }) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const view = viewOf(search.get('view'));
  const can = (right: Project['rights'][number]) => project.rights.includes(right);
  const tabs = [
    { key: 'tests', to: { search: '' }, label: 'Tests', current: view === 'tests' },
    ...(can('testing_sources:read') ? [{ key: 'sources', to: { search: '?view=sources' }, label: 'Sources & metrics', current: view === 'sources' }] : []),
    ...(can('testing_results:read') ? [{ key: 'results', to: { search: '?view=results' }, label: 'Results', current: view === 'results' }] : []),
  ];

  return (
    <Box component="section" aria-labelledby="testing-title">
      <SectionHeading
        id="testing-title"
        level={2}
        title="Testing"
        description="Metrics pushed by your pipelines, judged by tests; passing and failing results become evidence on the controls they prove."
      />
      <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
        Testing is a preview: what it shows and stores may still change.
      </Alert>
      <SectionTabs label="Testing views" tabs={tabs} />
      {view === 'tests' && <TestsPanel project={project} onShowSources={() => void navigate(testingPath(project.id, 'sources'))} />}
      {view === 'sources' && can('testing_sources:read') && <SourcesPanel project={project} />}
      {view === 'results' && can('testing_results:read') && <ResultsPanel project={project} />}
    </Box>
  );
}
