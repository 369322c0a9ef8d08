import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { ADMIN_ORGANIZATIONS_KEY } from './list-organization-metrics';

export type DeleteOrganization = { organizationId: string; cascade: boolean };

/**
 * 204 once deleted. 409 while it still has projects, unless `cascade` deletes them too, and 409 for
 * the caller's own current organization. The dialog shows failures itself (it turns the first 409
 * into the cascade question), so the call does not raise the usual notice.
 */
export function deleteOrganization({ organizationId, cascade }: DeleteOrganization): Promise<void> {
  requireParams('deleteOrganization', { organization_id: organizationId });
  return apiFetch<void>(`/api/v1/organizations/${encodeURIComponent(organizationId)}`, {
    method: 'DELETE',
    query: { cascade: cascade || undefined },
    notify: false,
  });
}

export function useDeleteOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_ORGANIZATIONS_KEY }),
  });
}
