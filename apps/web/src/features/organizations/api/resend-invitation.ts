import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invitation } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { membersKey } from './list-members';

/** A new invitation: a new link and a new expiry; the earlier link stops working. */
export function resendInvitation(organizationId: string, userId: string): Promise<Invitation> {
  requireParams('resendInvitation', { organization_id: organizationId, user_id: userId });
  return apiFetch<Invitation>(`/api/users/${encodeURIComponent(userId)}/resend-invite`, {
    method: 'POST',
    query: { organization_id: organizationId },
  });
}

export function useResendInvitation(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => resendInvitation(organizationId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(organizationId) }),
  });
}
