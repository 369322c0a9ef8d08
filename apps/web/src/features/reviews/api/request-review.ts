import { useMutation } from '@tanstack/react-query';
import { requestReview as requestReviewBody, type RequestReview, type Review } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { objectReviewsPath } from './list-object-reviews';
import { useRefreshAfterReviewChange } from './review-changes';

/** The form checks its input with the request schema before sending. */
export const requestReviewSchema = requestReviewBody;

export type ReviewRequest = { input: RequestReview; force: boolean };

/**
 * Asks the named reviewers to review the object, which moves to in_review. `force` (with a
 * justification, needs reviews:force_update_status) reopens an approved object first, or with no
 * reviewers approves it now. 409 when a review is pending or the status does not allow one; 422 names
 * reviewers who may not decide. The caller shows the refusal.
 */
export function requestReview(projectId: string, concept: string, objectId: string, { input, force }: ReviewRequest): Promise<Review> {
  requireParams('requestReview', { project_id: projectId, concept, object_id: objectId, body: input });
  return apiFetch<Review>(objectReviewsPath(projectId, concept, objectId), { method: 'POST', json: input, query: { force_update_status: force || undefined }, notify: false });
}

export function useRequestReview(projectId: string, concept: string, objectId: string) {
  const refresh = useRefreshAfterReviewChange(projectId);
  return useMutation({ mutationFn: (request: ReviewRequest) => requestReview(projectId, concept, objectId, request), onSuccess: (review) => refresh(review) });
}
