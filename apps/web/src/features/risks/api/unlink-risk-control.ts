import { useMutation } from '@tanstack/react-query';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { useRefreshAfterRiskChange } from './risk-changes';

/** Removes the link between the risk and a control (404 when not linked); 409 `locked` when either is approved. */
export function unlinkRiskControl(projectId: string, riskId: string, controlId: string): Promise<void> {
  requireParams('unlinkRiskControl', { project_id: projectId, risk_id: riskId, control_id: controlId });
  const path = `/api/projects/${encodeURIComponent(projectId)}/risks/${encodeURIComponent(riskId)}/controls/${encodeURIComponent(controlId)}`;
  return apiFetch<void>(path, { method: 'DELETE', notify: false });
}

export function useUnlinkRiskControl(projectId: string, riskId: string) {
  const refresh = useRefreshAfterRiskChange(projectId);
  return useMutation({ mutationFn: (controlId: string) => unlinkRiskControl(projectId, riskId, controlId), onSuccess: () => refresh({ controls: true }) });
}
