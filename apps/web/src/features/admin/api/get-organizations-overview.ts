import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizationsOverview } from '@aegis/contracts';
import { apiFetch } from '../../../lib/api-client';
import { ADMIN_ORGANIZATIONS_KEY } from './list-organization-metrics';

/** Totals across every organization on the platform (needs internal_metrics:read). */
export function getOrganizationsOverview(signal?: AbortSignal): Promise<OrganizationsOverview> {
  return apiFetch<OrganizationsOverview>('/api/v1/organizations/overview', { signal });
}

export const organizationsOverviewQuery = () =>
  queryOptions({ queryKey: [...ADMIN_ORGANIZATIONS_KEY, 'overview'], queryFn: ({ signal }) => getOrganizationsOverview(signal) });

export const useOrganizationsOverview = () => useQuery(organizationsOverviewQuery());
