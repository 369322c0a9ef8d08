import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TestingSummary } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { projectKey } from '../../../lib/query-keys';

/** Under the project's key: the live stream's project-wide refresh reaches it when a test runs or changes. */
export const testingSummaryKey = (projectId: string) => [...projectKey(projectId), 'testing', 'summary'] as const;

/** The project's tests by latest result (as the tests list filters them), the pass rate, the failing tests, the controls they flag, the stale metrics. */
export function getTestingSummary(projectId: string, signal?: AbortSignal): Promise<TestingSummary> {
  requireParams('getTestingSummary', { project_id: projectId });
  return apiFetch<TestingSummary>(`/api/v1/projects/${encodeURIComponent(projectId)}/testing/summary`, { signal });
}

export const useTestingSummary = (projectId: string) => useQuery(queryOptions({ queryKey: testingSummaryKey(projectId), queryFn: ({ signal }) => getTestingSummary(projectId, signal) }));
