import { queryOptions, useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { createTestingMetric, type CreateTestingMetric, type MetricSeries, type Page, type TestingMetric, type TestingSource } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { sourceBase, testingKeys, useRefreshTesting } from './testing-keys';

export const createMetricSchema = createTestingMetric;

/** A source's metrics, by name (up to 100: a source measures a handful). Needs testing_metrics:read. */
export function listMetrics(projectId: string, sourceId: string, signal?: AbortSignal): Promise<Page<TestingMetric>> {
  requireParams('listTestingMetrics', { project_id: projectId, testing_source_id: sourceId });
  return apiFetch<Page<TestingMetric>>(`${sourceBase(projectId, sourceId)}/metrics`, { signal, query: { page: 1, size: 100, sort_by: 'name' }, notify: false });
}

export const metricsQuery = (projectId: string, sourceId: string) =>
  queryOptions({ queryKey: testingKeys.metrics(projectId, sourceId), queryFn: ({ signal }) => listMetrics(projectId, sourceId, signal) });

export const useMetrics = (projectId: string, sourceId: string) => useQuery(metricsQuery(projectId, sourceId));

/** The metrics of every source (the metric pickers): one query per source, gathered. */
export function useAllMetrics(projectId: string, sources: readonly TestingSource[] | undefined) {
  return useQueries({
    queries: (sources ?? []).map((source) => metricsQuery(projectId, source.id)),
    combine: (results) => ({
      metrics: results.flatMap((result) => result.data?.items ?? []),
      isPending: sources === undefined || results.some((result) => result.isPending),
      isError: results.some((result) => result.isError),
    }),
  });
}

export function createMetric(projectId: string, sourceId: string, input: CreateTestingMetric): Promise<TestingMetric> {
  requireParams('createTestingMetric', { project_id: projectId, testing_source_id: sourceId, body: input });
  return apiFetch<TestingMetric>(`${sourceBase(projectId, sourceId)}/metrics`, { method: 'POST', json: input, notify: false });
}

export function useCreateMetric(projectId: string, sourceId: string) {
  const refresh = useRefreshTesting(projectId);
  return useMutation({ mutationFn: (input: CreateTestingMetric) => createMetric(projectId, sourceId, input), onSuccess: () => refresh() });
}

/** A metric's values for the chart: at most `points` buckets (min, max, mean) whatever the range. */
export function getMetricSeries(projectId: string, sourceId: string, metricId: string, signal?: AbortSignal): Promise<MetricSeries> {
  requireParams('getMetricSeries', { project_id: projectId, testing_source_id: sourceId, testing_metric_id: metricId });
  return apiFetch<MetricSeries>(`${sourceBase(projectId, sourceId)}/metrics/${encodeURIComponent(metricId)}/series`, { signal, query: { points: 300 }, notify: false });
}

export const metricSeriesQuery = (projectId: string, sourceId: string, metricId: string) =>
  queryOptions({ queryKey: testingKeys.series(projectId, metricId), queryFn: ({ signal }) => getMetricSeries(projectId, sourceId, metricId, signal) });

export const useMetricSeries = (projectId: string, sourceId: string | undefined, metricId: string | null) =>
  useQuery({ ...metricSeriesQuery(projectId, sourceId ?? '', metricId ?? ''), enabled: Boolean(sourceId && metricId) });
