import { useMutation } from '@tanstack/react-query';
import { updateReviewers as updateReviewersBody, type Review, type UpdateReviewers } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { objectReviewsPath } from './list-object-reviews';
import { useRefreshAfterReviewChange } from './review-changes';

export const updateReviewersSchema = updateReviewersBody;

/** Changes the pending review's reviewers (the new ones are notified). 409 when a reviewer who decided is removed. */
export function updateReviewers(projectId: string, concept: string, objectId: string, input: UpdateReviewers): Promise<Review> {
  requireParams('updateReviewers', { project_id: projectId, concept, object_id: objectId, body: input });
  return apiFetch<Review>(objectReviewsPath(projectId, concept, objectId), { method: 'PATCH', json: input, notify: false });
}

export function useUpdateReviewers(projectId: string, concept: string, objectId: string) {
  const refresh = useRefreshAfterReviewChange(projectId);
  return useMutation({ mutationFn: (input: UpdateReviewers) => updateReviewers(projectId, concept, objectId, input), onSuccess: (review) => refresh(review) });
}
