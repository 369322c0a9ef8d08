import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type Page, type PersonRef, type ProjectMember } from '@aegis/contracts';
import { apiFetch, requireParams } from './api-client';
import { projectKey } from './query-keys';

/** The project's members as the people pickers offer them (a project has a handful; the first 250 by name). Needs users:read. */
export async function listProjectPeople(projectId: string, signal?: AbortSignal): Promise<PersonRef[]> {
  requireParams('listProjectMembers', { project_id: projectId });
  const page = await apiFetch<Page<ProjectMember>>(`/api/projects/${encodeURIComponent(projectId)}/users`, {
    signal,
    query: { sort_by: 'name', page: 1, size: MAX_PAGE_SIZE },
  });
  return page.items.map((member) => ({ id: member.user_id, name: `${member.firstname} ${member.lastname}`.trim() || member.email, email: member.email }));
}

export const projectPeopleQuery = (projectId: string) =>
  queryOptions({
    // Under the project's members: a role change there refreshes the pickers too.
    queryKey: [...projectKey(projectId), 'members', 'people'],
    queryFn: ({ signal }) => listProjectPeople(projectId, signal),
    staleTime: 60_000,
  });

export const useProjectPeople = (projectId: string, enabled = true) => useQuery({ ...projectPeopleQuery(projectId), enabled });
