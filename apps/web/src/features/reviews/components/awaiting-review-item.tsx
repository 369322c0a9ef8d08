import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { MyReview } from '@aegis/contracts';
import { formatDate, formatDateTime } from '../../../lib/format';

const today = () => new Date().toISOString().slice(0, 10);

/** One review awaiting the signed-in user: what to review (a link to it), in which project, who asked, by when. */
export function AwaitingReviewItem({ review, compact = false }: { review: MyReview; compact?: boolean }) {
  const overdue = review.due_date !== null && review.due_date < today();
  return (
    <Box component="li" sx={{ py: 1.5, px: compact ? 0 : 2, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: compact ? 0 : 1 } }}>
      <Link component={RouterLink} to={review.object_link} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {review.object_label}
      </Link>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {review.project_name} · asked by {review.requested_by?.name ?? 'someone no longer here'} on <time dateTime={review.requested_at}>{formatDateTime(review.requested_at)}</time>
        {review.due_date && (
          <>
            {' '}
            · due{' '}
            <Box component="time" dateTime={review.due_date} sx={overdue ? { color: 'error.main', fontWeight: 600 } : undefined}>
              {formatDate(review.due_date)}
              {overdue ? ' (overdue)' : ''}
            </Box>
          </>
        )}
      </Typography>
      {!compact && review.message && (
        <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          “{review.message}”
        </Typography>
      )}
      {review.stale && (
        <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, alignItems: 'center', color: 'warning.dark' }}>
          <WarningAmberIcon fontSize="small" aria-hidden />
          <Typography variant="body2">Changed since it was requested</Typography>
        </Stack>
      )}
    </Box>
  );
}
