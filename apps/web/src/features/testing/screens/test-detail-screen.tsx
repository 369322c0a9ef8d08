import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Project, TestingTestDetail } from '@aegis/contracts';
import { PageProgress } from '../../../components/page-progress';
import { RetryAlert } from '../../../components/retry-alert';
import { StatusHistorySection } from '../../../components/status-history-section';
import { usePageTitle } from '../../../components/use-page-title';
import { ApiError } from '../../../lib/errors';
import { useTest } from '../api/tests-api';
import { MetricChartSection } from '../components/metric-chart-section';
import { TestBreadcrumbs } from '../components/test-breadcrumbs';
import { TestControlsSection } from '../components/test-controls-section';
import { TestDetailsSection } from '../components/test-details-section';
import { TestHeader } from '../components/test-header';
import { TestPeopleSection } from '../components/test-people-section';
import { TestResultsSection } from '../components/test-results-section';
import { testingPath } from '../testing-paths';

type Props = {
  project: Project;
  testId: string;
  /** What other features add beside the test, composed by the route: its review, its comments, its activity. */
  review?: (test: TestingTestDetail) => ReactNode;
  discussion?: (test: TestingTestDetail) => ReactNode;
  activity?: (test: TestingTestDetail) => ReactNode;
};

function NotFound({ projectId }: { projectId: string }) {
  return (
    <Box role="alert" sx={{ py: 4 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        Test not found
      </Typography>
      <Typography sx={{ mb: 2 }}>This project has no such test. It may have been deleted.</Typography>
      <Link component={RouterLink} to={testingPath(projectId)}>
        Go to the project’s tests
      </Link>
    </Box>
  );
}

/**
 * project-test-detail: one test — its condition and latest outcome, the metric's values with the
 * threshold and every run, its results, the controls it proves, who works on it, and its record.
 */
export function TestDetailScreen({ project, testId, review, discussion, activity }: Props) {
  const query = useTest(project.id, testId);
  usePageTitle(query.data ? `${query.data.reference} ${query.data.name}` : 'Test', project.name);
  const can = (right: Project['rights'][number]) => project.rights.includes(right);

  let body: ReactNode;
  if (query.isPending) body = <PageProgress label="Loading the test…" />;
  else if (query.isError && !query.data) {
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 422);
    body = missing ? <NotFound projectId={project.id} /> : <RetryAlert onRetry={() => void query.refetch()}>The test could not be loaded.</RetryAlert>;
  } else {
    const test = query.data!;
    body = (
      <Box component="article" aria-labelledby="test-title">
        <TestHeader projectId={project.id} test={test} rights={project.rights} />
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            {review?.(test)}
            {can('testing_metrics:read') && can('testing_sources:read') && <MetricChartSection projectId={project.id} test={test} />}
            {can('testing_results:read') && <TestResultsSection projectId={project.id} test={test} />}
            {can('testing_controls:read') && <TestControlsSection projectId={project.id} test={test} rights={project.rights} />}
            {discussion?.(test)}
          </Stack>
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            <TestDetailsSection test={test} />
            <TestPeopleSection projectId={project.id} test={test} canAssign={can('testing_test:update')} />
            <StatusHistorySection id="test-status-history" history={test.status_history} emptyText="Ready since it was added; no change yet." />
            {activity?.(test)}
          </Stack>
        </Box>
      </Box>
    );
  }

  return (
    <Box>
      <TestBreadcrumbs projectId={project.id} label={query.data?.reference ?? 'Test'} />
      {body}
    </Box>
  );
}
