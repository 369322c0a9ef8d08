import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { activityKey, controlsKey, projectDashboardKey, projectKey } from '../../../lib/query-keys';

/**
 * Everything cached about a project's testing sits under one key below the project's
 * (['project', projectId, 'testing']): a run refreshes the test, its results, its chart and the lists
 * together; and the live stream's project-wide refresh (concept `test`, which lib/live-invalidation.ts
 * sends to the project's key like every concept but reviews and controls) reaches them when someone
 * else changes a test or a pipeline pushes values.
 */
export const testingKeys = {
  all: (projectId: string) => [...projectKey(projectId), 'testing'] as const,
  sources: (projectId: string) => [...testingKeys.all(projectId), 'sources'] as const,
  metrics: (projectId: string, sourceId: string) => [...testingKeys.sources(projectId), sourceId, 'metrics'] as const,
  series: (projectId: string, metricId: string) => [...testingKeys.all(projectId), 'series', metricId] as const,
  tests: (projectId: string) => [...testingKeys.all(projectId), 'tests'] as const,
  test: (projectId: string, testId: string) => [...testingKeys.all(projectId), 'test', testId] as const,
  results: (projectId: string) => [...testingKeys.all(projectId), 'results'] as const,
  /** A control's tests (its page), under the testing key: a run or a link refreshes them. */
  controlTests: (projectId: string, controlId: string) => [...testingKeys.all(projectId), 'of-control', controlId] as const,
};

export const testingBase = (projectId: string) => `/api/v1/projects/${encodeURIComponent(projectId)}/testing`;
export const sourceBase = (projectId: string, sourceId: string) => `${testingBase(projectId)}/sources/${encodeURIComponent(sourceId)}`;
export const testBase = (projectId: string, testId: string) => `${testingBase(projectId)}/tests/${encodeURIComponent(testId)}`;

/**
 * After a change to testing (a test, a run, a link, values pushed): every testing query of the
 * project, its dashboard and its log; the controls too when links or evidence may have changed.
 */
export function useRefreshTesting(projectId: string) {
  const queryClient = useQueryClient();
  return ({ controls = false }: { controls?: boolean } = {}) => {
    const stale: QueryKey[] = [testingKeys.all(projectId), projectDashboardKey(projectId), activityKey(projectId)];
    if (controls) stale.push(controlsKey(projectId), [...projectKey(projectId), 'evidence']);
    return Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
}
