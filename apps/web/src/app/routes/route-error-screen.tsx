import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { CenteredPanel } from '../../components/centered-panel';

/** The error boundary of the routes: an unexpected failure while rendering a screen. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <CenteredPanel>
      <Typography component="h1" variant="h5" gutterBottom>
        Something went wrong
      </Typography>
      <Alert severity="error" sx={{ mb: 3 }}>
        This page failed to load. Reload it, or go back to the dashboard.
      </Alert>
      <Link href="/">Go to the dashboard</Link>
    </CenteredPanel>
  );
}
