import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateProject as updateProjectBody, type Project, type UpdateProject } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { ApiError } from '../../../lib/errors';
import { organizationQuotaKey } from './get-organization-quota';
import { projectQuery } from './get-project';
import { projectsKey } from './list-projects';

/** The settings form checks the fields it changed with the request schema before sending. */
export const updateProjectSchema = updateProjectBody;

/**
 * Renames, retypes or redescribes a project. 409 when the name is taken or the plan has no room for a
 * project of the new type, 422 for bad fields. The form shows those itself, so no notice is raised.
 */
export function updateProject(projectId: string, input: UpdateProject): Promise<Project> {
  requireParams('updateProject', { project_id: projectId, body: input });
  return apiFetch<Project>(`/api/projects/${encodeURIComponent(projectId)}`, { method: 'PATCH', json: input, notify: false });
}

/** Spec section 4: the answer replaces the cached project; lists (and, for a new type, the quota) are refreshed. */
export function useUpdateProject(project: Pick<Project, 'id' | 'organization_id'>) {
  const queryClient = useQueryClient();
  const refreshQuota = () => queryClient.invalidateQueries({ queryKey: organizationQuotaKey(project.organization_id) });
  return useMutation({
    mutationFn: (input: UpdateProject) => updateProject(project.id, input),
    onSuccess: (updated, input) => {
      queryClient.setQueryData(projectQuery(project.id).queryKey, updated);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: projectsKey(project.organization_id) }),
        input.project_type ? refreshQuota() : undefined,
      ]);
    },
    // No room for the new type: someone used the last place; show the limit as it is now.
    onError: (error, input) => {
      if (error instanceof ApiError && error.status === 409 && input.project_type) void refreshQuota();
    },
  });
}
