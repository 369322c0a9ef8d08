import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RiskControl } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { riskKey } from './risk-keys';

/** The controls that reduce the risk, with their status. Needs risks_controls:read. */
export async function listRiskControls(projectId: string, riskId: string, signal?: AbortSignal): Promise<RiskControl[]> {
  requireParams('listRiskControls', { project_id: projectId, risk_id: riskId });
  return (await apiFetch<{ items: RiskControl[] }>(`/api/projects/${encodeURIComponent(projectId)}/risks/${encodeURIComponent(riskId)}/controls`, { signal })).items;
}

export const riskControlsQuery = (projectId: string, riskId: string) =>
  queryOptions({ queryKey: [...riskKey(projectId, riskId), 'controls'], queryFn: ({ signal }) => listRiskControls(projectId, riskId, signal) });

export const useRiskControls = (projectId: string, riskId: string, enabled = true) => useQuery({ ...riskControlsQuery(projectId, riskId), enabled });
