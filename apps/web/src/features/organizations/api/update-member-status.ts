import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganizationMember, UserActivationStatus } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { membersKey } from './list-members';

export type MemberStatusChange = { userId: string; status: UserActivationStatus['status'] };

/** Deactivating ends the member's sessions at once; 409 for the last admin. */
export function updateMemberStatus(organizationId: string, { userId, status }: MemberStatusChange): Promise<OrganizationMember> {
  requireParams('updateMemberStatus', { organization_id: organizationId, user_id: userId, status });
  const body: UserActivationStatus = { status };
  return apiFetch<OrganizationMember>(
    `/api/organizations/${encodeURIComponent(organizationId)}/users/${encodeURIComponent(userId)}/status`,
    { method: 'PATCH', json: body },
  );
}

export function useUpdateMemberStatus(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: MemberStatusChange) => updateMemberStatus(organizationId, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(organizationId) }),
  });
}
