import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiToken, Page } from '@aegis/contracts';
import { apiFetch } from '../../../lib/api-client';

export type ApiTokenPage = { page: number; size: number };

export function listApiTokens({ page, size }: ApiTokenPage): Promise<Page<ApiToken>> {
  return apiFetch<Page<ApiToken>>('/api/auth/api', { query: { page, size } });
}

export const apiTokensQuery = (params: ApiTokenPage) =>
  queryOptions({ queryKey: ['api-tokens', params], queryFn: () => listApiTokens(params) });

export const useApiTokens = (params: ApiTokenPage) => useQuery(apiTokensQuery(params));
