import { useMutation } from '@tanstack/react-query';
import { updateRiskAssignees as assigneesBody, type RiskDetail, type UpdateRiskAssignees } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { useRefreshAfterRiskChange } from './risk-changes';

export const updateRiskAssigneesSchema = assigneesBody;

/** Replaces the assignees and reviewers (project members only: 422 naming who is not); those newly named are notified. Allowed on an approved risk. */
export function updateRiskAssignees(projectId: string, riskId: string, input: UpdateRiskAssignees): Promise<RiskDetail> {
  requireParams('updateRiskAssignees', { project_id: projectId, risk_id: riskId, body: input });
  return apiFetch<RiskDetail>(`/api/projects/${encodeURIComponent(projectId)}/risks/${encodeURIComponent(riskId)}/assignees`, { method: 'PUT', json: input, notify: false });
}

export function useUpdateRiskAssignees(projectId: string, riskId: string) {
  const refresh = useRefreshAfterRiskChange(projectId);
  return useMutation({ mutationFn: (input: UpdateRiskAssignees) => updateRiskAssignees(projectId, riskId, input), onSuccess: (detail) => refresh({ detail }) });
}
