import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganizationConfig, PutOrganizationConfig } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { organizationConfigQueryOptions } from './get-organization-config';

/** Spec section 3: the flags a new organization starts with. */
export const ORGANIZATION_CONFIG_DEFAULTS: Readonly<PutOrganizationConfig> = {
  vendor_management_enabled_for_entire_organization: true,
  user_management_enabled_for_entire_organization: true,
  evidence_scoring_enabled_for_entire_organization: false,
  control_assessment_enabled_for_entire_organization: false,
  content_management_enabled: false,
  separation_of_duties_enabled: true,
};

/** Replaces every flag (`config:update`), separation of duties included. */
export function putOrganizationConfig(organizationId: string, flags: PutOrganizationConfig): Promise<OrganizationConfig> {
  requireParams('putOrganizationConfig', { organization_id: organizationId, body: flags });
  return apiFetch<OrganizationConfig>(`/api/v1/config/organizations/${encodeURIComponent(organizationId)}`, { method: 'PUT', json: flags });
}

/** Puts the defaults back, then refetches the config the guard and the layout read. */
export function useRestoreOrganizationConfig(organizationId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = organizationConfigQueryOptions(organizationId);
  return useMutation({
    mutationFn: () => putOrganizationConfig(organizationId, ORGANIZATION_CONFIG_DEFAULTS),
    onSuccess: (config) => {
      queryClient.setQueryData(queryKey, config);
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
