import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, Tag } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';

export type TagPage = { page: number; size: number };

/** The organization's tags, by name; every member may read them (tags:read). */
export function listTags(organizationId: string, { page, size }: TagPage, signal?: AbortSignal): Promise<Page<Tag>> {
  requireParams('listTags', { organization_id: organizationId });
  return apiFetch<Page<Tag>>(`/api/organizations/${encodeURIComponent(organizationId)}/tags`, { signal, query: { page, size } });
}

/** Every list of the organization's tags; the mutations invalidate by it. */
export const tagsKey = (organizationId: string) => ['tags', organizationId] as const;

export const tagsQuery = (organizationId: string, params: TagPage) =>
  queryOptions({
    queryKey: [...tagsKey(organizationId), params],
    queryFn: ({ signal }) => listTags(organizationId, params, signal),
    placeholderData: keepPreviousData,
  });

export const useTags = (organizationId: string, params: TagPage) => useQuery(tagsQuery(organizationId, params));
