import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StatementOfApplicability } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { soaKey } from './applicability-keys';

/** Every Annex A control of the framework, included or excluded, with its justification and status. Needs requirements:read. */
export function getStatementOfApplicability(projectId: string, framework: string, signal?: AbortSignal): Promise<StatementOfApplicability> {
  requireParams('getStatementOfApplicability', { project_id: projectId, framework });
  return apiFetch<StatementOfApplicability>(`/api/projects/${encodeURIComponent(projectId)}/statement-of-applicability`, { signal, query: { framework } });
}

export const statementOfApplicabilityQuery = (projectId: string, framework: string) =>
  queryOptions({ queryKey: soaKey(projectId, framework), queryFn: ({ signal }) => getStatementOfApplicability(projectId, framework, signal) });

export const useStatementOfApplicability = (projectId: string, framework: string, enabled = true) =>
  useQuery({ ...statementOfApplicabilityQuery(projectId, framework), enabled });
