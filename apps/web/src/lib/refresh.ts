import { XSRF_COOKIE, XSRF_HEADER } from '@aegis/contracts';
import { readCookie } from './cookies';
import { apiErrorFromFailure, apiErrorFromResponse } from './error-catalogue';
import { reportError } from './error-reporting';
import { isPageLeaving, whenPageInUse } from './page-lifecycle';
import { withRefreshLock } from './refresh-lock';
import { getRefreshToken, hasFreshAccessToken, hasValidAccessToken, storeTokens } from './session';

const REFRESH_URL = '/api/auth/refresh';
/** An access token issued this recently was just refreshed by another tab. */
const JUST_ISSUED_MS = 10_000;

let inFlight: Promise<boolean> | null = null;

/**
 * Trades the refresh token for a new pair and stores it. Callers in this tab share one request, and
 * tabs take turns (refresh-lock.ts): the server rotates the refresh token, so a second request with
 * the same one would be a reuse. A tab that waited its turn while another refreshed takes that pair
 * instead of rotating again. Never starts while the page is being left (page-lifecycle.ts): it waits
 * for the page to be shown again, which a page that is unloading never is. Resolves false when there
 * is no refresh token, and false after reporting why when the server refuses it or the network fails;
 * it never logs out: the callers decide (spec section 4).
 */
export function refreshSession(): Promise<boolean> {
  inFlight ??= runRefresh().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

const PAGE_LEFT = 'page-left';

async function runRefresh(): Promise<boolean> {
  for (;;) {
    await whenPageInUse();
    const seen = getRefreshToken();
    // No refresh token is a visitor who never signed in (or signed out): nothing failed, nothing to report.
    if (!seen) return false;
    const outcome = await withRefreshLock(() => refreshInTurn(seen));
    if (outcome !== PAGE_LEFT) return outcome;
  }
}

/** Runs holding the lock: `seen` is the refresh token there was when this tab asked for its turn. */
async function refreshInTurn(seen: string): Promise<boolean | typeof PAGE_LEFT> {
  // Left while waiting for the turn: give the turn back, and wait for the page to come back.
  if (isPageLeaving()) return PAGE_LEFT;
  const current = getRefreshToken();
  // Signed out in another tab meanwhile.
  if (!current) return false;
  // Another tab refreshed meanwhile (while this one waited its turn, or just before this one asked for
  // it, which `seen` cannot tell): its pair is in the shared storage.
  if ((current !== seen && hasValidAccessToken()) || hasFreshAccessToken(JUST_ISSUED_MS)) return true;
  try {
    storeTokens(await requestTokens(current));
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
