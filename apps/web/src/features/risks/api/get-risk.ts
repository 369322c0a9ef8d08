import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RiskDetail } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { riskKey } from './risk-keys';

/** A risk with its scores, levels, money, people, status history and the moves the caller may make. 404 when the project has no such risk. */
export function getRisk(projectId: string, riskId: string, signal?: AbortSignal): Promise<RiskDetail> {
  requireParams('getRisk', { project_id: projectId, risk_id: riskId });
  return apiFetch<RiskDetail>(`/api/projects/${encodeURIComponent(projectId)}/risks/${encodeURIComponent(riskId)}`, { signal, notify: false });
}

export const riskQuery = (projectId: string, riskId: string) => queryOptions({ queryKey: riskKey(projectId, riskId), queryFn: ({ signal }) => getRisk(projectId, riskId, signal) });

export const useRisk = (projectId: string, riskId: string) => useQuery(riskQuery(projectId, riskId));
