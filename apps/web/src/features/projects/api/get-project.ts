import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Project } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { projectKey } from '../../../lib/query-keys';

/** One project with the caller's roles and rights on it. 403 when the caller is a member of the organization without a role on it; 404 when it does not exist for them. */
export function getProject(projectId: string, signal?: AbortSignal): Promise<Project> {
  requireParams('getProject', { project_id: projectId });
  return apiFetch<Project>(`/api/projects/${encodeURIComponent(projectId)}`, { signal, notify: false });
}

/** Everything cached about one project (the project, its members, dashboard, log, comments) starts with this key. */
export { projectKey };

export const projectQuery = (projectId: string) =>
  queryOptions({
    queryKey: [...projectKey(projectId), 'detail'],
    queryFn: ({ signal }) => getProject(projectId, signal),
    // A 403/404 is an answer, not a hiccup: show it at once.
    retry: false,
  });

export const useProject = (projectId: string) => useQuery(projectQuery(projectId));
