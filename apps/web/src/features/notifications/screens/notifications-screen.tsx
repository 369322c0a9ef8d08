import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { Notification, NotificationStatus } from '@aegis/contracts';
import { ListPagination } from '../../../components/list-pagination';
import { SearchField } from '../../../components/search-field';
import { useSearchableList } from '../../../components/use-list-state';
import { useNotifications } from '../api/list-notifications';
import { useSetNotificationStatus } from '../api/update-notifications';
import { NotificationItem } from '../components/notification-item';
import { usePageTitle } from '../../../components/use-page-title';

const FILTERS: { value: NotificationStatus | 'all'; label: string; empty: string }[] = [
  { value: 'all', label: 'All', empty: 'You have no notifications.' },
  { value: 'unread', label: 'Unread', empty: 'You are all caught up: no unread notifications.' },
  { value: 'read', label: 'Read', empty: 'No read notifications.' },
  { value: 'archived', label: 'Archived', empty: 'No archived notifications.' },
];

export function NotificationsScreen() {
  usePageTitle('Notifications');
  const navigate = useNavigate();
  const list = useSearchableList();
  const { name, page, size } = list;
  const [filter, setFilter] = useState<NotificationStatus | 'all'>('all');
  const showFilter = list.restart(setFilter);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const notifications = useNotifications({ status: filter === 'all' ? undefined : filter, name, page, size });
  const setStatus = useSetNotificationStatus();

  const items = useMemo(() => notifications.data?.items ?? [], [notifications.data]);
  // Selection only ever covers what is on screen: changing filter or page leaves nothing hidden selected.
  const selectedIds = items.filter((n) => selected.has(n.notification_id)).map((n) => n.notification_id);

  const change = (ids: string[], status: NotificationStatus) =>
    setStatus.mutate({ ids, status }, { onSuccess: () => setSelected(new Set()) });

  const open = (notification: Notification) => {
    if (notification.notification_status === 'unread') change([notification.notification_id], 'read');
    if (notification.link) void navigate(notification.link);
  };

  const allSelected = items.length > 0 && selectedIds.length === items.length;
  const emptyText = name ? `No notifications match “${name}”.` : FILTERS.find((f) => f.value === filter)!.empty;

  return (
    <Box component="section" aria-labelledby="notifications-title">
      <Typography id="notifications-title" variant="h4" component="h1" sx={{ mb: 2 }}>
        Notifications
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, justifyContent: 'space-between', alignItems: { md: 'center' } }}>
        <Tabs value={filter} onChange={(_event, value: NotificationStatus | 'all') => showFilter(value)} aria-label="Filter notifications by status">
          {FILTERS.map((f) => (
            <Tab key={f.value} value={f.value} label={f.label} />
          ))}
        </Tabs>
        {/* The API matches a notification's title (its `name`). */}
        <SearchField value={list.search} onChange={list.setSearch} label="Search by title" />
      </Stack>

      <Paper variant="outlined">
        <Stack direction="row" spacing={1} sx={{ px: 2, py: 1, alignItems: 'center', flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider' }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={allSelected}
                indeterminate={selectedIds.length > 0 && !allSelected}
                disabled={items.length === 0}
                onChange={(event) => setSelected(event.target.checked ? new Set(items.map((n) => n.notification_id)) : new Set())}
              />
            }
            label={selectedIds.length > 0 ? `${selectedIds.length} selected` : 'Select all'}
          />
          <Button size="small" disabled={selectedIds.length === 0 || setStatus.isPending} onClick={() => change(selectedIds, 'read')}>
            Mark read
          </Button>
          <Button size="small" disabled={selectedIds.length === 0 || setStatus.isPending} onClick={() => change(selectedIds, 'unread')}>
            Mark unread
          </Button>
          <Button size="small" disabled={selectedIds.length === 0 || setStatus.isPending} onClick={() => change(selectedIds, 'archived')}>
            Archive
          </Button>
        </Stack>
        {(notifications.isPending || notifications.isFetching) && <LinearProgress aria-label="Loading notifications" />}
        {notifications.isError && <Alert severity="error">The notifications could not be loaded.</Alert>}
        {notifications.data && items.length === 0 && (
          <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
            {emptyText}
          </Typography>
        )}
        {items.length > 0 && (
          <List disablePadding aria-label="Notifications">
            {items.map((notification) => (
              <NotificationItem
                key={notification.notification_id}
                notification={notification}
                selected={selected.has(notification.notification_id)}
                onSelect={(on) =>
                  setSelected((current) => {
                    const next = new Set(current);
                    if (on) next.add(notification.notification_id);
                    else next.delete(notification.notification_id);
                    return next;
                  })
                }
                onStatus={(status) => change([notification.notification_id], status)}
                onOpen={() => open(notification)}
              />
            ))}
          </List>
        )}
        {notifications.data && <ListPagination total={notifications.data.total} page={page} size={size} onChange={list.setPaging} />}
      </Paper>
    </Box>
  );
}

export default NotificationsScreen;
