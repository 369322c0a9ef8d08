import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import { logout } from '../../../lib/session';

export function SignOutButton({ label = 'Sign out' }: { label?: string }) {
  return (
    <Button color="inherit" startIcon={<LogoutIcon />} onClick={logout}>
      {label}
    </Button>
  );
}
