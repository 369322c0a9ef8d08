import { useMutation } from '@tanstack/react-query';
import { updateControl as updateControlBody, type ControlChange, type UpdateControl } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { useRefreshAfterControlChange } from './control-changes';

/** The forms check their input with the request schema before sending. */
export const updateControlSchema = updateControlBody;

/**
 * Changes the status (within the life cycle), notes, due date or tags. Answers what the change moved
 * (not the whole detail): the cached control takes it. 409 when only a review may make the change, a
 * review is pending, or the control is approved (locked: reopen it first); 422 when going out of scope
 * without a justification. The caller shows refusals where the person acted.
 */
export function updateControl(projectId: string, controlCode: string, input: UpdateControl): Promise<ControlChange> {
  requireParams('updateControl', { project_id: projectId, control_code: controlCode, body: input });
  return apiFetch<ControlChange>(`/api/projects/${encodeURIComponent(projectId)}/controls/${encodeURIComponent(controlCode)}`, { method: 'PATCH', json: input, notify: false });
}

export function useUpdateControl(projectId: string, controlCode: string) {
  const refresh = useRefreshAfterControlChange(projectId);
  return useMutation({ mutationFn: (input: UpdateControl) => updateControl(projectId, controlCode, input), onSuccess: (change) => refresh({ change }) });
}
