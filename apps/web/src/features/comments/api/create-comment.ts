import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createComment as createCommentBody, type Comment, type CreateComment } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { activityKey } from '../../../lib/query-keys';
import { commentsKey, type CommentTarget } from './list-comments';

/** The form checks its input with the request schema before sending. */
export const createCommentSchema = createCommentBody;

/** Adds a comment to the thread (201); 422 when the body is empty or too long. Needs comments:create. */
export function createComment({ projectId, objectType, objectId }: CommentTarget, input: CreateComment): Promise<Comment> {
  requireParams('createComment', { project_id: projectId, object_type: objectType, object_id: objectId, body: input });
  const path = `/api/projects/${encodeURIComponent(projectId)}/comments/${encodeURIComponent(objectType)}/${encodeURIComponent(objectId)}`;
  return apiFetch<Comment>(path, { method: 'POST', json: input });
}

export function useCreateComment(target: CommentTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateComment) => createComment(target, input),
    // The comment also lands in the project's activity log.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: commentsKey(target) }),
        queryClient.invalidateQueries({ queryKey: activityKey(target.projectId) }),
      ]),
  });
}
