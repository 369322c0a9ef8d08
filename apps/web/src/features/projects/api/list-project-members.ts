import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, ProjectMember, ProjectRole } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { projectKey } from './get-project';

export type ProjectMemberFilters = {
  name?: string;
  /** Only people holding one of these roles; undefined: everyone. */
  roles?: ProjectRole[];
  page: number;
  size: number;
};

/** The people holding a role on the project, by name. Needs users:read on the project. */
export function listProjectMembers(projectId: string, filters: ProjectMemberFilters, signal?: AbortSignal): Promise<Page<ProjectMember>> {
  requireParams('listProjectMembers', { project_id: projectId });
  const { name, roles, page, size } = filters;
  return apiFetch<Page<ProjectMember>>(`/api/projects/${encodeURIComponent(projectId)}/users`, {
    signal,
    query: { name: name || undefined, roles: roles?.length ? roles.join(',') : undefined, sort_by: 'name', descending: false, page, size },
  });
}

/** Every list of the project's members; role changes invalidate by it. */
export const projectMembersKey = (projectId: string) => [...projectKey(projectId), 'members'] as const;

export const projectMembersQuery = (projectId: string, filters: ProjectMemberFilters) =>
  queryOptions({
    queryKey: [...projectMembersKey(projectId), filters],
    queryFn: ({ signal }) => listProjectMembers(projectId, filters, signal),
    placeholderData: keepPreviousData,
  });

export const useProjectMembers = (projectId: string, filters: ProjectMemberFilters, enabled = true) =>
  useQuery({ ...projectMembersQuery(projectId, filters), enabled });
