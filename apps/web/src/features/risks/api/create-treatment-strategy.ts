import { useMutation } from '@tanstack/react-query';
import { createTreatmentStrategy as createBody, type CreateTreatmentStrategy, type TreatmentStrategy } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { useRefreshAfterRiskChange } from './risk-changes';

export const createTreatmentStrategySchema = createBody;

/** Adds an action to the treatment; its owner must be a project member (422 naming them) and is told. 409 `locked` on an approved risk. */
export function createTreatmentStrategy(projectId: string, riskId: string, input: CreateTreatmentStrategy): Promise<TreatmentStrategy> {
  requireParams('createTreatmentStrategy', { project_id: projectId, risk_id: riskId, body: input });
  const path = `/api/projects/${encodeURIComponent(projectId)}/risks/${encodeURIComponent(riskId)}/treatment-strategies`;
  return apiFetch<TreatmentStrategy>(path, { method: 'POST', json: input, notify: false });
}

export function useCreateTreatmentStrategy(projectId: string, riskId: string) {
  const refresh = useRefreshAfterRiskChange(projectId);
  return useMutation({ mutationFn: (input: CreateTreatmentStrategy) => createTreatmentStrategy(projectId, riskId, input), onSuccess: () => refresh() });
}
