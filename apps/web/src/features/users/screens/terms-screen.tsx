import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useNavigate, useSearchParams } from 'react-router';
import { CenteredPanel } from '../../../components/centered-panel';
import { safeAppPath } from '../../../lib/safe-path';
import { logout } from '../../../lib/session';
import { useUpdateCurrentUser } from '../api/update-current-user';
import { TermsOfUse } from '../components/terms-of-use';
import { usePageTitle } from '../../../components/use-page-title';

/** Only a path inside this app: a crafted link must not send the user elsewhere after accepting. */
function safeRedirect(target: string | null): string {
  const path = safeAppPath(target);
  return path && !path.startsWith('/terms') ? path : '/';
}

/** The route guard sends a user here until they accept the terms; declining signs them out. */
export function TermsScreen() {
  usePageTitle('Terms of use');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { mutate, isPending } = useUpdateCurrentUser();

  const accept = () =>
    mutate({ terms_accepted: true }, { onSuccess: () => void navigate(safeRedirect(params.get('redirect')), { replace: true }) });

  return (
    <CenteredPanel maxWidth={720}>
      <Typography component="h1" variant="h5">
        Terms of use
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        Please read and accept the terms of use to continue.
      </Typography>
      <TermsOfUse />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 2, mt: 4 }}>
        <Button onClick={logout} disabled={isPending}>
          Decline and sign out
        </Button>
        <Button variant="contained" onClick={accept} loading={isPending}>
          Accept
        </Button>
      </Box>
    </CenteredPanel>
  );
}

export default TermsScreen;
