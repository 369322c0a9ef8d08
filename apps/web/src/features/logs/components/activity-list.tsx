import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../lib/format';
import { useActivity } from '../api/list-activity';
import { describeActivity } from '../activity-text';
import { RetryAlert } from '../../../components/retry-alert';

type Props = { projectId: string; objectId: string };

/** An object's history, newest first, one readable line per change, ten at a time. */
export function ActivityList({ projectId, objectId }: Props) {
  const activity = useActivity(projectId, objectId);
  const entries = activity.data?.pages.flatMap((page) => page.items) ?? [];
  const total = activity.data?.pages.at(-1)?.total ?? 0;

  if (activity.isPending) return <LinearProgress aria-label="Loading the activity" />;
  if (activity.isError && entries.length === 0) {
    return (
      <RetryAlert onRetry={() => void activity.refetch()}>
        The activity could not be loaded.
      </RetryAlert>
    );
  }
  if (entries.length === 0) return <Typography color="text.secondary">Nothing has happened here yet.</Typography>;

  return (
    <Box>
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {entries.map((entry) => (
          <Box component="li" key={entry.log_id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{describeActivity(entry)}</Typography>
            <Typography variant="body2" color="text.secondary" component="time" dateTime={entry.created_at}>
              {formatDateTime(entry.created_at)}
            </Typography>
          </Box>
        ))}
      </Box>
      {activity.hasNextPage && (
        <Button onClick={() => void activity.fetchNextPage()} loading={activity.isFetchingNextPage} sx={{ mt: 1 }}>
          Show more ({total - entries.length} older)
        </Button>
      )}
      {activity.isFetchNextPageError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          The older activity could not be loaded.
        </Alert>
      )}
    </Box>
  );
}
