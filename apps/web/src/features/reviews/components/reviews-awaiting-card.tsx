import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { RetryAlert } from '../../../components/retry-alert';
import { useMyReviews } from '../api/list-my-reviews';
import { AwaitingReviewItem } from './awaiting-review-item';

const SHOWN = 3;

/** The home screen's "Reviews awaiting you": how many, the oldest few, and the way to all of them. */
export function ReviewsAwaitingCard() {
  const reviews = useMyReviews({ page: 1, size: SHOWN });
  const total = reviews.data?.total ?? 0;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="reviews-awaiting-title" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <RateReviewOutlinedIcon color="primary" aria-hidden />
        <Typography id="reviews-awaiting-title" component="h2" variant="h6">
          Reviews awaiting you
          {reviews.isSuccess && (
            <Box component="span" sx={{ ml: 1, color: 'text.secondary', fontWeight: 400 }}>
              ({total})
            </Box>
          )}
        </Typography>
      </Stack>
      {reviews.isPending && <LinearProgress aria-label="Loading your reviews" />}
      {reviews.isError && <RetryAlert onRetry={() => void reviews.refetch()}>Your reviews could not be loaded.</RetryAlert>}
      {reviews.isSuccess && total === 0 && <Typography color="text.secondary">No review awaits your decision.</Typography>}
      {total > 0 && (
        <>
          <Box component="ul" aria-label="Oldest reviews awaiting you" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {reviews.data!.items.map((review) => (
              <AwaitingReviewItem key={review.id} review={review} compact />
            ))}
          </Box>
          <Link component={RouterLink} to="/reviews" sx={{ display: 'inline-block', mt: 1 }}>
            {total === 1 ? 'Open your review' : `See all ${total} reviews awaiting you`}
          </Link>
        </>
      )}
    </Paper>
  );
}
