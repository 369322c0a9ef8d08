import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, RiskListItem } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import type { RiskListParams } from '../risk-list-params';
import { riskListKey } from './risk-keys';

/** The register's query as the API takes it: flags only when set, lists comma-separated, a heat map cell as its two scores. */
export function risksQueryString(params: RiskListParams) {
  const cell = params.cell;
  return {
    name: params.name || undefined,
    status: params.status.length ? params.status.join(',') : undefined,
    is_assigned_to_me: params.isAssignedToMe || undefined,
    category: params.category.length ? params.category.join(',') : undefined,
    above_appetite: params.aboveAppetite || undefined,
    needs_attention: params.needsAttention || undefined,
    likelihood: cell?.view === 'inherent' ? cell.likelihood : undefined,
    impact: cell?.view === 'inherent' ? cell.impact : undefined,
    residual_likelihood: cell?.view === 'residual' ? cell.likelihood : undefined,
    residual_impact: cell?.view === 'residual' ? cell.impact : undefined,
    sort_by: params.sortBy,
    descending: params.sortBy ? params.descending : undefined,
    page: params.page,
    size: params.size,
  };
}

/** One page of the project's risk register, filtered and sorted. Needs risks:read. */
export function listRisks(projectId: string, params: RiskListParams, signal?: AbortSignal): Promise<Page<RiskListItem>> {
  requireParams('listRisks', { project_id: projectId });
  return apiFetch<Page<RiskListItem>>(`/api/projects/${encodeURIComponent(projectId)}/risks`, { signal, query: risksQueryString(params) });
}

export const risksQuery = (projectId: string, params: RiskListParams) =>
  queryOptions({
    queryKey: [...riskListKey(projectId), params],
    queryFn: ({ signal }) => listRisks(projectId, params, signal),
    placeholderData: keepPreviousData,
  });

export const useRisks = (projectId: string, params: RiskListParams) => useQuery(risksQuery(projectId, params));
