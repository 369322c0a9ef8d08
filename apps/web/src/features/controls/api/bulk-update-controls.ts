import { useMutation } from '@tanstack/react-query';
import { bulkUpdateControls as bulkBody, type BulkUpdateControls } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { useRefreshAfterControlChange } from './control-changes';

export const bulkUpdateControlsSchema = bulkBody;

/**
 * One status change and/or assignment for several controls: all of them or none. 409 (code
 * bulk_refused) lists the controls that refused it; the dialog shows it.
 */
export function bulkUpdateControls(projectId: string, input: BulkUpdateControls): Promise<{ updated: number }> {
  requireParams('bulkUpdateControls', { project_id: projectId, body: input });
  return apiFetch<{ updated: number }>(`/api/projects/${encodeURIComponent(projectId)}/controls/bulk`, { method: 'POST', json: input, notify: false });
}

export function useBulkUpdateControls(projectId: string) {
  const refresh = useRefreshAfterControlChange(projectId);
  return useMutation({ mutationFn: (input: BulkUpdateControls) => bulkUpdateControls(projectId, input), onSuccess: () => refresh() });
}
