import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityEntry, Page } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { activityKey } from '../../../lib/query-keys';

export const ACTIVITY_PAGE_SIZE = 10;

/** One object's history, newest first; the project's own id gives everything that happened in it. Needs logs:read. */
export function listActivity(projectId: string, objectId: string, page: number, size: number, signal?: AbortSignal): Promise<Page<ActivityEntry>> {
  requireParams('listActivity', { project_id: projectId, object_id: objectId });
  return apiFetch<Page<ActivityEntry>>(`/api/projects/${encodeURIComponent(projectId)}/logs/${encodeURIComponent(objectId)}`, {
    signal,
    query: { page, size },
  });
}

export { activityKey };

export const activityQuery = (projectId: string, objectId: string) =>
  infiniteQueryOptions({
    queryKey: [...activityKey(projectId), objectId],
    queryFn: ({ pageParam, signal }) => listActivity(projectId, objectId, pageParam, ACTIVITY_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
  });

export const useActivity = (projectId: string, objectId: string) => useInfiniteQuery(activityQuery(projectId, objectId));
