import { PRODUCT_NAME } from '@aegis/contracts';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { PageProgress } from '../../components/page-progress';
import { SignOutButton } from '../../features/auth/components/sign-out-button';
import { useCurrentUser } from '../../features/users/api/get-current-user';
import { errorDetail, isUnauthorized } from '../../lib/errors';

export function DashboardScreen() {
  const { data: user, error, isPending } = useCurrentUser();

  // A 401 sends the browser to /login (see query-client.ts); show progress rather than flash an error.
  if (isPending || isUnauthorized(error)) return <PageProgress label="Loading your account…" />;
  if (error) {
    return (
      <Container sx={{ py: 4 }}>
        <Alert severity="error">{errorDetail(error)}</Alert>
      </Container>
    );
  }

  return (
    <>
      <AppBar position="static" color="inherit" elevation={1}>
        <Toolbar sx={{ gap: 2 }}>
          <Typography variant="h6" component="span" sx={{ flexGrow: 1, fontWeight: 700, color: 'primary.main' }}>
            {PRODUCT_NAME}
          </Typography>
          {user.organization && <Typography color="text.secondary">{user.organization.name}</Typography>}
          <SignOutButton />
        </Toolbar>
      </AppBar>
      <Container component="main" sx={{ py: 4 }}>
        <Typography component="h1" variant="h4">
          {`Hello, ${user.firstname} ${user.lastname}!`}
        </Typography>
      </Container>
    </>
  );
}
