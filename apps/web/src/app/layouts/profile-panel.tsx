import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import type { CurrentUser } from '@aegis/contracts';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { fullName, hasOrganizationRight, initials, standingBadge } from '../../lib/current-user-rights';
import { logout } from '../../lib/session';

type ProfilePanelProps = {
  user: CurrentUser;
  anchorEl: HTMLElement | null;
  onClose: () => void;
  /** After following one of the panel's links. */
  onNavigate: () => void;
};

/** Who is signed in, the way out, and the account's own screens. */
export function ProfilePanel({ user, anchorEl, onClose, onNavigate }: ProfilePanelProps) {
  const titleId = useId();
  const name = fullName(user);
  const canSeeAdmin = hasOrganizationRight(user, 'internal_metrics:read');
  const badge = standingBadge(user);

  return (
    <Popover
      open={anchorEl !== null}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: 320, maxWidth: 'calc(100vw - 32px)' } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2 }}>
        <Avatar sx={{ bgcolor: 'primary.main' }} aria-hidden>
          {initials(user)}
        </Avatar>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          {/* The badge moves under the name when both do not fit: the name is never cut for it. */}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
            <Typography id={titleId} component="h2" sx={{ fontWeight: 600, maxWidth: '100%' }} noWrap>
              {name}
            </Typography>
            {badge && <Chip label={badge} size="small" color="primary" variant="outlined" />}
          </Box>
          <Typography variant="body2" color="text.secondary" noWrap title={user.email}>
            {user.email}
          </Typography>
        </Box>
        <Tooltip title="Sign out">
          <IconButton aria-label="Sign out" onClick={logout} edge="end">
            <LogoutIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <Divider />
      <List aria-label="Account" component="nav">
        <ListItemButton component={RouterLink} to="/tokens" onClick={onNavigate}>
          <ListItemIcon>
            <KeyOutlinedIcon />
          </ListItemIcon>
          <ListItemText primary="API Tokens" />
        </ListItemButton>
        {canSeeAdmin && (
          <ListItemButton component={RouterLink} to="/admin" onClick={onNavigate}>
            <ListItemIcon>
              <AdminPanelSettingsOutlinedIcon />
            </ListItemIcon>
            <ListItemText primary="Admin" />
          </ListItemButton>
        )}
      </List>
    </Popover>
  );
}
