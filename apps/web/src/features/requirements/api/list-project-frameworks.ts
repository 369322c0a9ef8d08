import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type Page, type ProjectFramework } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { projectFrameworksKey } from '../../../lib/query-keys';

/** The frameworks the project applies, each with its controls counted by status (its progress). Needs frameworks:read. */
export async function listProjectFrameworks(projectId: string, signal?: AbortSignal): Promise<ProjectFramework[]> {
  requireParams('listProjectFrameworks', { project_id: projectId });
  const page = await apiFetch<Page<ProjectFramework>>(`/api/projects/${encodeURIComponent(projectId)}/frameworks`, {
    signal,
    query: { sort_by: 'name', page: 1, size: MAX_PAGE_SIZE },
  });
  return page.items;
}

export const projectFrameworksQuery = (projectId: string) =>
  queryOptions({
    queryKey: [...projectFrameworksKey(projectId), 'progress'],
    queryFn: ({ signal }) => listProjectFrameworks(projectId, signal),
  });

export const useProjectFrameworks = (projectId: string) => useQuery(projectFrameworksQuery(projectId));
