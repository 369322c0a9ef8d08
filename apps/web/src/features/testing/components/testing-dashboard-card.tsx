import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { TestingSummary } from '@aegis/contracts';
import { RetryAlert } from '../../../components/retry-alert';
import { useTestingSummary } from '../api/get-testing-summary';

const testingPath = (projectId: string) => `/projects/project-detail/${projectId}/testing`;
const testPath = (projectId: string, testId: string) => `/projects/project-detail/${projectId}/test-detail/${testId}`;

/** "12 of 14 tests pass (86 %)": the pass rate over the tests that have run. */
export function passRateText(summary: TestingSummary) {
  const judged = summary.by_result.passed + summary.by_result.failed + summary.by_result.error;
  if (judged === 0 || summary.pass_rate === null) return 'No test has run yet';
  return `${summary.by_result.passed} of ${judged} ${judged === 1 ? 'test passes' : 'tests pass'} (${Math.round(summary.pass_rate * 100)} %)`;
}

function Count({ projectId, n, label, filter }: { projectId: string; n: number; label: string; filter: string }) {
  return (
    <Typography variant="body2">
      <Link component={RouterLink} to={{ pathname: testingPath(projectId), search: `?result_status=${filter}` }}>
        <strong>{n}</strong> {label}
      </Link>
    </Typography>
  );
}

/** The project's automated tests at a glance: pass rate, failing tests (each a link), the controls they flag, metrics gone stale. */
export function TestingDashboardCard({ projectId }: { projectId: string }) {
  const query = useTestingSummary(projectId);
  const summary = query.data;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="project-testing-title" sx={{ p: 3, minWidth: 0 }}>
      <Typography id="project-testing-title" variant="h6" component="h2" gutterBottom>
        Automated tests
      </Typography>
      {query.isPending && <LinearProgress aria-label="Loading the tests" />}
      {query.isError && <RetryAlert onRetry={() => void query.refetch()}>The tests could not be loaded.</RetryAlert>}
      {summary && summary.total === 0 && (
        <Typography color="text.secondary">
          No tests yet.{' '}
          <Link component={RouterLink} to={testingPath(projectId)}>
            Open Testing
          </Link>{' '}
          to connect a pipeline's metrics and judge them with thresholds.
        </Typography>
      )}
      {summary && summary.total > 0 && (
        <Stack spacing={1}>
          <Typography variant="body1">{passRateText(summary)}</Typography>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 2 }}>
            <Count projectId={projectId} n={summary.by_result.failed} label="failing" filter="failed" />
            <Count projectId={projectId} n={summary.by_result.error} label="with nothing to judge" filter="error" />
            <Count projectId={projectId} n={summary.by_result.never_run} label="never run" filter="never_run" />
          </Stack>
          {summary.controls_with_failing_tests > 0 && (
            <Typography variant="body2" color="error">
              {summary.controls_with_failing_tests} {summary.controls_with_failing_tests === 1 ? 'control is' : 'controls are'} flagged “test failing”
            </Typography>
          )}
          {summary.stale_metrics > 0 && (
            <Typography variant="body2" color="warning.main">
              {summary.stale_metrics} {summary.stale_metrics === 1 ? 'metric has' : 'metrics have'} no recent value
            </Typography>
          )}
          {summary.failing.length > 0 && (
            <List dense aria-label="Failing tests" disablePadding>
              {summary.failing.map((test) => (
                <ListItem key={test.id} disableGutters>
                  <Link component={RouterLink} to={testPath(projectId, test.id)}>
                    {test.reference} {test.name}
                  </Link>
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
      )}
    </Paper>
  );
}
