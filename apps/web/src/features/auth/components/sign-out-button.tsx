import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import { signOut } from '../../../lib/session';

export function SignOutButton() {
  return (
    <Button color="inherit" startIcon={<LogoutIcon />} onClick={signOut}>
      Sign out
    </Button>
  );
}
