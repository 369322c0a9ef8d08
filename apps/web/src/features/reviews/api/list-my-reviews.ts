import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MyReview, Page } from '@aegis/contracts';
import { apiFetch } from '../../../lib/api-client';
import { myReviewsKey } from '../../../lib/query-keys';

export type MyReviewsParams = { page: number; size: number };

/** The pending reviews awaiting the signed-in user's decision across their projects, oldest request first. */
export function listMyReviews({ page, size }: MyReviewsParams, signal?: AbortSignal): Promise<Page<MyReview>> {
  return apiFetch<Page<MyReview>>('/api/users/me/reviews', { signal, query: { sort_by: 'requested_at', descending: false, page, size } });
}

export const myReviewsQuery = (params: MyReviewsParams) =>
  queryOptions({ queryKey: [...myReviewsKey(), params], queryFn: ({ signal }) => listMyReviews(params, signal), placeholderData: keepPreviousData });

export const useMyReviews = (params: MyReviewsParams) => useQuery(myReviewsQuery(params));
