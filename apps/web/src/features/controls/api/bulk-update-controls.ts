import { useMutation } from '@tanstack/react-query';
import { bulkUpdateControls as bulkBody, type BulkControlsResult, type BulkUpdateControls } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { useRefreshAfterControlChange } from './control-changes';

export const bulkUpdateControlsSchema = bulkBody;

/**
 * One status change and/or assignment for several controls. Each control takes all of it or none: the
 * answer lists the ids changed and the controls refused with why (approved ones are locked); the dialog shows them.
 */
export function bulkUpdateControls(projectId: string, input: BulkUpdateControls): Promise<BulkControlsResult> {
  requireParams('bulkUpdateControls', { project_id: projectId, body: input });
  return apiFetch<BulkControlsResult>(`/api/projects/${encodeURIComponent(projectId)}/controls/bulk`, { method: 'POST', json: input, notify: false });
}

export function useBulkUpdateControls(projectId: string) {
  const refresh = useRefreshAfterControlChange(projectId);
  return useMutation({ mutationFn: (input: BulkUpdateControls) => bulkUpdateControls(projectId, input), onSuccess: () => refresh() });
}
