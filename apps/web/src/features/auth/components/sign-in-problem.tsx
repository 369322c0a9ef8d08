import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { CenteredPanel } from '../../../components/centered-panel';

export function SignInProblem({ detail }: { detail: string }) {
  return (
    <CenteredPanel>
      <Typography component="h1" variant="h5" gutterBottom>
        Sign-in failed
      </Typography>
      <Alert severity="error" sx={{ mb: 3 }}>
        {detail}
      </Alert>
      <Link component={RouterLink} to="/login">
        Back to sign in
      </Link>
    </CenteredPanel>
  );
}
