import type { ClientConfig } from '@aegis/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './api-client';

export function getClientConfig(signal?: AbortSignal): Promise<ClientConfig> {
  return apiFetch<ClientConfig>('/api/client-config', { auth: false, signal });
}

/** The deployment's settings, read once before anyone signs in; they do not change while the page lives. */
export const clientConfigQuery = queryOptions({
  queryKey: ['client-config'],
  queryFn: ({ signal }) => getClientConfig(signal),
  staleTime: Infinity,
});
