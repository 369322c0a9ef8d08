import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateTag as updateTagBody, type Tag, type UpdateTag } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { tagsKey } from './list-tags';

/** The tag form checks the changes it sends with the request schema. */
export const updateTagSchema = updateTagBody;

/** Renames or recolours; needs organizations:update; 409 when another tag has the new name. */
export function updateTag(organizationId: string, tagId: string, patch: UpdateTag): Promise<Tag> {
  requireParams('updateTag', { organization_id: organizationId, tag_id: tagId, body: patch });
  return apiFetch<Tag>(`/api/organizations/${encodeURIComponent(organizationId)}/tags/${encodeURIComponent(tagId)}`, { method: 'PATCH', json: patch });
}

export function useUpdateTag(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tagId, patch }: { tagId: string; patch: UpdateTag }) => updateTag(organizationId, tagId, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagsKey(organizationId) }),
  });
}
