import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createUser, type CreateUser, type OrganizationMember } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { membersKey } from './list-members';

/** The create form checks its input with the request schema before sending. */
export const createMemberSchema = createUser;

/** Adds a member without an invitation (admins only); `password` sets their first password. */
export function createMember(organizationId: string, input: CreateUser): Promise<OrganizationMember> {
  requireParams('createMember', { organization_id: organizationId, body: input });
  return apiFetch<OrganizationMember>(`/api/organizations/${encodeURIComponent(organizationId)}/users_force`, { method: 'POST', json: input });
}

export function useCreateMember(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateUser) => createMember(organizationId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(organizationId) }),
  });
}
