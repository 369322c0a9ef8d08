import Box from '@mui/material/Box';
import { EmptyListText, PagedList } from '../../../components/paged-list';
import { SectionHeading } from '../../../components/section-heading';
import { usePageTitle } from '../../../components/use-page-title';
import { usePaging } from '../../../components/use-list-state';
import { useMyReviews } from '../api/list-my-reviews';
import { AwaitingReviewItem } from '../components/awaiting-review-item';

/** reviews: the pending reviews awaiting the signed-in user's decision across their projects, oldest request first. */
export function ReviewsScreen() {
  usePageTitle('Reviews');
  const paging = usePaging();
  const reviews = useMyReviews({ page: paging.page, size: paging.size });
  return (
    <Box component="section" aria-labelledby="reviews-title">
      <SectionHeading id="reviews-title" level={1} title="Reviews" description="What awaits your decision, across your projects; the oldest request comes first. Open one to approve or reject it." />
      <PagedList
        query={reviews}
        paging={paging}
        loadingLabel="Loading your reviews"
        errorText="Your reviews could not be loaded."
        empty={<EmptyListText>Nothing awaits your review. When someone asks you to review a control, it shows here and in your notifications.</EmptyListText>}
      >
        {(items) => (
          <Box component="ul" aria-label="Reviews awaiting you" sx={{ listStyle: 'none', m: 0, p: 0, '& > li:first-of-type': { borderTop: 0 } }}>
            {items.map((review) => (
              <AwaitingReviewItem key={review.id} review={review} />
            ))}
          </Box>
        )}
      </PagedList>
    </Box>
  );
}

export default ReviewsScreen;
