import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { ApiError } from '../../../lib/errors';
import { projectKey } from './get-project';

/** notified is false while an earlier request is still unread by the owners: requests do not pile up. */
export type AccessRequestResult = { notified: boolean; owners: number };

/** Asks the project's owners for a role; for organization members who hold none on it. */
export function requestProjectAccess(projectId: string): Promise<AccessRequestResult> {
  requireParams('requestProjectAccess', { project_id: projectId });
  return apiFetch<AccessRequestResult>(`/api/projects/${encodeURIComponent(projectId)}/request_access`, { method: 'POST' });
}

export function useRequestProjectAccess(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestProjectAccess(projectId),
    // 409: a role was granted in the meantime; loading the project again opens it.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: projectKey(projectId) });
    },
  });
}
