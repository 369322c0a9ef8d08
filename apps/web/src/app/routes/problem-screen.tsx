import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { CenteredPanel } from '../../components/centered-panel';
import { usePageTitle } from '../../components/use-page-title';

/** Where the server sends the browser when something failed outside the app; `error` names it. */
export function ProblemScreen() {
  usePageTitle('There was a problem');
  const [params] = useSearchParams();
  const code = params.get('error');
  return (
    <CenteredPanel>
      <Typography component="h1" variant="h5" gutterBottom>
        There was a problem
      </Typography>
      <Typography color="text.secondary" sx={{ mb: code ? 2 : 3 }}>
        We could not complete your request. Try again, and if the problem persists, contact support
        {code ? ' with this error code:' : '.'}
      </Typography>
      {code && (
        <Typography sx={{ mb: 3 }}>
          <Box component="code" sx={{ px: 1, py: 0.5, borderRadius: 1, bgcolor: 'action.hover', fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {code}
          </Box>
        </Typography>
      )}
      <Link component={RouterLink} to="/">
        Go to the dashboard
      </Link>
    </CenteredPanel>
  );
}

export default ProblemScreen;
