import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createTestingTest,
  updateTestingTest,
  type CreateTestingTest,
  type Page,
  type TestingResult,
  type TestingTestDetail,
  type TestingTestListItem,
  type UpdateTestingTest,
} from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { testsQueryString, type TestListParams } from '../test-list-params';
import { testBase, testingBase, testingKeys, useRefreshTesting } from './testing-keys';

/** The forms check their input with the request schemas before sending. */
export const createTestSchema = createTestingTest;
export const updateTestSchema = updateTestingTest;

/** One page of the project's tests, filtered and sorted. Needs testing_test:read. */
export function listTests(projectId: string, params: TestListParams, signal?: AbortSignal): Promise<Page<TestingTestListItem>> {
  requireParams('listTestingTests', { project_id: projectId });
  return apiFetch<Page<TestingTestListItem>>(`${testingBase(projectId)}/tests`, { signal, query: testsQueryString(params) });
}

export const testsQuery = (projectId: string, params: TestListParams) =>
  queryOptions({ queryKey: [...testingKeys.tests(projectId), params], queryFn: ({ signal }) => listTests(projectId, params, signal), placeholderData: keepPreviousData });

export const useTests = (projectId: string, params: TestListParams) => useQuery(testsQuery(projectId, params));

/** A test with its condition, latest result, people, status history and the moves the caller may make. 404 when the project has no such test. */
export function getTest(projectId: string, testId: string, signal?: AbortSignal): Promise<TestingTestDetail> {
  requireParams('getTestingTest', { project_id: projectId, testing_test_id: testId });
  return apiFetch<TestingTestDetail>(testBase(projectId, testId), { signal, notify: false });
}

export const testQuery = (projectId: string, testId: string) => queryOptions({ queryKey: testingKeys.test(projectId, testId), queryFn: ({ signal }) => getTest(projectId, testId, signal) });

export const useTest = (projectId: string, testId: string) => useQuery(testQuery(projectId, testId));

/** Adds a test; 422 names the field it refuses (a between without its upper bound, an aggregate without a window). */
export function createTest(projectId: string, input: CreateTestingTest): Promise<TestingTestDetail> {
  requireParams('createTestingTest', { project_id: projectId, body: input });
  return apiFetch<TestingTestDetail>(`${testingBase(projectId)}/tests`, { method: 'POST', json: input, notify: false });
}

export function useCreateTest(projectId: string) {
  const refresh = useRefreshTesting(projectId);
  return useMutation({ mutationFn: (input: CreateTestingTest) => createTest(projectId, input), onSuccess: () => refresh() });
}

/** Changes a test's fields or its status; 409 when approved (locked) or under review. */
export function updateTest(projectId: string, testId: string, input: UpdateTestingTest): Promise<TestingTestDetail> {
  requireParams('updateTestingTest', { project_id: projectId, testing_test_id: testId, body: input });
  return apiFetch<TestingTestDetail>(testBase(projectId, testId), { method: 'PATCH', json: input, notify: false });
}

export function useUpdateTest(projectId: string, testId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshTesting(projectId);
  return useMutation({
    mutationFn: (input: UpdateTestingTest) => updateTest(projectId, testId, input),
    onSuccess: (detail) => {
      queryClient.setQueryData(testingKeys.test(projectId, testId), detail);
      return refresh();
    },
  });
}

export type TestAssignees = { assignees: string[]; reviewers: string[] };

/** Replaces the assignees and reviewers (project members only); those newly named are notified. */
export function updateTestAssignees(projectId: string, testId: string, input: TestAssignees): Promise<TestingTestDetail> {
  requireParams('updateTestingTestAssignees', { project_id: projectId, testing_test_id: testId, body: input });
  return apiFetch<TestingTestDetail>(`${testBase(projectId, testId)}/assignees`, { method: 'PUT', json: input, notify: false });
}

export function useUpdateTestAssignees(projectId: string, testId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshTesting(projectId);
  return useMutation({
    mutationFn: (input: TestAssignees) => updateTestAssignees(projectId, testId, input),
    onSuccess: (detail) => {
      queryClient.setQueryData(testingKeys.test(projectId, testId), detail);
      return refresh();
    },
  });
}

/** Deletes a test with its results and links (the evidence it stored stays). 409 when approved or under review. */
export function deleteTest(projectId: string, testId: string): Promise<void> {
  requireParams('deleteTestingTest', { project_id: projectId, testing_test_id: testId });
  return apiFetch<void>(testBase(projectId, testId), { method: 'DELETE', notify: false });
}

export function useDeleteTest(projectId: string, testId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshTesting(projectId);
  return useMutation({
    mutationFn: () => deleteTest(projectId, testId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: testingKeys.test(projectId, testId) });
      return refresh({ controls: true });
    },
  });
}

/** Runs the test now; the result is stored (and, linked to controls, stored as evidence on each). */
export function runTest(projectId: string, testId: string): Promise<TestingResult> {
  requireParams('runTestingTest', { project_id: projectId, testing_test_id: testId });
  return apiFetch<TestingResult>(`${testBase(projectId, testId)}/results`, { method: 'POST', notify: false });
}

export function useRunTest(projectId: string, testId: string) {
  const refresh = useRefreshTesting(projectId);
  return useMutation({ mutationFn: () => runTest(projectId, testId), onSuccess: () => refresh({ controls: true }) });
}
