import { useMutation } from '@tanstack/react-query';
import { reviewDecision, type Review, type ReviewDecision } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { objectReviewsPath } from './list-object-reviews';
import { useRefreshAfterReviewChange } from './review-changes';

export const reviewDecisionSchema = reviewDecision;

/**
 * The signed-in reviewer's decision. An approval locks the object; a rejection (with a comment)
 * sends it back to in progress. 409 when the review was settled meanwhile or the object changed
 * since the request (an approval would not apply to what was reviewed).
 */
export function decideReview(projectId: string, concept: string, objectId: string, input: ReviewDecision): Promise<Review> {
  requireParams('decideReview', { project_id: projectId, concept, object_id: objectId, body: input });
  return apiFetch<Review>(`${objectReviewsPath(projectId, concept, objectId)}/decision`, { method: 'PATCH', json: input, notify: false });
}

export function useDecideReview(projectId: string, concept: string, objectId: string) {
  const refresh = useRefreshAfterReviewChange(projectId);
  return useMutation({ mutationFn: (input: ReviewDecision) => decideReview(projectId, concept, objectId, input), onSuccess: (review) => refresh(review) });
}
