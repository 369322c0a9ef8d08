import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { CenteredPanel } from '../../components/centered-panel';

export function NotFoundScreen() {
  return (
    <CenteredPanel>
      <Typography component="h1" variant="h5" gutterBottom>
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        There is nothing at this address.
      </Typography>
      <Link component={RouterLink} to="/">
        Go to the dashboard
      </Link>
    </CenteredPanel>
  );
}
