import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type Page, type ProjectFramework } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { projectKey } from '../../../lib/query-keys';

/** The frameworks a project applies, by name, with its controls' progress (frameworks:read). A project applies a handful: one page holds them. */
export function listProjectFrameworks(projectId: string, signal?: AbortSignal): Promise<Page<ProjectFramework>> {
  requireParams('listProjectFrameworks', { project_id: projectId });
  return apiFetch<Page<ProjectFramework>>(`/api/projects/${encodeURIComponent(projectId)}/frameworks`, {
    signal,
    query: { sort_by: 'name', size: MAX_PAGE_SIZE },
  });
}

/** Under the project's key: applying or removing a framework refreshes the project (its frameworks' names) with it. */
export const projectFrameworksKey = (projectId: string) => [...projectKey(projectId), 'frameworks'] as const;

export const projectFrameworksQuery = (projectId: string) =>
  queryOptions({
    queryKey: projectFrameworksKey(projectId),
    queryFn: ({ signal }) => listProjectFrameworks(projectId, signal),
  });

export const useProjectFrameworks = (projectId: string) => useQuery(projectFrameworksQuery(projectId));
