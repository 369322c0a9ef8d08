import { useMutation } from '@tanstack/react-query';
import { updateTreatmentStrategy as updateBody, type TreatmentStrategy, type UpdateTreatmentStrategy } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { useRefreshAfterRiskChange } from './risk-changes';

export const updateTreatmentStrategySchema = updateBody;

/** Changes an action, its owner, due date or status. 409 `locked` on an approved risk. */
export function updateTreatmentStrategy(projectId: string, riskId: string, strategyId: string, input: UpdateTreatmentStrategy): Promise<TreatmentStrategy> {
  requireParams('updateTreatmentStrategy', { project_id: projectId, risk_id: riskId, strategy_id: strategyId, body: input });
  const path = `/api/projects/${encodeURIComponent(projectId)}/risks/${encodeURIComponent(riskId)}/treatment-strategies/${encodeURIComponent(strategyId)}`;
  return apiFetch<TreatmentStrategy>(path, { method: 'PATCH', json: input, notify: false });
}

export function useUpdateTreatmentStrategy(projectId: string, riskId: string) {
  const refresh = useRefreshAfterRiskChange(projectId);
  return useMutation({
    mutationFn: ({ strategyId, input }: { strategyId: string; input: UpdateTreatmentStrategy }) => updateTreatmentStrategy(projectId, riskId, strategyId, input),
    onSuccess: () => refresh(),
  });
}
