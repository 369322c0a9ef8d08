import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { membersKey } from './list-members';

export type SignupLink = { signup_link: string; expires_at: string };

/**
 * A GET that changes state: links are stored only as hashes, so the server issues a fresh link (and a
 * new expiry) and the previous one stops working. Hence a mutation, never a cached query.
 */
export function issueSignupLink(organizationId: string, userId: string): Promise<SignupLink> {
  requireParams('issueSignupLink', { organization_id: organizationId, user_id: userId });
  return apiFetch<SignupLink>(`/api/users/${encodeURIComponent(userId)}/signup-link`, { query: { organization_id: organizationId } });
}

export function useIssueSignupLink(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => issueSignupLink(organizationId, userId),
    // The new expiry may turn an expired invitation back into a pending one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(organizationId) }),
  });
}
