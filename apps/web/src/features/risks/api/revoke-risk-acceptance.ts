import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokeRiskAcceptance as revokeBody, type RevokeRiskAcceptance, type RiskTreatment } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { riskTreatmentKey } from './get-risk-treatment';
import { useRefreshAfterRiskChange } from './risk-changes';

export const revokeRiskAcceptanceSchema = revokeBody;

/** Revokes the acceptance in force or awaiting review, with the reason (409 `no_acceptance` when there is none). Allowed on an approved risk, which is then flagged. */
export function revokeRiskAcceptance(projectId: string, riskId: string, input: RevokeRiskAcceptance): Promise<RiskTreatment> {
  requireParams('revokeRiskAcceptance', { project_id: projectId, risk_id: riskId, body: input });
  return apiFetch<RiskTreatment>(`/api/projects/${encodeURIComponent(projectId)}/risks/${encodeURIComponent(riskId)}/acceptance/revoke`, { method: 'POST', json: input, notify: false });
}

export function useRevokeRiskAcceptance(projectId: string, riskId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterRiskChange(projectId);
  return useMutation({
    mutationFn: (input: RevokeRiskAcceptance) => revokeRiskAcceptance(projectId, riskId, input),
    onSuccess: (treatment) => {
      queryClient.setQueryData(riskTreatmentKey(projectId, riskId), treatment);
      return refresh();
    },
  });
}
