import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { buildClientConfig } from '../testing/factories';
import { jsonResponse, stubFetch } from '../testing/fetch-stub';
import { clientConfigQuery } from './client-config';

describe('clientConfigQuery', () => {
  it('reads /api/client-config without credentials, once', async () => {
    const config = buildClientConfig({ sentry_dsn: 'https://k@sentry.example.com/1' });
    const fetch = stubFetch(() => jsonResponse(200, config));
    const client = new QueryClient();
    await expect(client.fetchQuery(clientConfigQuery)).resolves.toEqual(config);
    await client.fetchQuery(clientConfigQuery);
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/client-config');
    expect(new Headers(init?.headers).has('authorization')).toBe(false);
    expect(clientConfigQuery.queryKey).toEqual(['client-config']);
    expect(clientConfigQuery.staleTime).toBe(Infinity);
  });
});
