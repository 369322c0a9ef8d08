import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isUnauthorized } from '../lib/errors';

const MAX_RETRIES = 2;

/** Client errors (4xx) will not change on retry; network and server failures might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient({ onUnauthorized }: { onUnauthorized: () => void }): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error)) onUnauthorized();
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
