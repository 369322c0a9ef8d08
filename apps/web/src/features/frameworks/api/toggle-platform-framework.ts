import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FrameworkSummary, PlatformFrameworkToggle } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { organizationFrameworksKey } from '../../../lib/query-keys';
import { PLATFORM_FRAMEWORKS_KEY } from './list-platform-frameworks';
import { organizationPath } from './paths';

/**
 * Switches a platform framework on or off for one organization (templates:upload there; platform
 * operators for any organization). MFF-1 cannot be switched off (409).
 */
export function togglePlatformFramework(organizationId: string, toggle: PlatformFrameworkToggle): Promise<FrameworkSummary> {
  requireParams('togglePlatformFramework', { organization_id: organizationId, body: toggle });
  return apiFetch<FrameworkSummary>(`${organizationPath(organizationId)}/platform-frameworks`, { method: 'POST', json: toggle });
}

/** Refreshes the organization's catalogue and the platform operators' counts of who has it on. */
export function useTogglePlatformFramework() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ organizationId, ...toggle }: PlatformFrameworkToggle & { organizationId: string }) => togglePlatformFramework(organizationId, toggle),
    onSuccess: (_framework, { organizationId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationFrameworksKey(organizationId) }),
        queryClient.invalidateQueries({ queryKey: PLATFORM_FRAMEWORKS_KEY }),
      ]),
  });
}
