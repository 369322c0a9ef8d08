import { XSRF_COOKIE, XSRF_HEADER } from '@aegis/contracts';
import { readCookie } from './cookies';
import { apiErrorFromFailure, apiErrorFromResponse } from './error-catalogue';
import { reportError } from './error-reporting';
import { getRefreshToken, storeTokens } from './session';

const REFRESH_URL = '/api/auth/refresh';

let inFlight: Promise<boolean> | null = null;

/**
 * Trades the refresh token for a new pair and stores it. Concurrent callers share one request (the
 * server rotates the refresh token, so a second request with the same one would be a reuse). Resolves
 * false when there is no refresh token, and false after reporting why when the server refuses it or
 * the network fails; it never logs out: the callers decide (spec section 4).
 */
export function refreshSession(): Promise<boolean> {
  inFlight ??= runRefresh().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function runRefresh(): Promise<boolean> {
  const refreshToken = getRefreshToken();
  // No refresh token is a visitor who never signed in (or signed out): nothing failed, nothing to report.
  if (!refreshToken) return false;
  try {
    storeTokens(await requestTokens(refreshToken));
    return true;
  } catch (error) {
    reportError(error, { during: 'session refresh' });
    return false;
  }
}

async function requestTokens(refreshToken: string): Promise<{ access_token: string; refresh_token: string }> {
  const headers = new Headers({ Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' });
  const xsrf = readCookie(XSRF_COOKIE);
  if (xsrf) headers.set(XSRF_HEADER, xsrf);
  const body = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString();
  let response: Response;
  let payload: unknown;
  try {
    response = await fetch(REFRESH_URL, { method: 'POST', body, headers, credentials: 'same-origin' });
    payload = await response.json().catch(() => undefined);
  } catch (failure) {
    throw apiErrorFromFailure(failure);
  }
  if (!response.ok) throw apiErrorFromResponse(response, payload);
  const pair = payload as { access_token?: unknown; refresh_token?: unknown } | undefined;
  if (typeof pair?.access_token !== 'string' || pair.access_token === '' || typeof pair.refresh_token !== 'string') {
    throw new Error('Session refresh failed: the answer carried no token pair');
  }
  return { access_token: pair.access_token, refresh_token: pair.refresh_token };
}
