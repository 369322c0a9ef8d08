import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RiskSettings } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { riskSettingsKey } from './risk-keys';

/** The organization's 5×5 matrix and risk appetite; every member may read them. */
export function getRiskSettings(organizationId: string, signal?: AbortSignal): Promise<RiskSettings> {
  requireParams('getRiskSettings', { organization_id: organizationId });
  return apiFetch<RiskSettings>(`/api/organizations/${encodeURIComponent(organizationId)}/risk-settings`, { signal });
}

export const riskSettingsQuery = (organizationId: string) =>
  queryOptions({ queryKey: riskSettingsKey(organizationId), queryFn: ({ signal }) => getRiskSettings(organizationId, signal), staleTime: 60_000 });

export const useRiskSettings = (organizationId: string | undefined) => useQuery({ ...riskSettingsQuery(organizationId ?? ''), enabled: Boolean(organizationId) });
