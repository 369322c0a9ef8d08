import { useMutation } from '@tanstack/react-query';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { useRefreshAfterRiskChange } from './risk-changes';

/** Removes an action from the treatment. 409 `locked` on an approved risk. */
export function deleteTreatmentStrategy(projectId: string, riskId: string, strategyId: string): Promise<void> {
  requireParams('deleteTreatmentStrategy', { project_id: projectId, risk_id: riskId, strategy_id: strategyId });
  const path = `/api/projects/${encodeURIComponent(projectId)}/risks/${encodeURIComponent(riskId)}/treatment-strategies/${encodeURIComponent(strategyId)}`;
  return apiFetch<void>(path, { method: 'DELETE', notify: false });
}

export function useDeleteTreatmentStrategy(projectId: string, riskId: string) {
  const refresh = useRefreshAfterRiskChange(projectId);
  return useMutation({ mutationFn: (strategyId: string) => deleteTreatmentStrategy(projectId, riskId, strategyId), onSuccess: () => refresh() });
}
