import type { OrganizationConfig } from '@aegis/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, requireParams } from '../../../lib/api-client';

/** The organization's feature flags under the names the screens use. */
export type OrganizationFeatures = {
  vendorsEnabled: boolean;
  usersEnabled: boolean;
  contentManagementEnabled: boolean;
};

export function getOrganizationConfig(organizationId: string, signal?: AbortSignal): Promise<OrganizationConfig> {
  requireParams('getOrganizationConfig', { organization_id: organizationId });
  return apiFetch<OrganizationConfig>(`/api/v1/config/organizations/${encodeURIComponent(organizationId)}`, { signal });
}

/** Feature flags change rarely; a screen that changes them should invalidate this key. */
export const ORGANIZATION_CONFIG_STALE_MS = 5 * 60_000;

export const organizationConfigQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organization-config', organizationId],
    queryFn: ({ signal }) => getOrganizationConfig(organizationId, signal),
    staleTime: ORGANIZATION_CONFIG_STALE_MS,
  });

export function toOrganizationFeatures(config: OrganizationConfig): OrganizationFeatures {
  return {
    vendorsEnabled: config.vendor_management_enabled_for_entire_organization,
    usersEnabled: config.user_management_enabled_for_entire_organization,
    contentManagementEnabled: config.content_management_enabled,
  };
}

/** The features of the organization; everything off until the config has loaded. */
export function useOrganizationFeatures(organizationId: string | undefined): OrganizationFeatures {
  const { data } = useQuery({
    ...organizationConfigQueryOptions(organizationId ?? ''),
    enabled: Boolean(organizationId),
    select: toOrganizationFeatures,
  });
  return data ?? { vendorsEnabled: false, usersEnabled: false, contentManagementEnabled: false };
}
