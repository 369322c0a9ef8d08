import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TreatmentStrategy } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { riskKey } from './risk-keys';

/** The risk's treatment strategies (concrete actions), oldest first. Needs treatment_strategy:read. */
export async function listTreatmentStrategies(projectId: string, riskId: string, signal?: AbortSignal): Promise<TreatmentStrategy[]> {
  requireParams('listTreatmentStrategies', { project_id: projectId, risk_id: riskId });
  const path = `/api/projects/${encodeURIComponent(projectId)}/risks/${encodeURIComponent(riskId)}/treatment-strategies`;
  return (await apiFetch<{ items: TreatmentStrategy[] }>(path, { signal })).items;
}

export const treatmentStrategiesQuery = (projectId: string, riskId: string) =>
  queryOptions({ queryKey: [...riskKey(projectId, riskId), 'strategies'], queryFn: ({ signal }) => listTreatmentStrategies(projectId, riskId, signal) });

export const useTreatmentStrategies = (projectId: string, riskId: string, enabled = true) => useQuery({ ...treatmentStrategiesQuery(projectId, riskId), enabled });
