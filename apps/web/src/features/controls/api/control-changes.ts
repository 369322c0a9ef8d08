import { useQueryClient } from '@tanstack/react-query';
import type { ControlDetail } from '@aegis/contracts';
import { activityKey, controlsKey, myWorkKey, projectFrameworksKey, requirementsKey } from '../../../lib/query-keys';
import { controlKey } from './get-control';

/**
 * After a change to controls: the control itself (from the answer, when it carries it; else every
 * control), the lists, what their statuses add up to (requirements, framework progress), the signed-in
 * user's work and the activity log.
 */
export function useRefreshAfterControlChange(projectId: string) {
  const queryClient = useQueryClient();
  return (changed?: ControlDetail) => {
    if (changed) queryClient.setQueryData(controlKey(projectId, changed.control_code), changed);
    const controls = changed ? [...controlsKey(projectId), 'list'] : controlsKey(projectId);
    return Promise.all(
      [controls, requirementsKey(projectId), projectFrameworksKey(projectId), myWorkKey(), activityKey(projectId)].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  };
}
