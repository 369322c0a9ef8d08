import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Organization } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';

/** The plan's project limit (null: none) and the projects of each type in use. */
export type OrganizationQuota = Pick<Organization, 'plan_quota' | 'used_quota'> & { organization_id: string };

export function getOrganizationQuota(organizationId: string, signal?: AbortSignal): Promise<OrganizationQuota> {
  requireParams('getOrganizationQuota', { organization_id: organizationId });
  return apiFetch<OrganizationQuota>(`/api/v1/organizations/${encodeURIComponent(organizationId)}/quota`, { signal });
}

/** Creating a project invalidates this key. */
export const organizationQuotaKey = (organizationId: string) => ['organization-quota', organizationId] as const;

export const organizationQuotaQuery = (organizationId: string) =>
  queryOptions({
    queryKey: organizationQuotaKey(organizationId),
    queryFn: ({ signal }) => getOrganizationQuota(organizationId, signal),
  });

export const useOrganizationQuota = (organizationId: string) => useQuery(organizationQuotaQuery(organizationId));
