import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { CenteredPanel } from '../../components/centered-panel';
import { reportError } from '../../lib/error-reporting';
import { usePageTitle } from '../../components/use-page-title';

/** The error boundary of every route: an unexpected failure while loading or rendering a screen. */
export function RouteErrorScreen() {
  usePageTitle('Something went wrong');
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    reportError(error, { during: 'route' });
  }, [error]);
  return (
    <CenteredPanel>
      <Typography component="h1" variant="h5" gutterBottom>
        Something went wrong
      </Typography>
      <Alert severity="error" sx={{ mb: 3 }}>
        This page failed to load. Reload it, or go back to the dashboard.
      </Alert>
      {/* A full page load: whatever state broke this screen goes with it. */}
      <Link href="/">Go to the dashboard</Link>
    </CenteredPanel>
  );
}
