import { useMutation } from '@tanstack/react-query';
import { createRisk as createRiskBody, type CreateRisk, type RiskDetail } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { useRefreshAfterRiskChange } from './risk-changes';

/** The add-risk form checks its input with the request schema before sending. */
export const createRiskSchema = createRiskBody;

/** Adds a risk (it starts ready, levelled by the organization's matrix). 422 names the field it refuses. */
export function createRisk(projectId: string, input: CreateRisk): Promise<RiskDetail> {
  requireParams('createRisk', { project_id: projectId, body: input });
  return apiFetch<RiskDetail>(`/api/projects/${encodeURIComponent(projectId)}/risks`, { method: 'POST', json: input, notify: false });
}

export function useCreateRisk(projectId: string) {
  const refresh = useRefreshAfterRiskChange(projectId);
  return useMutation({ mutationFn: (input: CreateRisk) => createRisk(projectId, input), onSuccess: (detail) => refresh({ detail }) });
}
