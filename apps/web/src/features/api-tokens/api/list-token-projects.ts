import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type Page, type Project } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';

/**
 * The organization's projects the caller sees (members their own, admins all), by name: what a token may
 * be narrowed to. One page of the largest size; the picker is for choosing, not for browsing.
 */
export function listTokenProjects(organizationId: string, signal?: AbortSignal): Promise<Page<Project>> {
  requireParams('listTokenProjects', { organization_id: organizationId });
  return apiFetch<Page<Project>>(`/api/organizations/${encodeURIComponent(organizationId)}/projects`, {
    signal,
    query: { sort_by: 'name', page: 1, size: MAX_PAGE_SIZE },
  });
}

/** Under the organization's projects key, so creating or deleting a project refreshes the picker too. */
export const tokenProjectsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['projects', organizationId, 'api-token-picker'] as const,
    queryFn: ({ signal }) => listTokenProjects(organizationId, signal),
  });

export const useTokenProjects = (organizationId: string | undefined, enabled: boolean) =>
  useQuery({ ...tokenProjectsQuery(organizationId ?? ''), enabled: enabled && Boolean(organizationId) });
