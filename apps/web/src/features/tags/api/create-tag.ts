import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createTag as createTagBody, type CreateTag, type Tag } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { tagsKey } from './list-tags';

/** The tag form checks a new tag with the request schema before sending. */
export const createTagSchema = createTagBody;

/** Needs organizations:update; 409 when the organization already has a tag of that name. */
export function createTag(organizationId: string, input: CreateTag): Promise<Tag> {
  requireParams('createTag', { organization_id: organizationId, body: input });
  return apiFetch<Tag>(`/api/organizations/${encodeURIComponent(organizationId)}/tags`, { method: 'POST', json: input });
}

export function useCreateTag(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTag) => createTag(organizationId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagsKey(organizationId) }),
  });
}
