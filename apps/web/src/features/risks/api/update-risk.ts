import { useMutation } from '@tanstack/react-query';
import { updateRisk as updateRiskBody, type RiskDetail, type UpdateRisk } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { useRefreshAfterRiskChange } from './risk-changes';

/** The forms check their input with the request schema before sending. */
export const updateRiskSchema = updateRiskBody;

/**
 * Changes a risk's content or its status within the life cycle; answers the risk as it is then. 409
 * when it is approved (locked: reopen it first, with a reason) or a review is pending; 422 naming the
 * field (an inherent score below the treatment's residual one, going out of scope without a reason).
 * The caller shows refusals where the person acted.
 */
export function updateRisk(projectId: string, riskId: string, input: UpdateRisk): Promise<RiskDetail> {
  requireParams('updateRisk', { project_id: projectId, risk_id: riskId, body: input });
  return apiFetch<RiskDetail>(`/api/projects/${encodeURIComponent(projectId)}/risks/${encodeURIComponent(riskId)}`, { method: 'PATCH', json: input, notify: false });
}

export function useUpdateRisk(projectId: string, riskId: string) {
  const refresh = useRefreshAfterRiskChange(projectId);
  return useMutation({ mutationFn: (input: UpdateRisk) => updateRisk(projectId, riskId, input), onSuccess: (detail) => refresh({ detail }) });
}
