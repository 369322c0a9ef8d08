import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { tagsKey } from './list-tags';

/** Needs organizations:update. */
export function deleteTag(organizationId: string, tagId: string): Promise<void> {
  requireParams('deleteTag', { organization_id: organizationId, tag_id: tagId });
  return apiFetch<void>(`/api/organizations/${encodeURIComponent(organizationId)}/tags/${encodeURIComponent(tagId)}`, { method: 'DELETE' });
}

export function useDeleteTag(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tagId: string) => deleteTag(organizationId, tagId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagsKey(organizationId) }),
  });
}
