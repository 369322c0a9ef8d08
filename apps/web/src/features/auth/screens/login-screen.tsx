import { PRODUCT_NAME } from '@aegis/contracts';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { CenteredPanel } from '../../../components/centered-panel';

const AUTHORIZE_URL = '/api/auth/authorize';

export function LoginScreen() {
  return (
    <CenteredPanel>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700, color: 'primary.main' }}>
        {PRODUCT_NAME}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 4 }}>
        Governance, risk and compliance for your AI systems.
      </Typography>
      {/* A full navigation: the server redirects on to the identity provider. */}
      <Button variant="contained" size="large" fullWidth onClick={() => window.location.assign(AUTHORIZE_URL)}>
        Sign in
      </Button>
    </CenteredPanel>
  );
}
