import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganizationMember } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { membersKey } from './list-members';

/** Cancels the person's pending invitation; their sign-up link stops working. */
export function cancelInvitation(organizationId: string, userId: string): Promise<OrganizationMember> {
  requireParams('cancelInvitation', { organization_id: organizationId, user_id: userId });
  return apiFetch<OrganizationMember>(`/api/users/${encodeURIComponent(userId)}/cancel-invites`, {
    method: 'POST',
    query: { organization_id: organizationId },
  });
}

export function useCancelInvitation(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => cancelInvitation(organizationId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(organizationId) }),
  });
}
