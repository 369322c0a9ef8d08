import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RiskTreatment } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { riskKey } from './risk-keys';

/** A risk's treatment (option null until one is saved) with its acceptance records, each flagged stale or expired. Needs risk_treatment:read. */
export function getRiskTreatment(projectId: string, riskId: string, signal?: AbortSignal): Promise<RiskTreatment> {
  requireParams('getRiskTreatment', { project_id: projectId, risk_id: riskId });
  return apiFetch<RiskTreatment>(`/api/projects/${encodeURIComponent(projectId)}/risks/${encodeURIComponent(riskId)}/treatment`, { signal });
}

export const riskTreatmentKey = (projectId: string, riskId: string) => [...riskKey(projectId, riskId), 'treatment'] as const;

export const riskTreatmentQuery = (projectId: string, riskId: string) =>
  queryOptions({ queryKey: riskTreatmentKey(projectId, riskId), queryFn: ({ signal }) => getRiskTreatment(projectId, riskId, signal) });

export const useRiskTreatment = (projectId: string, riskId: string, enabled = true) => useQuery({ ...riskTreatmentQuery(projectId, riskId), enabled });
