import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationRoles, type OrganizationMember, type OrganizationRole } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { membersKey } from './list-members';

/** The roles form checks its choice with the request schema (at least one role). */
export const memberRolesSchema = organizationRoles;

export type MemberRolesChange = { userId: string; roles: OrganizationRole[] };

/** Replaces the member's roles; 409 when that would leave the organization without an admin. */
export function updateMemberRoles(organizationId: string, { userId, roles }: MemberRolesChange): Promise<OrganizationMember> {
  requireParams('updateMemberRoles', { organization_id: organizationId, user_id: userId, roles });
  return apiFetch<OrganizationMember>(
    `/api/organizations/${encodeURIComponent(organizationId)}/users/${encodeURIComponent(userId)}/roles`,
    { method: 'PATCH', json: { roles } },
  );
}

export function useUpdateMemberRoles(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: MemberRolesChange) => updateMemberRoles(organizationId, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(organizationId) }),
  });
}
