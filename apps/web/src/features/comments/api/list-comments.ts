import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Comment, Page } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { projectKey } from '../../../lib/query-keys';

export const COMMENTS_PAGE_SIZE = 50;

/** What a thread belongs to: one object (the project itself, a risk, a control…) of a project. */
export type CommentTarget = { projectId: string; objectType: string; objectId: string };

/** One page of an object's comments, oldest first. Needs comments:read. */
export function listComments({ projectId, objectType, objectId }: CommentTarget, page: number, size: number, signal?: AbortSignal): Promise<Page<Comment>> {
  requireParams('listComments', { project_id: projectId, object_type: objectType, object_id: objectId });
  const path = `/api/projects/${encodeURIComponent(projectId)}/comments/${encodeURIComponent(objectType)}/${encodeURIComponent(objectId)}`;
  return apiFetch<Page<Comment>>(path, { signal, query: { page, size } });
}

/**
 * The newest page: the API counts pages from the oldest comment, so the first call tells how many
 * there are and, when there are several, a second one fetches the last.
 */
async function latestPage(target: CommentTarget, signal?: AbortSignal): Promise<Page<Comment>> {
  const first = await listComments(target, 1, COMMENTS_PAGE_SIZE, signal);
  return first.pages > 1 ? listComments(target, first.pages, COMMENTS_PAGE_SIZE, signal) : first;
}

/** Posting a comment invalidates its thread by this key. */
export const commentsKey = ({ projectId, objectType, objectId }: CommentTarget) => [...projectKey(projectId), 'comments', objectType, objectId] as const;

/**
 * A thread shows its newest page first; earlier pages are put in front of it on request. Page
 * param 0 stands for "the newest page, whichever number it has now", so a refetch after posting finds
 * the page the new comment landed on.
 */
export const commentsQuery = (target: CommentTarget) =>
  infiniteQueryOptions({
    queryKey: commentsKey(target),
    queryFn: ({ pageParam, signal }) => (pageParam === 0 ? latestPage(target, signal) : listComments(target, pageParam, COMMENTS_PAGE_SIZE, signal)),
    initialPageParam: 0,
    getPreviousPageParam: (first) => (first.page > 1 ? first.page - 1 : undefined),
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
  });

export const useComments = (target: CommentTarget) => useInfiniteQuery(commentsQuery(target));
