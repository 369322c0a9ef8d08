import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import type { CurrentUser } from '@aegis/contracts';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { fullName, initials } from '../../lib/current-user-rights';
import { useColorMode } from '../color-mode';
import { NotificationsButton } from './notifications-button';

type AppHeaderProps = {
  user: CurrentUser;
  /** On the dashboard the header greets the user. */
  greet: boolean;
  /** Small screens: opens the drawer overlay; undefined where the drawer is always there. */
  onOpenMenu: (() => void) | undefined;
  profileOpen: boolean;
  onOpenProfile: (anchor: HTMLElement) => void;
};

export function AppHeader({ user, greet, onOpenMenu, profileOpen, onOpenProfile }: AppHeaderProps) {
  const { darkMode, setDarkMode } = useColorMode();
  return (
    <AppBar component="header" position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1 }}>
        {onOpenMenu && (
          <IconButton edge="start" aria-label="Expand menu" onClick={onOpenMenu}>
            <MenuIcon />
          </IconButton>
        )}
        {/* Side by side where there is room, greeting above the organization on small screens. */}
        <Box
          sx={{
            flexGrow: 1,
            minWidth: 0,
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: { xs: 'flex-start', sm: 'center' },
            columnGap: 3,
          }}
        >
          {greet && (
            <Typography component="h1" variant="h6" noWrap sx={{ fontWeight: 600, maxWidth: '100%', fontSize: { xs: '1rem', sm: '1.25rem' } }}>
              {`Hello, ${fullName(user)}!`}
            </Typography>
          )}
          {user.organization && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary', minWidth: 0, maxWidth: '100%' }}>
              <BusinessOutlinedIcon fontSize="small" aria-hidden />
              <Typography noWrap>{user.organization.name}</Typography>
            </Box>
          )}
        </Box>
        <NotificationsButton />
        <Tooltip title={darkMode ? 'Switch to light mode' : 'Switch to dark mode'}>
          <IconButton aria-label="Dark mode" aria-pressed={darkMode} onClick={() => setDarkMode(!darkMode)}>
            {darkMode ? <DarkModeIcon /> : <DarkModeOutlinedIcon />}
          </IconButton>
        </Tooltip>
        <IconButton
          aria-label="User profile"
          aria-haspopup="dialog"
          aria-expanded={profileOpen}
          onClick={(event) => onOpenProfile(event.currentTarget)}
          edge="end"
        >
          <Avatar sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'primary.main' }} aria-hidden>
            {initials(user)}
          </Avatar>
        </IconButton>
      </Toolbar>
    </AppBar>
  );
}
