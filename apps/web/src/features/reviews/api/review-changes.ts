import { useQueryClient } from '@tanstack/react-query';
import type { Review } from '@aegis/contracts';
import { myReviewsKey, myWorkKey, projectKey } from '../../../lib/query-keys';
import { objectReviewsKey } from './list-object-reviews';

/**
 * After a review changes: its object's status moved too (and what is derived from it, its log, the
 * lists), whatever the concept; so everything cached about the project refreshes, with the signed-in
 * user's work and reviews queue.
 */
export function useRefreshAfterReviewChange(projectId: string) {
  const queryClient = useQueryClient();
  return (changed?: Review) => {
    if (changed) {
      // The answer is the review as it is now: the panel shows it at once, before the refresh comes back.
      queryClient.setQueryData<Review[]>(objectReviewsKey(projectId, changed.concept, changed.object_id), (reviews) =>
        reviews ? (reviews.some((review) => review.id === changed.id) ? reviews.map((review) => (review.id === changed.id ? changed : review)) : [changed, ...reviews]) : [changed],
      );
    }
    return Promise.all([projectKey(projectId), myWorkKey(), myReviewsKey()].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
}
