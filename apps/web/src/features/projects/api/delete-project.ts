import { useMutation, type QueryClient } from '@tanstack/react-query';
import type { Project } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { ApiError } from '../../../lib/errors';
import { organizationQuotaKey } from './get-organization-quota';
import { projectKey } from './get-project';
import { projectsKey } from './list-projects';

/** Deletes the project and everything in it. The dialog shows failures itself, so no notice is raised. */
export async function deleteProject(projectId: string): Promise<void> {
  requireParams('deleteProject', { project_id: projectId });
  try {
    await apiFetch<void>(`/api/projects/${encodeURIComponent(projectId)}`, { method: 'DELETE', notify: false });
  } catch (error) {
    // Already gone (deleted in another tab, say): what the caller wanted has happened.
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

/**
 * Spec section 4, project deletion clears the current project: everything cached about it goes, and the
 * lists and the quota that counted it are refreshed. Call it once the screens showing the project are
 * gone, or they would fetch it again at once.
 */
export function forgetDeletedProject(queryClient: QueryClient, project: Pick<Project, 'id' | 'organization_id'>): Promise<unknown> {
  queryClient.removeQueries({ queryKey: projectKey(project.id) });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: projectsKey(project.organization_id) }),
    queryClient.invalidateQueries({ queryKey: organizationQuotaKey(project.organization_id) }),
  ]);
}

export function useDeleteProject(projectId: string) {
  return useMutation({ mutationFn: () => deleteProject(projectId) });
}
