import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { projectKey } from '../../../lib/query-keys';

/**
 * Takes a framework off the project (projects:update). Controls other applied frameworks still map to
 * stay; the others are detached from the project, their history kept.
 */
export function removeProjectFramework(projectId: string, frameworkCode: string): Promise<void> {
  requireParams('removeProjectFramework', { project_id: projectId, framework_code: frameworkCode });
  return apiFetch<void>(`/api/projects/${encodeURIComponent(projectId)}/frameworks/${encodeURIComponent(frameworkCode)}`, { method: 'DELETE', notify: false });
}

export function useRemoveProjectFramework(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (frameworkCode: string) => removeProjectFramework(projectId, frameworkCode),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKey(projectId) }),
  });
}
