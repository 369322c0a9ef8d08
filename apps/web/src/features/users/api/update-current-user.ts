import type { CurrentUser, UpdateCurrentUser } from '@aegis/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { storeUser } from '../../../lib/session';
import { currentUserQueryOptions } from '../../../lib/current-user';

/** Changes the signed-in user's names, or records that they accepted the terms of use. */
export function updateCurrentUser(changes: UpdateCurrentUser): Promise<CurrentUser> {
  return apiFetch<CurrentUser>('/api/users/me', { method: 'PATCH', json: changes });
}

export function useUpdateCurrentUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCurrentUser,
    onSuccess: (user) => {
      // The route guard reads the stored user; the screens read the query.
      storeUser(user);
      queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
    },
  });
}
