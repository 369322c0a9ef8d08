import type { CurrentUser } from '@aegis/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return apiFetch<CurrentUser>('/api/users/me', { signal });
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'me'],
    queryFn: ({ signal }) => getCurrentUser(signal),
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
