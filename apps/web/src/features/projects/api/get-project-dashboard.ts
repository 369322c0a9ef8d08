import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectDashboard } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { projectKey } from './get-project';

/** What the project holds today: its members, in total and by role. Needs dashboard:read. */
export function getProjectDashboard(projectId: string, signal?: AbortSignal): Promise<ProjectDashboard> {
  requireParams('getProjectDashboard', { project_id: projectId });
  return apiFetch<ProjectDashboard>(`/api/projects/${encodeURIComponent(projectId)}/dashboard`, { signal });
}

export const projectDashboardQuery = (projectId: string) =>
  queryOptions({
    queryKey: [...projectKey(projectId), 'dashboard'],
    queryFn: ({ signal }) => getProjectDashboard(projectId, signal),
  });

export const useProjectDashboard = (projectId: string, enabled = true) => useQuery({ ...projectDashboardQuery(projectId), enabled });
