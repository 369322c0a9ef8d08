import { healthReport, type HealthReport } from '@aegis/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The status page checks again this often while it is open. */
export const HEALTH_REFRESH_MS = 30_000;

/**
 * A plain fetch, not the API client: a 503 here is an answer to show (which part failed), where the
 * client would take it for a broken server and leave for the service-down page.
 */
export async function getHealth(signal?: AbortSignal): Promise<HealthReport> {
  const response = await fetch('/api/health', { headers: { Accept: 'application/json' }, cache: 'no-store', signal });
  const parsed = healthReport.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new Error(`The health check answered ${response.status} without a report`);
  return parsed.data;
}

export const healthQueryOptions = () =>
  queryOptions({
    queryKey: ['health'],
    queryFn: ({ signal }) => getHealth(signal),
    refetchInterval: HEALTH_REFRESH_MS,
    retry: false,
  });

export const useHealth = () => useQuery(healthQueryOptions());
