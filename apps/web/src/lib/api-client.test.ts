import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../testing/fetch-stub';
import { apiFetch, postForm } from './api-client';
import { ApiError } from './errors';
import { storeTokens } from './session';

const headersOf = (init: RequestInit | undefined) => new Headers(init?.headers);

describe('apiFetch', () => {
  it('sends the stored access token as a Bearer header and parses JSON', async () => {
    storeTokens({ access_token: 'a.b.c', refresh_token: 'r' });
    const fetch = stubFetch(() => jsonResponse(200, { ok: true }));
    await expect(apiFetch('/api/thing')).resolves.toEqual({ ok: true });
    expect(headersOf(fetch.mock.calls[0]?.[1]).get('authorization')).toBe('Bearer a.b.c');
  });

  it('sends no Authorization header without a token, or when told not to', async () => {
    const fetch = stubFetch(() => jsonResponse(200, {}));
    await apiFetch('/api/thing');
    storeTokens({ access_token: 'a.b.c', refresh_token: 'r' });
    await apiFetch('/api/thing', { auth: false });
    for (const [, init] of fetch.mock.calls) expect(headersOf(init).has('authorization')).toBe(false);
  });

  it('throws an ApiError with the status, code and detail of an error body', async () => {
    stubFetch(() => jsonResponse(403, { detail: 'Not yours', code: 'forbidden' }));
    const error = await apiFetch('/api/thing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'forbidden', detail: 'Not yours' });
  });

  it('falls back to the status text when the error body is not ours', async () => {
    stubFetch(() => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(apiFetch('/api/thing')).rejects.toMatchObject({ status: 502, code: 'error', detail: 'Bad Gateway' });
  });

  it('turns a failed connection into a network error', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiFetch('/api/thing')).rejects.toMatchObject({ status: 0, code: 'network_unavailable', detail: 'Network unavailable' });
  });
});

describe('postForm', () => {
  it('posts a url-encoded body with the XSRF cookie echoed in the header', async () => {
    document.cookie = 'XSRF-TOKEN=xsrf-value';
    const fetch = stubFetch(() => jsonResponse(201, { done: true }));
    await postForm('/api/form', new URLSearchParams({ a: '1', b: 'x y' }));
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('a=1&b=x+y');
    expect(init?.credentials).toBe('same-origin');
    expect(headersOf(init).get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(headersOf(init).get('x-xsrf-token')).toBe('xsrf-value');
  });
});
