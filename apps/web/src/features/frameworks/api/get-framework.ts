import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FrameworkDetail } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { organizationFrameworksKey } from '../../../lib/query-keys';
import { frameworkSegment, organizationPath } from './paths';

/** One framework the organization can see, with its requirement tree, controls and crosswalk (frameworks:read); 404 otherwise. */
export function getFramework(organizationId: string, frameworkCode: string, signal?: AbortSignal): Promise<FrameworkDetail> {
  requireParams('getFramework', { organization_id: organizationId, framework_code: frameworkCode });
  return apiFetch<FrameworkDetail>(`${organizationPath(organizationId)}/frameworks/${frameworkSegment(frameworkCode)}`, { signal });
}

export const frameworkQuery = (organizationId: string, frameworkCode: string) =>
  queryOptions({
    queryKey: [...organizationFrameworksKey(organizationId), 'detail', frameworkCode],
    queryFn: ({ signal }) => getFramework(organizationId, frameworkCode, signal),
    // A framework changes only by a new upload: a few minutes fresh saves parsing a large tree again.
    staleTime: 5 * 60_000,
  });

export const useFramework = (organizationId: string, frameworkCode: string) => useQuery(frameworkQuery(organizationId, frameworkCode));
