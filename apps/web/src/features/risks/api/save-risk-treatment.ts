import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateRiskTreatment, type RiskTreatment, type UpdateRiskTreatment } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { riskTreatmentKey } from './get-risk-treatment';
import { useRefreshAfterRiskChange } from './risk-changes';

/** The treatment form checks its input with the request schema before sending. */
export const saveRiskTreatmentSchema = updateRiskTreatment;

/**
 * Saves the whole treatment. Option accept with a rationale records an acceptance: in force at once up
 * to medium, awaiting a review's approval above it. 409 `locked` on an approved risk; 422 naming the
 * field (a residual score above the inherent one, a review date not in the future).
 */
export function saveRiskTreatment(projectId: string, riskId: string, input: UpdateRiskTreatment): Promise<RiskTreatment> {
  requireParams('saveRiskTreatment', { project_id: projectId, risk_id: riskId, body: input });
  return apiFetch<RiskTreatment>(`/api/projects/${encodeURIComponent(projectId)}/risks/${encodeURIComponent(riskId)}/treatment`, { method: 'PUT', json: input, notify: false });
}

export function useSaveRiskTreatment(projectId: string, riskId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterRiskChange(projectId);
  return useMutation({
    mutationFn: (input: UpdateRiskTreatment) => saveRiskTreatment(projectId, riskId, input),
    onSuccess: (treatment) => {
      queryClient.setQueryData(riskTreatmentKey(projectId, riskId), treatment);
      // The residual moved the risk's levels, on the lists and the heat map too.
      return refresh();
    },
  });
}
