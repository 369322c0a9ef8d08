import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ControlListItem, Page } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { controlsKey } from '../../../lib/query-keys';
import type { ControlListParams } from '../control-list-params';

/** The list's query as the API takes it: booleans only when set, lists comma-separated. */
export function controlsQueryString(params: ControlListParams) {
  return {
    name: params.name || undefined,
    framework: params.framework,
    requirement: params.requirement,
    status: params.status.length ? params.status.join(',') : undefined,
    tags: params.tags.length ? params.tags.join(',') : undefined,
    is_assigned_to_me: params.isAssignedToMe || undefined,
    is_assigned_to_me_for_review: params.isAssignedToMeForReview || undefined,
    needs_attention: params.needsAttention || undefined,
    sort_by: params.sortBy,
    descending: params.sortBy ? params.descending : undefined,
    page: params.page,
    size: params.size,
  };
}

/** One page of the project's controls, filtered. Needs controls:read. */
export function listControls(projectId: string, params: ControlListParams, signal?: AbortSignal): Promise<Page<ControlListItem>> {
  requireParams('listControls', { project_id: projectId });
  return apiFetch<Page<ControlListItem>>(`/api/projects/${encodeURIComponent(projectId)}/controls`, { signal, query: controlsQueryString(params) });
}

export { controlsKey };

export const controlsQuery = (projectId: string, params: ControlListParams) =>
  queryOptions({
    queryKey: [...controlsKey(projectId), 'list', params],
    queryFn: ({ signal }) => listControls(projectId, params, signal),
    placeholderData: keepPreviousData,
  });

export const useControls = (projectId: string, params: ControlListParams) => useQuery(controlsQuery(projectId, params));
