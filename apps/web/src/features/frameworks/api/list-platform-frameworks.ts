import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, PlatformFramework } from '@aegis/contracts';
import { apiFetch } from '../../../lib/api-client';
import type { TemplateSortField } from './list-templates';
import { PLATFORM_FRAMEWORKS_PATH } from './paths';

export type PlatformFrameworkFilters = { name?: string; sortBy: TemplateSortField; descending: boolean; page: number; size: number };

/** Every platform framework (built-in or uploaded by operators) with how widely it is used (internal_metrics:read). */
export function listPlatformFrameworks(filters: PlatformFrameworkFilters, signal?: AbortSignal): Promise<Page<PlatformFramework>> {
  const { name, sortBy, descending, page, size } = filters;
  return apiFetch<Page<PlatformFramework>>(PLATFORM_FRAMEWORKS_PATH, { signal, query: { name: name || undefined, sort_by: sortBy, descending, page, size } });
}

/** Everything the admin area shows about platform frameworks; its mutations invalidate by it. */
export const PLATFORM_FRAMEWORKS_KEY = ['platform-frameworks'] as const;

export const platformFrameworksQuery = (filters: PlatformFrameworkFilters) =>
  queryOptions({
    queryKey: [...PLATFORM_FRAMEWORKS_KEY, 'list', filters],
    queryFn: ({ signal }) => listPlatformFrameworks(filters, signal),
    placeholderData: keepPreviousData,
  });

export const usePlatformFrameworks = (filters: PlatformFrameworkFilters) => useQuery(platformFrameworksQuery(filters));
