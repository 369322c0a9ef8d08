import { useMutation } from '@tanstack/react-query';
import { updateControlAssignees as assigneesBody, type ControlDetail, type UpdateControlAssignees } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { useRefreshAfterControlChange } from './control-changes';

export const updateControlAssigneesSchema = assigneesBody;

/**
 * Replaces the assignees and the reviewers (both lists). Project members only: 422 naming who is not.
 * The server notifies the people newly named. 409 when the control is approved (locked).
 */
export function updateControlAssignees(projectId: string, controlCode: string, input: UpdateControlAssignees): Promise<ControlDetail> {
  requireParams('updateControlAssignees', { project_id: projectId, control_code: controlCode, body: input });
  const path = `/api/projects/${encodeURIComponent(projectId)}/controls/${encodeURIComponent(controlCode)}/assignees`;
  return apiFetch<ControlDetail>(path, { method: 'PATCH', json: input, notify: false });
}

export function useUpdateControlAssignees(projectId: string, controlCode: string) {
  const refresh = useRefreshAfterControlChange(projectId);
  return useMutation({ mutationFn: (input: UpdateControlAssignees) => updateControlAssignees(projectId, controlCode, input), onSuccess: (detail) => refresh({ detail }) });
}
