import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { CenteredPanel } from '../../../components/centered-panel';

export function WrongEmailScreen() {
  return (
    <CenteredPanel>
      <Typography component="h1" variant="h5" gutterBottom>
        No account for this email
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        There is no account for the email address you signed in with. Sign in with the address your
        organization invited, or ask your administrator for an invitation.
      </Typography>
      <Link component={RouterLink} to="/login">
        Back to sign in
      </Link>
    </CenteredPanel>
  );
}
export default WrongEmailScreen;
