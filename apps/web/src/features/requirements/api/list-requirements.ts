import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page, RequirementListItem, RequirementStatus } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { requirementsKey } from '../../../lib/query-keys';

/** Requirements shown at first per framework, and added by each "Show more". */
export const REQUIREMENTS_PAGE_SIZE = 50;

export type RequirementFilters = { framework: string; name?: string; status?: RequirementStatus };

/**
 * One page of a framework's requirements in the order of its tree (the API sorts by framework, then
 * by position), each with the status its controls give it. Needs requirements:read.
 */
export function listRequirements(projectId: string, filters: RequirementFilters, page: number, signal?: AbortSignal): Promise<Page<RequirementListItem>> {
  requireParams('listRequirements', { project_id: projectId });
  return apiFetch<Page<RequirementListItem>>(`/api/projects/${encodeURIComponent(projectId)}/requirements`, {
    signal,
    query: { framework: filters.framework, name: filters.name || undefined, status: filters.status, sort_by: 'framework', page, size: REQUIREMENTS_PAGE_SIZE },
  });
}

export const requirementsQuery = (projectId: string, filters: RequirementFilters) =>
  infiniteQueryOptions({
    queryKey: [...requirementsKey(projectId), 'list', filters],
    queryFn: ({ pageParam, signal }) => listRequirements(projectId, filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
  });

export const useRequirements = (projectId: string, filters: RequirementFilters) => useInfiniteQuery(requirementsQuery(projectId, filters));
