import { useMutation } from '@tanstack/react-query';
import type { Review } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { objectReviewsPath } from './list-object-reviews';
import { useRefreshAfterReviewChange } from './review-changes';

/** Cancels the pending review: the object returns to the status it had before. 409 when none is pending. */
export function cancelReview(projectId: string, concept: string, objectId: string): Promise<Review> {
  requireParams('cancelReview', { project_id: projectId, concept, object_id: objectId });
  return apiFetch<Review>(objectReviewsPath(projectId, concept, objectId), { method: 'DELETE', notify: false });
}

export function useCancelReview(projectId: string, concept: string, objectId: string) {
  const refresh = useRefreshAfterReviewChange(projectId);
  return useMutation({ mutationFn: () => cancelReview(projectId, concept, objectId), onSuccess: (review) => refresh(review) });
}
