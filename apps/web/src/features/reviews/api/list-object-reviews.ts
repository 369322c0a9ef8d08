import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { reviewsKey } from '../../../lib/query-keys';

/** Where one object's reviews live: `/api/projects/{id}/reviews/{concept}/{object_id}`. */
export const objectReviewsPath = (projectId: string, concept: string, objectId: string) =>
  `/api/projects/${encodeURIComponent(projectId)}/reviews/${encodeURIComponent(concept)}/${encodeURIComponent(objectId)}`;

/** An object's reviews, newest first, each with its requester and every reviewer's decision. Needs reviews:read. */
export function listObjectReviews(projectId: string, concept: string, objectId: string, signal?: AbortSignal): Promise<Review[]> {
  requireParams('listObjectReviews', { project_id: projectId, concept, object_id: objectId });
  return apiFetch<Review[]>(objectReviewsPath(projectId, concept, objectId), { signal });
}

export const objectReviewsKey = (projectId: string, concept: string, objectId: string) => [...reviewsKey(projectId), concept, objectId] as const;

export const objectReviewsQuery = (projectId: string, concept: string, objectId: string) =>
  queryOptions({ queryKey: objectReviewsKey(projectId, concept, objectId), queryFn: ({ signal }) => listObjectReviews(projectId, concept, objectId, signal) });

export const useObjectReviews = (projectId: string, concept: string, objectId: string) => useQuery(objectReviewsQuery(projectId, concept, objectId));
