import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/errors';

const MAX_RETRIES = 2;

/**
 * Only a failed connection is worth retrying here: the API client already refreshes on 401, and
 * polls the health check (then opens /service-down) on 5xx, so retrying those would repeat that work.
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status !== 0) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient({ retry = true }: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retry ? shouldRetry : false },
      mutations: { retry: false },
    },
  });
}
