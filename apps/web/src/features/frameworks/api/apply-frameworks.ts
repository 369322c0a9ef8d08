import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyFrameworks as applyFrameworksBody, type ProjectFramework } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { projectKey } from '../../../lib/query-keys';
import { applyFramework } from './apply-framework';

/** The dialog checks its choice with the request schema before sending. */
export const applyFrameworksSchema = applyFrameworksBody;

/** The v1 call: several codes at once, those already applied left as they are; answers every applied framework. */
export function applyFrameworksV1(projectId: string, frameworkCodes: string[]): Promise<ProjectFramework[]> {
  requireParams('applyFrameworksV1', { project_id: projectId, body: frameworkCodes });
  return apiFetch<ProjectFramework[]>(`/api/v1/projects/${encodeURIComponent(projectId)}/frameworks`, { method: 'POST', json: frameworkCodes });
}

/**
 * Applies the chosen frameworks: in one v1 call where the organization has content management on
 * (spec section 3), else one plain call per framework, in order, stopping at the first refusal.
 */
export function useApplyFrameworks(projectId: string, contentManagementEnabled: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (frameworkCodes: string[]) => {
      if (contentManagementEnabled) return applyFrameworksV1(projectId, frameworkCodes);
      const applied: ProjectFramework[] = [];
      for (const code of frameworkCodes) applied.push(await applyFramework(projectId, code));
      return applied;
    },
    // Also after a partial failure: what was applied before it shows.
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKey(projectId) }),
  });
}
