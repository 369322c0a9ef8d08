import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RiskHeatMap } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { riskHeatMapKey } from './risk-keys';

/** The project's risks by level and on the 5×5 grid, inherent and residual (out-of-scope ones counted apart), with the matrix and the appetite. */
export function getRiskHeatMap(projectId: string, signal?: AbortSignal): Promise<RiskHeatMap> {
  requireParams('getRiskHeatMap', { project_id: projectId });
  return apiFetch<RiskHeatMap>(`/api/projects/${encodeURIComponent(projectId)}/risks/heat-map`, { signal });
}

export const riskHeatMapQuery = (projectId: string) => queryOptions({ queryKey: riskHeatMapKey(projectId), queryFn: ({ signal }) => getRiskHeatMap(projectId, signal) });

export const useRiskHeatMap = (projectId: string) => useQuery(riskHeatMapQuery(projectId));
