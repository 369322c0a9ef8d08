import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizationMetrics, Page } from '@aegis/contracts';
import { apiFetch } from '../../../lib/api-client';

export type MetricsSortField = 'name' | 'users' | 'projects' | 'last_activity_at' | 'created_at';

export type MetricsFilters = { name?: string; sortBy: MetricsSortField; descending: boolean; page: number; size: number };

/** Usage of every organization on the platform (needs internal_metrics:read). */
export function listOrganizationMetrics(filters: MetricsFilters, signal?: AbortSignal): Promise<Page<OrganizationMetrics>> {
  const { name, sortBy, descending, page, size } = filters;
  return apiFetch<Page<OrganizationMetrics>>('/api/v1/organizations/metrics', {
    signal,
    query: { name: name || undefined, sort_by: sortBy, descending, page, size },
  });
}

/** Everything the admin area shows about organizations; its mutations invalidate by it. */
export const ADMIN_ORGANIZATIONS_KEY = ['admin-organizations'] as const;

export const organizationMetricsQuery = (filters: MetricsFilters) =>
  queryOptions({
    queryKey: [...ADMIN_ORGANIZATIONS_KEY, 'metrics', filters],
    queryFn: ({ signal }) => listOrganizationMetrics(filters, signal),
    placeholderData: keepPreviousData,
  });

export const useOrganizationMetrics = (filters: MetricsFilters) => useQuery(organizationMetricsQuery(filters));
