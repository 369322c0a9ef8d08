import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { RetryAlert } from '../../../components/retry-alert';
import { formatDateTime } from '../../../lib/format';
import { useControlTests } from '../api/controls-api';
import { resultState } from '../testing-labels';
import { testDetailPath } from '../testing-paths';
import { ResultIcon } from './result-icon';

/** The tests proving a control, each with its latest outcome and linking to its page: the control's page shows them. Links are made from the test's page. */
export function ControlTestsSection({ projectId, controlId }: { projectId: string; controlId: string }) {
  const tests = useControlTests(projectId, controlId);
  let body;
  if (tests.isPending) body = <LinearProgress aria-label="Loading the tests proving it" />;
  else if (tests.isError) body = <RetryAlert onRetry={() => void tests.refetch()}>The tests could not be loaded.</RetryAlert>;
  else if (tests.data.length === 0) body = <Typography color="text.secondary">No test proves this control yet. Link one from a test’s page, under Testing.</Typography>;
  else {
    body = (
      <Box component="ul" aria-label="Tests proving this control" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {tests.data.map((test) => (
          <Box component="li" key={test.id} sx={{ py: 1, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
            <Link component={RouterLink} to={testDetailPath(projectId, test.id)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {test.reference} {test.name}
            </Link>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {test.condition}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center' }}>
              <ResultIcon result={resultState(test.last_result)} withLabel />
              {test.last_result && (
                <Typography variant="caption" color="text.secondary">
                  {formatDateTime(test.last_result.created_at)}
                </Typography>
              )}
            </Stack>
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <Paper variant="outlined" component="section" aria-labelledby="control-tests-title" sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Typography id="control-tests-title" variant="h6" component="h3" sx={{ mb: 1.5 }}>
        Tests
      </Typography>
      {body}
    </Paper>
  );
}
