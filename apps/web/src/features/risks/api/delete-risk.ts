import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { riskKey } from './risk-keys';
import { useRefreshAfterRiskChange } from './risk-changes';

/** Deletes a risk with its treatment, strategies, links, comments and reviews (the log keeps it). 409 when approved or under review. */
export function deleteRisk(projectId: string, riskId: string): Promise<void> {
  requireParams('deleteRisk', { project_id: projectId, risk_id: riskId });
  return apiFetch<void>(`/api/projects/${encodeURIComponent(projectId)}/risks/${encodeURIComponent(riskId)}`, { method: 'DELETE', notify: false });
}

export function useDeleteRisk(projectId: string, riskId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterRiskChange(projectId);
  return useMutation({
    mutationFn: () => deleteRisk(projectId, riskId),
    onSuccess: () => {
      // Gone: nothing is to read it again.
      queryClient.removeQueries({ queryKey: riskKey(projectId, riskId) });
      return refresh({ controls: true });
    },
  });
}
