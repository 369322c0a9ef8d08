import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizationMember, Page } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { projectKey } from './get-project';

/** How many matches the picker offers; typing more of the name narrows them. */
export const ADDABLE_MEMBERS_SHOWN = 10;

/**
 * Active members of the organization without a role on the project yet, matching `name`: the people
 * who can be added to it (invitees and deactivated members cannot hold project roles).
 */
export function listAddableMembers(organizationId: string, projectId: string, name: string, signal?: AbortSignal): Promise<Page<OrganizationMember>> {
  requireParams('listAddableMembers', { organization_id: organizationId, project_id: projectId });
  return apiFetch<Page<OrganizationMember>>(`/api/organizations/${encodeURIComponent(organizationId)}/users`, {
    signal,
    query: { name: name || undefined, not_in_project: projectId, state: 'active', sort_by: 'name', page: 1, size: ADDABLE_MEMBERS_SHOWN },
  });
}

export const addableMembersQuery = (organizationId: string, projectId: string, name: string) =>
  queryOptions({
    // Under the project: who is addable changes with its members, and goes with it when it is deleted.
    queryKey: [...projectKey(projectId), 'addable-members', name],
    queryFn: ({ signal }) => listAddableMembers(organizationId, projectId, name, signal),
  });

export const useAddableMembers = (organizationId: string, projectId: string, name: string, enabled: boolean) =>
  useQuery({ ...addableMembersQuery(organizationId, projectId, name), enabled });
