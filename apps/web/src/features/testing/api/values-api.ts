import { useMutation } from '@tanstack/react-query';
import { pushValues as pushValuesBody, type PushValues, type PushValuesResult } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { testingBase, useRefreshTesting } from './testing-keys';

export const pushValuesSchema = pushValuesBody;

/** Stores values (the same call a pipeline makes); tests judging on every new value run at once. */
export function pushValues(projectId: string, input: PushValues): Promise<PushValuesResult> {
  requireParams('pushTestingValues', { project_id: projectId, body: input });
  return apiFetch<PushValuesResult>(`${testingBase(projectId)}/logs`, { method: 'POST', json: input, notify: false });
}

export function usePushValues(projectId: string) {
  const refresh = useRefreshTesting(projectId);
  // Runs may have stored evidence on controls.
  return useMutation({ mutationFn: (input: PushValues) => pushValues(projectId, input), onSuccess: () => refresh({ controls: true }) });
}
