import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createProject as createProjectBody, type CreateProject, type Project } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { ApiError } from '../../../lib/errors';
import { organizationQuotaKey } from './get-organization-quota';
import { projectsKey } from './list-projects';

/** The form checks its input with the request schema before sending. */
export const createProjectSchema = createProjectBody;

/** The creator becomes the project's Owner. 409 when the plan's quota is used up, 422 for bad fields. */
export function createProject(input: CreateProject): Promise<Project> {
  requireParams('createProject', { body: input });
  return apiFetch<Project>('/api/projects', { method: 'POST', json: input });
}

export function useCreateProject(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectsKey(organizationId) }),
        queryClient.invalidateQueries({ queryKey: organizationQuotaKey(organizationId) }),
      ]),
    // Over quota: someone else used the last place; show the limit as it is now.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: organizationQuotaKey(organizationId) });
    },
  });
}
