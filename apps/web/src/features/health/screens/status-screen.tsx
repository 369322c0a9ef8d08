import { PRODUCT_NAME } from '@aegis/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { CenteredPanel } from '../../../components/centered-panel';
import { RetryAlert } from '../../../components/retry-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { useHealth } from '../api/get-health';
import { HealthComponentList } from '../components/health-component-list';
import { HealthSummary } from '../components/health-summary';

/** The built-in status page (when STATUS_URL is not set): public, fed by /api/health, checked again every 30 s. */
export function StatusScreen() {
  usePageTitle('Status');
  const { data: report, isPending, isError, isFetching, refetch } = useHealth();

  return (
    <CenteredPanel maxWidth={640}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
        {`${PRODUCT_NAME} status`}
      </Typography>
      {isPending && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, my: 3 }}>
          <CircularProgress size={20} aria-hidden />
          <Typography color="text.secondary">Checking the service…</Typography>
        </Box>
      )}
      {isError && !report && (
        <RetryAlert onRetry={() => void refetch()} sx={{ my: 3 }}>
          The status could not be loaded: the server did not answer. It may be down or unreachable from here.
        </RetryAlert>
      )}
      {report && (
        <>
          <HealthSummary state={report.status} />
          <Typography variant="body2" color="text.secondary">{`Version ${report.version}`}</Typography>
          {isError && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              The latest check got no answer; these are the results of the one before.
            </Alert>
          )}
          <HealthComponentList components={report.components} />
          <Button variant="outlined" onClick={() => void refetch()} loading={isFetching} sx={{ mt: 1 }}>
            Check again
          </Button>
        </>
      )}
      <Box component="nav" aria-label="More" sx={{ display: 'flex', gap: 3, mt: 3 }}>
        <Link component={RouterLink} to="/">{`Go to ${PRODUCT_NAME}`}</Link>
        <Link component={RouterLink} to="/help">Help</Link>
      </Box>
    </CenteredPanel>
  );
}

export default StatusScreen;
