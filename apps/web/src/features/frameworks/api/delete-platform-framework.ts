import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { ALL_FRAMEWORKS_KEY } from '../../../lib/query-keys';
import { PLATFORM_FRAMEWORKS_KEY } from './list-platform-frameworks';
import { frameworkSegment, PLATFORM_FRAMEWORKS_PATH } from './paths';

/** Deletes an uploaded platform framework; built-ins and frameworks in use answer 409, which the dialog shows. */
export function deletePlatformFramework(frameworkCode: string): Promise<void> {
  requireParams('deletePlatformFramework', { framework_code: frameworkCode });
  return apiFetch<void>(`${PLATFORM_FRAMEWORKS_PATH}/${frameworkSegment(frameworkCode)}`, { method: 'DELETE', notify: false });
}

export function useDeletePlatformFramework() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlatformFramework,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: PLATFORM_FRAMEWORKS_KEY }), queryClient.invalidateQueries({ queryKey: ALL_FRAMEWORKS_KEY })]),
  });
}
