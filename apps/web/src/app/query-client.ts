import { QueryClient, type Query } from '@tanstack/react-query';
import { ApiError } from '../lib/errors';

const MAX_RETRIES = 2;

/**
 * How long what the boot fetched for the first screen (first-screen-preload.ts) stays fresh: long enough for the
 * screen's chunk to arrive and mount without asking for the same data again. Any change invalidates it at once,
 * and its next fetch makes it a query like any other.
 */
export const PRELOADED_FRESH_MS = 30_000;

const preloaded = new WeakSet<Query>();

/** Marks a query the boot started for the first screen (see PRELOADED_FRESH_MS). */
export function markPreloaded(query: Query | undefined): void {
  if (query) preloaded.add(query);
}

/** Every query is stale at once (the default), but the first screen's preloaded answer is fresh for its first mount. */
const staleTime = (query: Query): number => (preloaded.has(query) && query.state.dataUpdateCount === 1 ? PRELOADED_FRESH_MS : 0);

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
      queries: { retry: retry ? shouldRetry : false, staleTime },
      mutations: { retry: false },
    },
  });
}
