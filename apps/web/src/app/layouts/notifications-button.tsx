import NotificationsIcon from '@mui/icons-material/Notifications';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '../../components/visually-hidden';
import { useUnreadCount } from '../../lib/unread-stream';

const MAX_SHOWN = 99;

/** The header's way to /notifications; its unread variant carries the live count. */
export function NotificationsButton() {
  const count = useUnreadCount();
  const countId = useId();
  const unread = count > 0;
  return (
    <IconButton
      component={RouterLink}
      to="/notifications"
      aria-label="Notifications"
      aria-describedby={unread ? countId : undefined}
      data-variant={unread ? 'unread' : 'read'}
    >
      {unread ? (
        <Badge badgeContent={<span data-testid="unread-count">{count > MAX_SHOWN ? `${MAX_SHOWN}+` : count}</span>} color="error">
          <NotificationsIcon />
        </Badge>
      ) : (
        <NotificationsNoneOutlinedIcon />
      )}
      {unread && (
        <Box component="span" id={countId} sx={visuallyHidden}>
          {`${count} unread`}
        </Box>
      )}
    </IconButton>
  );
}
