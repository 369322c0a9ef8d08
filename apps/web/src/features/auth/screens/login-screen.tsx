import { PRODUCT_NAME } from '@aegis/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { CenteredPanel } from '../../../components/centered-panel';
import { browserLocation } from '../../../lib/navigation';
import { safeAppPath } from '../../../lib/safe-path';
import { hasValidAccessToken } from '../../../lib/session';
import { forgetSignInContext, rememberReturnPath, sessionEndedOnItsOwn } from '../../../lib/sign-in-context';

const AUTHORIZE_URL = '/api/auth/authorize';

/**
 * Starts signing in. Where to land afterwards was remembered by whoever sent the visitor here (the
 * session guard, the API client), or comes as `?redirect=/path`; only a path of this app is kept.
 */
export function LoginScreen() {
  const [params] = useSearchParams();
  // Read once: the notice belongs to this visit of the page, not to the next one.
  const [sessionEnded] = useState(sessionEndedOnItsOwn);
  // Already signed in (a bookmark, the back button, another tab): nothing to do here.
  const [signedIn] = useState(hasValidAccessToken);

  const signIn = () => {
    const redirect = params.get('redirect');
    if (redirect !== null) {
      forgetSignInContext();
      rememberReturnPath(redirect);
    } else {
      forgetSignInContext({ keepReturnPath: true });
    }
    // A full navigation: the server redirects on to the identity provider.
    browserLocation.assign(AUTHORIZE_URL);
  };

  if (signedIn) {
    const target = safeAppPath(params.get('redirect'));
    return <Navigate to={target && !target.startsWith('/login') ? target : '/'} replace />;
  }

  return (
    <CenteredPanel>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700, color: 'primary.main' }}>
        {PRODUCT_NAME}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 4 }}>
        Governance, risk and compliance for your AI systems.
      </Typography>
      {sessionEnded && (
        <Alert severity="info" role="status" sx={{ mb: 3, textAlign: 'left' }}>
          Your session ended; sign in again to continue.
        </Alert>
      )}
      <Button variant="contained" size="large" fullWidth onClick={signIn}>
        Sign in
      </Button>
    </CenteredPanel>
  );
}
