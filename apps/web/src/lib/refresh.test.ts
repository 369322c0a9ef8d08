import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, stubFetch } from '../testing/fetch-stub';
import { encodeJwt, jwtExpiringIn } from '../testing/jwt';
import { reportError } from './error-reporting';
import { refreshSession } from './refresh';
import { clearSession, getAccessToken, getRefreshToken, storeTokens } from './session';

vi.mock('./error-reporting', () => ({ reportError: vi.fn() }));

const REFRESH = '/api/auth/refresh';
const pair = { access_token: 'new.access.token', refresh_token: 'r-2', token_type: 'bearer', expires_in: 900 };

beforeEach(() => {
  vi.clearAllMocks();
});

describe('refreshSession', () => {
  it('posts the refresh token as a form with the XSRF header, and stores the new pair', async () => {
    storeTokens({ access_token: 'old', refresh_token: 'r-1' });
    document.cookie = 'XSRF-TOKEN=xsrf-1';
    const fetch = stubFetch(() => jsonResponse(200, pair));
    await expect(refreshSession()).resolves.toBe(true);
    const [call] = callsTo(fetch, REFRESH);
    expect(call?.init.method).toBe('POST');
    expect(call?.init.body).toBe('grant_type=refresh_token&refresh_token=r-1');
    expect(call?.init.credentials).toBe('same-origin');
    const headers = new Headers(call?.init.headers);
    expect(headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(headers.get('x-xsrf-token')).toBe('xsrf-1');
    expect(getAccessToken()).toBe('new.access.token');
    expect(getRefreshToken()).toBe('r-2');
    expect(reportError).not.toHaveBeenCalled();
  });

  it('sends one request for concurrent callers', async () => {
    storeTokens({ access_token: 'old', refresh_token: 'r-1' });
    let release: (r: Response) => void = () => undefined;
    const fetch = stubFetch(() => new Promise<Response>((resolve) => (release = resolve)));
    const results = Promise.all([refreshSession(), refreshSession(), refreshSession()]);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    release(jsonResponse(200, pair));
    await expect(results).resolves.toEqual([true, true, true]);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('starts a new request once the previous one has settled', async () => {
    storeTokens({ access_token: 'old', refresh_token: 'r-1' });
    const fetch = stubFetch(() => jsonResponse(200, pair));
    await refreshSession();
    await refreshSession();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('resolves false and reports when the server refuses, keeping the tokens for the caller to clear', async () => {
    storeTokens({ access_token: 'old', refresh_token: 'r-1' });
    stubFetch(() => jsonResponse(401, { detail: 'Refresh token reused', code: 'unauthorized' }));
    await expect(refreshSession()).resolves.toBe(false);
    expect(reportError).toHaveBeenCalledOnce();
    expect(vi.mocked(reportError).mock.calls[0]?.[0]).toMatchObject({ status: 401, detail: 'Refresh token reused' });
    expect(getRefreshToken()).toBe('r-1');
  });

  it('treats the RFC 6749 answer of an unusable refresh token (400 invalid_grant) the same way', async () => {
    storeTokens({ access_token: 'old', refresh_token: 'r-1' });
    stubFetch(() =>
      jsonResponse(400, { error: 'invalid_grant', error_description: 'This session was revoked; sign in again', detail: 'This session was revoked; sign in again', code: 'token_revoked' }),
    );
    await expect(refreshSession()).resolves.toBe(false);
    expect(vi.mocked(reportError).mock.calls[0]?.[0]).toMatchObject({ status: 400, detail: 'This session was revoked; sign in again', code: 'token_revoked' });
    expect(getRefreshToken()).toBe('r-1');
  });

  it('resolves false and reports on a network failure or an answer without tokens', async () => {
    storeTokens({ access_token: 'old', refresh_token: 'r-1' });
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(refreshSession()).resolves.toBe(false);
    stubFetch(() => jsonResponse(200, { something: 'else' }));
    await expect(refreshSession()).resolves.toBe(false);
    expect(reportError).toHaveBeenCalledTimes(2);
    expect(getAccessToken()).toBe('old');
  });

  it('resolves false without calling the server or reporting when no refresh token is stored', async () => {
    const fetch = stubFetch(() => jsonResponse(200, pair));
    await expect(refreshSession()).resolves.toBe(false);
    expect(fetch).not.toHaveBeenCalled();
    expect(reportError).not.toHaveBeenCalled();
  });
});

/** Web Locks as another tab sees them: `before` runs when our turn comes, as if that tab went first. */
function stubLocks(before: () => void = () => undefined) {
  const request = vi.fn((_name: string, _options: LockOptions, task: () => Promise<unknown>) => {
    before();
    return task();
  });
  Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
  return request;
}

describe('refreshSession across tabs', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'locks');
  });

  it('refreshes holding the shared Web Lock, so tabs take turns', async () => {
    storeTokens({ access_token: 'old', refresh_token: 'r-1' });
    const request = stubLocks();
    stubFetch(() => jsonResponse(200, pair));
    await expect(refreshSession()).resolves.toBe(true);
    expect(request).toHaveBeenCalledWith('aegis-session-refresh', { mode: 'exclusive' }, expect.any(Function));
    expect(getRefreshToken()).toBe('r-2');
  });

  it('takes the pair another tab stored while this one waited, without rotating again', async () => {
    storeTokens({ access_token: jwtExpiringIn(-1), refresh_token: 'r-1' });
    const fresh = jwtExpiringIn(900);
    stubLocks(() => storeTokens({ access_token: fresh, refresh_token: 'r-from-other-tab' }));
    const fetch = stubFetch(() => jsonResponse(200, pair));
    await expect(refreshSession()).resolves.toBe(true);
    expect(fetch).not.toHaveBeenCalled();
    expect(getAccessToken()).toBe(fresh);
    expect(getRefreshToken()).toBe('r-from-other-tab');
  });

  it('refreshes with the newer token when another tab rotated it but left no valid access token', async () => {
    storeTokens({ access_token: jwtExpiringIn(-1), refresh_token: 'r-1' });
    stubLocks(() => storeTokens({ access_token: jwtExpiringIn(-1), refresh_token: 'r-newer' }));
    const fetch = stubFetch(() => jsonResponse(200, pair));
    await expect(refreshSession()).resolves.toBe(true);
    expect(callsTo(fetch, REFRESH)[0]?.init.body).toBe('grant_type=refresh_token&refresh_token=r-newer');
  });

  it('takes a pair another tab stored just before this one asked for its turn', async () => {
    const now = Date.now();
    const fresh = encodeJwt({ sub: 'user-1', org: 'org-1', iat: Math.floor(now / 1000), exp: Math.floor(now / 1000) + 900 });
    storeTokens({ access_token: fresh, refresh_token: 'r-from-other-tab' });
    stubLocks();
    const fetch = stubFetch(() => jsonResponse(200, pair));
    await expect(refreshSession()).resolves.toBe(true);
    expect(fetch).not.toHaveBeenCalled();
    expect(getRefreshToken()).toBe('r-from-other-tab');
  });

  it('refreshes a valid access token issued a while ago (the server refused it)', async () => {
    const issued = Date.now() - 60_000;
    storeTokens({ access_token: encodeJwt({ sub: 'user-1', org: 'org-1', iat: Math.floor(issued / 1000), exp: Math.floor(issued / 1000) + 900 }), refresh_token: 'r-1' });
    // It arrived when it was issued: this device's clock agrees with the server's.
    localStorage.setItem('clock_offset', '0');
    stubLocks();
    const fetch = stubFetch(() => jsonResponse(200, pair));
    await expect(refreshSession()).resolves.toBe(true);
    expect(callsTo(fetch, REFRESH)).toHaveLength(1);
  });

  it('resolves false without a request when another tab signed out meanwhile', async () => {
    storeTokens({ access_token: 'old', refresh_token: 'r-1' });
    stubLocks(() => clearSession());
    const fetch = stubFetch(() => jsonResponse(200, pair));
    await expect(refreshSession()).resolves.toBe(false);
    expect(fetch).not.toHaveBeenCalled();
    expect(reportError).not.toHaveBeenCalled();
  });
});

describe('refreshSession while the page is being left', () => {
  afterEach(() => {
    window.dispatchEvent(new Event('pageshow'));
  });

  it('starts no refresh after pagehide, and runs it if the page is shown again', async () => {
    storeTokens({ access_token: 'old', refresh_token: 'r-1' });
    const fetch = stubFetch(() => jsonResponse(200, pair));
    window.dispatchEvent(new Event('pagehide'));
    let settled = false;
    const result = refreshSession().then((value) => {
      settled = true;
      return value;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fetch).not.toHaveBeenCalled();
    expect(settled).toBe(false);

    // Back from the back/forward cache.
    window.dispatchEvent(new Event('pageshow'));
    await expect(result).resolves.toBe(true);
    expect(fetch).toHaveBeenCalledOnce();
  });
});
