import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { CenteredPanel } from '../../../components/centered-panel';

/** An invitation link that expired, was cancelled or was already used. */
export function TokenExpiredScreen() {
  return (
    <CenteredPanel>
      <Typography component="h1" variant="h5" gutterBottom>
        This invitation is no longer valid
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        The invitation link has expired, was cancelled or has already been used. Ask an administrator of
        your organization to send you a new invitation. If you already have an account, sign in instead.
      </Typography>
      <Link component={RouterLink} to="/login">
        Go to sign in
      </Link>
    </CenteredPanel>
  );
}

export default TokenExpiredScreen;
