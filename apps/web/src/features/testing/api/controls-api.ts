import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ControlLight, ControlTest, Page, TestControlLink } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { controlsKey } from '../../../lib/query-keys';
import { testBase, testingBase, testingKeys, useRefreshTesting } from './testing-keys';

/** The controls a test proves. Needs testing_controls:read. */
export async function listTestControls(projectId: string, testId: string, signal?: AbortSignal): Promise<TestControlLink[]> {
  requireParams('listTestControls', { project_id: projectId, testing_test_id: testId });
  return (await apiFetch<{ items: TestControlLink[] }>(`${testBase(projectId, testId)}/controls`, { signal, notify: false })).items;
}

export const testControlsQuery = (projectId: string, testId: string) =>
  queryOptions({ queryKey: [...testingKeys.test(projectId, testId), 'controls'], queryFn: ({ signal }) => listTestControls(projectId, testId, signal) });

export const useTestControls = (projectId: string, testId: string) => useQuery(testControlsQuery(projectId, testId));

/** Links a control (its id); its next results are stored as evidence on it. Linking again changes nothing. */
export function linkTestControl(projectId: string, testId: string, controlId: string): Promise<TestControlLink> {
  requireParams('linkTestControl', { project_id: projectId, testing_test_id: testId, control_id: controlId });
  return apiFetch<TestControlLink>(`${testBase(projectId, testId)}/controls/${encodeURIComponent(controlId)}`, { method: 'PUT', notify: false });
}

export function unlinkTestControl(projectId: string, testId: string, controlId: string): Promise<void> {
  requireParams('unlinkTestControl', { project_id: projectId, testing_test_id: testId, control_id: controlId });
  return apiFetch<void>(`${testBase(projectId, testId)}/controls/${encodeURIComponent(controlId)}`, { method: 'DELETE', notify: false });
}

/** Links several controls one after the other; stops at the first refusal, those before it staying linked. */
export function useLinkTestControls(projectId: string, testId: string) {
  const refresh = useRefreshTesting(projectId);
  return useMutation({
    mutationFn: async (controlIds: readonly string[]) => {
      for (const controlId of controlIds) await linkTestControl(projectId, testId, controlId);
    },
    onSettled: () => refresh({ controls: true }),
  });
}

export function useUnlinkTestControl(projectId: string, testId: string) {
  const refresh = useRefreshTesting(projectId);
  return useMutation({ mutationFn: (controlId: string) => unlinkTestControl(projectId, testId, controlId), onSuccess: () => refresh({ controls: true }) });
}

/** The tests proving a control (by the control's id), for its page. */
export async function listControlTests(projectId: string, controlId: string, signal?: AbortSignal): Promise<ControlTest[]> {
  requireParams('listControlTests', { project_id: projectId, control_id: controlId });
  return (await apiFetch<{ items: ControlTest[] }>(`${testingBase(projectId)}/controls/${encodeURIComponent(controlId)}/tests`, { signal, notify: false })).items;
}

export const controlTestsQuery = (projectId: string, controlId: string) =>
  queryOptions({ queryKey: testingKeys.controlTests(projectId, controlId), queryFn: ({ signal }) => listControlTests(projectId, controlId, signal) });

export const useControlTests = (projectId: string, controlId: string) => useQuery(controlTestsQuery(projectId, controlId));

/** Up to 50 of the project's controls matching `name` (code or title), by code: the control picker's options. Needs controls:read. */
export function listControlOptions(projectId: string, name: string, signal?: AbortSignal): Promise<Page<ControlLight>> {
  requireParams('listControlsLight', { project_id: projectId });
  return apiFetch<Page<ControlLight>>(`/api/v1/projects/${encodeURIComponent(projectId)}/controls`, {
    signal,
    query: { name: name || undefined, sort_by: 'control_code', page: 1, size: 50 },
  });
}

export const useControlOptions = (projectId: string, name: string, enabled = true) =>
  useQuery({
    // Under the project's controls: a control's status change refreshes the picker too.
    queryKey: [...controlsKey(projectId), 'light', name],
    queryFn: ({ signal }) => listControlOptions(projectId, name, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
