import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type FrameworkSummary, type Page, type ProjectType } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { organizationFrameworksKey } from '../../../lib/query-keys';

/** The frameworks the organization can apply to a project of this type (enabled platform frameworks and its own templates). */
export function listApplicableFrameworks(organizationId: string, projectType: ProjectType, signal?: AbortSignal): Promise<Page<FrameworkSummary>> {
  requireParams('listApplicableFrameworks', { organization_id: organizationId });
  return apiFetch<Page<FrameworkSummary>>(`/api/organizations/${encodeURIComponent(organizationId)}/templates`, {
    signal,
    query: { project_type: projectType, size: MAX_PAGE_SIZE, sort_by: 'name' },
  });
}

export const applicableFrameworksQuery = (organizationId: string, projectType: ProjectType) =>
  queryOptions({
    // Under the organization's frameworks key: switching one on or off, or a new template, shows here at once.
    queryKey: [...organizationFrameworksKey(organizationId), 'applicable', projectType],
    queryFn: ({ signal }) => listApplicableFrameworks(organizationId, projectType, signal),
    staleTime: 60_000,
  });

export const useApplicableFrameworks = (organizationId: string, projectType: ProjectType) => useQuery(applicableFrameworksQuery(organizationId, projectType));
