import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberState, OrganizationMember, Page } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';

export type MemberSortField = 'name' | 'email' | 'last_access_at' | 'state';

export type MemberFilters = {
  name?: string;
  /** Undefined: everyone, deactivated members included. */
  state?: MemberState;
  sortBy: MemberSortField;
  descending: boolean;
  page: number;
  size: number;
};

/** Members and invitees of the organization. The API leaves deactivated members out unless asked. */
export function listMembers(organizationId: string, filters: MemberFilters, signal?: AbortSignal): Promise<Page<OrganizationMember>> {
  requireParams('listMembers', { organization_id: organizationId });
  const { name, state, sortBy, descending, page, size } = filters;
  return apiFetch<Page<OrganizationMember>>(`/api/organizations/${encodeURIComponent(organizationId)}/users`, {
    signal,
    query: {
      name: name || undefined,
      state,
      include_inactive: state === undefined || state === 'deactivated' ? true : undefined,
      sort_by: sortBy,
      descending,
      page,
      size,
    },
  });
}

/** Every list of the organization's members; the mutations below invalidate by it. */
export const membersKey = (organizationId: string) => ['organization-members', organizationId] as const;

export const membersQuery = (organizationId: string, filters: MemberFilters) =>
  queryOptions({
    queryKey: [...membersKey(organizationId), filters],
    queryFn: ({ signal }) => listMembers(organizationId, filters, signal),
    placeholderData: keepPreviousData,
  });

export const useMembers = (organizationId: string, filters: MemberFilters) => useQuery(membersQuery(organizationId, filters));
