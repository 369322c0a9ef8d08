import type { CurrentUser } from '@aegis/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';

export function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return apiFetch<CurrentUser>('/api/users/me', { signal });
}

/** Loaded by the route guard before the first screen; fresh for a minute, then revalidated in the background. */
export const CURRENT_USER_STALE_MS = 60_000;

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'me'],
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: CURRENT_USER_STALE_MS,
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
