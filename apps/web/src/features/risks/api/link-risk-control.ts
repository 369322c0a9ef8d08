import { useMutation } from '@tanstack/react-query';
import type { RiskControl } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { useRefreshAfterRiskChange } from './risk-changes';

/** Links a control of the project (its id) to the risk; linking again changes nothing. 404 for a control not of this project; 409 `locked` when either is approved. */
export function linkRiskControl(projectId: string, riskId: string, controlId: string): Promise<RiskControl> {
  requireParams('linkRiskControl', { project_id: projectId, risk_id: riskId, control_id: controlId });
  const path = `/api/projects/${encodeURIComponent(projectId)}/risks/${encodeURIComponent(riskId)}/controls/${encodeURIComponent(controlId)}`;
  return apiFetch<RiskControl>(path, { method: 'PUT', notify: false });
}

/** Links several controls one after the other (the API links one per call); stops at the first refusal, the ones before it staying linked. */
export function useLinkRiskControls(projectId: string, riskId: string) {
  const refresh = useRefreshAfterRiskChange(projectId);
  return useMutation({
    mutationFn: async (controlIds: readonly string[]) => {
      const linked: RiskControl[] = [];
      for (const controlId of controlIds) linked.push(await linkRiskControl(projectId, riskId, controlId));
      return linked;
    },
    // Refreshed after a refusal too: the controls linked before it are linked.
    onSettled: () => refresh({ controls: true }),
  });
}
