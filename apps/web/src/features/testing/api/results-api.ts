import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, TestingResult, TestResultStatus, WorkItemStatus } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { testBase, testingBase, testingKeys } from './testing-keys';

export type ResultListParams = { page: number; size: number; resultStatus: TestResultStatus[] };
export type AllResultsParams = ResultListParams & { name: string; status: WorkItemStatus[] };

const list = (values: readonly string[]) => (values.length ? values.join(',') : undefined);

/** One page of a test's results, newest first. Needs testing_results:read. */
export function listTestResults(projectId: string, testId: string, params: ResultListParams, signal?: AbortSignal): Promise<Page<TestingResult>> {
  requireParams('listTestingResults', { project_id: projectId, testing_test_id: testId });
  const query = { result_status: list(params.resultStatus), sort_by: 'created_at', descending: true, page: params.page, size: params.size };
  return apiFetch<Page<TestingResult>>(`${testBase(projectId, testId)}/results`, { signal, query });
}

export const testResultsQuery = (projectId: string, testId: string, params: ResultListParams) =>
  queryOptions({
    queryKey: [...testingKeys.results(projectId), testId, params],
    queryFn: ({ signal }) => listTestResults(projectId, testId, params, signal),
    placeholderData: keepPreviousData,
  });

export const useTestResults = (projectId: string, testId: string, params: ResultListParams) => useQuery(testResultsQuery(projectId, testId, params));

/** One page of every test's results, newest first, by the test's name or reference and statuses. */
export function listAllResults(projectId: string, params: AllResultsParams, signal?: AbortSignal): Promise<Page<TestingResult>> {
  requireParams('listAllTestingResults', { project_id: projectId });
  const query = {
    name: params.name || undefined,
    result_status: list(params.resultStatus),
    status: list(params.status),
    sort_by: 'created_at',
    descending: true,
    page: params.page,
    size: params.size,
  };
  return apiFetch<Page<TestingResult>>(`${testingBase(projectId)}/tests-results`, { signal, query });
}

export const allResultsQuery = (projectId: string, params: AllResultsParams) =>
  queryOptions({ queryKey: [...testingKeys.results(projectId), 'all', params], queryFn: ({ signal }) => listAllResults(projectId, params, signal), placeholderData: keepPreviousData });

export const useAllResults = (projectId: string, params: AllResultsParams) => useQuery(allResultsQuery(projectId, params));
