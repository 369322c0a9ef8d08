import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationPatch, type Organization, type OrganizationPatch } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { ADMIN_ORGANIZATIONS_KEY } from './list-organization-metrics';

/** The edit form checks the changes it sends with the request schema. */
export const updateOrganizationSchema = organizationPatch;

/** Changes what the patch names; 409 for a taken name, or a quota below the projects already used. */
export function updateOrganization(organizationId: string, patch: OrganizationPatch): Promise<Organization> {
  requireParams('updateOrganization', { organization_id: organizationId, body: patch });
  return apiFetch<Organization>(`/api/organizations/${encodeURIComponent(organizationId)}`, { method: 'PATCH', json: patch });
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ organizationId, patch }: { organizationId: string; patch: OrganizationPatch }) => updateOrganization(organizationId, patch),
    onSuccess: async () => {
      // Renaming one's own organization changes the name the header shows, which comes with the user.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_ORGANIZATIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey }),
      ]);
    },
  });
}
