import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Review } from '@aegis/contracts';
import { StatusChip } from '../../../components/status-chip';
import { formatDateTime } from '../../../lib/format';
import { ReviewerDecisions } from './reviewer-decisions';

function PastReview({ review }: { review: Review }) {
  const withoutReviewers = review.forced && review.reviewers.length === 0;
  return (
    <Box component="li" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <StatusChip status={review.status} />
        <Typography variant="body2" color="text.secondary">
          {withoutReviewers ? 'Set without a review' : 'Requested'} by {review.requested_by?.name ?? 'someone no longer here'} on{' '}
          <time dateTime={review.requested_at}>{formatDateTime(review.requested_at)}</time>
          {review.settled_at && !withoutReviewers && (
            <>
              {' '}
              · settled <time dateTime={review.settled_at}>{formatDateTime(review.settled_at)}</time>
            </>
          )}
        </Typography>
      </Stack>
      {review.forced && review.justification && (
        <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          <strong>Status forced:</strong> {review.justification}
        </Typography>
      )}
      {review.message && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          Message: {review.message}
        </Typography>
      )}
      {review.reviewers.length > 0 && <ReviewerDecisions reviewers={review.reviewers} label={`Decisions of the review requested ${formatDateTime(review.requested_at)}`} />}
    </Box>
  );
}

/** The settled and cancelled reviews of the object, newest first: who approved it, when and on what basis. */
export function ReviewHistory({ reviews }: { reviews: Review[] }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
        Past reviews
      </Typography>
      {reviews.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          None yet.
        </Typography>
      ) : (
        <Box component="ol" aria-label="Past reviews" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {reviews.map((review) => (
            <PastReview key={review.id} review={review} />
          ))}
        </Box>
      )}
    </Box>
  );
}
