import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformFrameworkDetail } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { PLATFORM_FRAMEWORKS_KEY } from './list-platform-frameworks';
import { frameworkSegment, PLATFORM_FRAMEWORKS_PATH } from './paths';

/** A platform framework's tree and, per organization, whether it is on and how many projects use it. */
export function getPlatformFramework(frameworkCode: string, signal?: AbortSignal): Promise<PlatformFrameworkDetail> {
  requireParams('getPlatformFramework', { framework_code: frameworkCode });
  return apiFetch<PlatformFrameworkDetail>(`${PLATFORM_FRAMEWORKS_PATH}/${frameworkSegment(frameworkCode)}`, { signal });
}

export const platformFrameworkQuery = (frameworkCode: string) =>
  queryOptions({
    queryKey: [...PLATFORM_FRAMEWORKS_KEY, 'detail', frameworkCode],
    queryFn: ({ signal }) => getPlatformFramework(frameworkCode, signal),
  });

export const usePlatformFramework = (frameworkCode: string) => useQuery(platformFrameworkQuery(frameworkCode));
