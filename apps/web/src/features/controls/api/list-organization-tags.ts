import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type Page, type Tag } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';

/** Every tag of the organization, by name, for the tag filter and picker (tags:read: every member). */
export async function listOrganizationTags(organizationId: string, signal?: AbortSignal): Promise<Tag[]> {
  requireParams('listTags', { organization_id: organizationId });
  const page = await apiFetch<Page<Tag>>(`/api/organizations/${encodeURIComponent(organizationId)}/tags`, { signal, query: { page: 1, size: MAX_PAGE_SIZE } });
  return page.items;
}

export const organizationTagsQuery = (organizationId: string) =>
  queryOptions({
    // Under the organization's tags (features/tags): creating or renaming one there refreshes these.
    queryKey: ['tags', organizationId, 'all'],
    queryFn: ({ signal }) => listOrganizationTags(organizationId, signal),
    staleTime: 60_000,
  });

export const useOrganizationTags = (organizationId: string | undefined) => useQuery({ ...organizationTagsQuery(organizationId ?? ''), enabled: Boolean(organizationId) });
