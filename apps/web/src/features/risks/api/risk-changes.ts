import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { RiskDetail } from '@aegis/contracts';
import { activityKey, controlsKey, projectDashboardKey } from '../../../lib/query-keys';
import { riskKey, risksKey } from './risk-keys';

type Options = {
  /** The risk as the server answered it: shown at once, before the refresh comes back. */
  detail?: RiskDetail;
  /** The change touched links to controls: the controls' pages list the risks they reduce. */
  controls?: boolean;
};

/**
 * After a change to a risk (its fields, status, people, treatment, strategies, links): every risk
 * query of the project (the register, the heat map, the detail and what hangs on it), the project's
 * dashboard and its log.
 */
export function useRefreshAfterRiskChange(projectId: string) {
  const queryClient = useQueryClient();
  return ({ detail, controls = false }: Options = {}) => {
    if (detail) queryClient.setQueryData(riskKey(projectId, detail.id), detail);
    const stale: QueryKey[] = [risksKey(projectId), projectDashboardKey(projectId), activityKey(projectId)];
    if (controls) stale.push(controlsKey(projectId));
    return Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
}
