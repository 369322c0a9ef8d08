import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { Notification, NotificationStatus } from '@aegis/contracts';
import { formatDateTime } from '../../../lib/format';

type Props = {
  notification: Notification;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onStatus: (status: NotificationStatus) => void;
  onOpen: () => void;
};

/**
 * One notification: select box, text, actions. The actions sit beside the text where there is room and
 * on a line of their own below it on small screens, so the text keeps the row's width.
 */
export function NotificationItem({ notification, selected, onSelect, onStatus, onOpen }: Props) {
  const unread = notification.notification_status === 'unread';
  const titleId = `notification-${notification.notification_id}`;
  return (
    <ListItem
      divider
      aria-labelledby={titleId}
      sx={{ alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' }, columnGap: 1, bgcolor: unread ? 'action.hover' : undefined }}
    >
      <Checkbox
        checked={selected}
        onChange={(event) => onSelect(event.target.checked)}
        slotProps={{ input: { 'aria-label': `Select ${notification.name}` } }}
        sx={{ mt: -0.5 }}
      />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={titleId} sx={{ fontWeight: unread ? 700 : 400, overflowWrap: 'break-word' }}>
          {unread && (
            <Box component="span" sx={{ color: 'primary.main', mr: 1 }} aria-label="Unread">
              ●
            </Box>
          )}
          {notification.name}
        </Typography>
        {notification.message && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'break-word' }}>
            {notification.message}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(notification.created_at)}
          {notification.notification_status === 'archived' ? ' · Archived' : ''}
        </Typography>
      </Box>
      <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0, width: { xs: '100%', sm: 'auto' }, justifyContent: 'flex-end', mt: { sm: -0.5 } }}>
        {notification.link && (
          <Tooltip title="Open">
            <IconButton aria-label={`Open ${notification.name}`} onClick={onOpen}>
              <OpenInNewIcon />
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title={unread ? 'Mark as read' : 'Mark as unread'}>
          <IconButton aria-label={`${unread ? 'Mark as read' : 'Mark as unread'}: ${notification.name}`} onClick={() => onStatus(unread ? 'read' : 'unread')}>
            {unread ? <MarkEmailReadOutlinedIcon /> : <MarkEmailUnreadOutlinedIcon />}
          </IconButton>
        </Tooltip>
        {notification.notification_status !== 'archived' && (
          <Tooltip title="Archive">
            <IconButton aria-label={`Archive: ${notification.name}`} onClick={() => onStatus('archived')}>
              <ArchiveOutlinedIcon />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
    </ListItem>
  );
}
