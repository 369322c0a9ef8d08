import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ControlChange, ControlDetail } from '@aegis/contracts';
import { activityKey, controlsKey, myWorkKey, projectFrameworksKey, requirementsKey } from '../../../lib/query-keys';
import { controlKey } from './get-control';

/**
 * A control's detail with a change's answer applied: the fields the change moved, and the status history
 * entry it wrote at the head of the history (once: a refetch may have brought it already).
 */
export function withChange(detail: ControlDetail, change: ControlChange): ControlDetail {
  const { status_change: entry, ...fields } = change;
  const head = detail.status_history[0];
  const known = entry && head && head.at === entry.at && head.to === entry.to;
  return { ...detail, ...fields, status_history: entry && !known ? [entry, ...detail.status_history] : detail.status_history };
}

/** What a change answered: the whole detail (people), the fields it moved (status, planning), or nothing (bulk). */
type Changed = { detail: ControlDetail } | { change: ControlChange };

/**
 * After a change to controls: the control itself (from the answer, when it carries it; else every
 * control), the lists, what their statuses add up to (requirements, framework progress), the signed-in
 * user's work and the activity log.
 */
export function useRefreshAfterControlChange(projectId: string) {
  const queryClient = useQueryClient();
  return (changed?: Changed) => {
    const stale: QueryKey[] = [requirementsKey(projectId), projectFrameworksKey(projectId), myWorkKey(), activityKey(projectId)];
    if (!changed) stale.push(controlsKey(projectId));
    else {
      stale.push([...controlsKey(projectId), 'list']);
      if ('detail' in changed) queryClient.setQueryData(controlKey(projectId, changed.detail.control_code), changed.detail);
      else {
        const key = controlKey(projectId, changed.change.control_code);
        // No detail cached (changed from elsewhere): it is read when next shown.
        if (queryClient.getQueryData(key)) queryClient.setQueryData<ControlDetail>(key, (detail) => detail && withChange(detail, changed.change));
        else stale.push(key);
      }
    }
    return Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
}
