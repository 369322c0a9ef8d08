import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inviteUser, type Invitation, type InviteUser } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { membersKey } from './list-members';

/** The invite form checks its input with the request schema before sending. */
export const inviteMemberSchema = inviteUser;

/** The answer carries the sign-up link to share (and says whether it was e-mailed). 409 when already a member or invited. */
export function inviteMember(organizationId: string, input: InviteUser): Promise<Invitation> {
  requireParams('inviteMember', { organization_id: organizationId, body: input });
  return apiFetch<Invitation>(`/api/organizations/${encodeURIComponent(organizationId)}/users`, { method: 'POST', json: input });
}

export function useInviteMember(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteUser) => inviteMember(organizationId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(organizationId) }),
  });
}
