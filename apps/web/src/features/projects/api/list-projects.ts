import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, Project, ProjectType } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';

export type ProjectSortField = 'name' | 'created_at' | 'project_type';

export type ProjectFilters = {
  name?: string;
  /** Undefined: both types. */
  projectType?: ProjectType;
  sortBy: ProjectSortField;
  descending: boolean;
  page: number;
  size: number;
};

/** The organization's projects the caller may see: members their own, admins (projects:full_access) all. */
export function listProjects(organizationId: string, filters: ProjectFilters, signal?: AbortSignal): Promise<Page<Project>> {
  requireParams('listProjects', { organization_id: organizationId });
  const { name, projectType, sortBy, descending, page, size } = filters;
  return apiFetch<Page<Project>>(`/api/organizations/${encodeURIComponent(organizationId)}/projects`, {
    signal,
    query: { name: name || undefined, project_type: projectType, sort_by: sortBy, descending, page, size },
  });
}

/** Every list of the organization's projects; creating a project invalidates by it. */
export const projectsKey = (organizationId: string) => ['projects', organizationId] as const;

export const projectsQuery = (organizationId: string, filters: ProjectFilters) =>
  queryOptions({
    queryKey: [...projectsKey(organizationId), filters],
    queryFn: ({ signal }) => listProjects(organizationId, filters, signal),
    placeholderData: keepPreviousData,
  });

export const useProjects = (organizationId: string, filters: ProjectFilters) => useQuery(projectsQuery(organizationId, filters));
