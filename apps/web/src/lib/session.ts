import type { CurrentUser, TokenPair } from '@aegis/contracts';
import { browserLocation } from './navigation';
import { forgetSignInContext, markSessionEnded, rememberReturnPath } from './sign-in-context';
import { decodeToken, isTokenExpired } from './token';

const ACCESS_TOKEN_KEY = 'access_token';
const REFRESH_TOKEN_KEY = 'refresh_token';
/** The stored profile; the spec's logout removes it together with the tokens. */
const USER_KEY = 'user';
/** How far this device's clock runs ahead of the server's, in ms, measured when the tokens arrived. */
const CLOCK_OFFSET_KEY = 'clock_offset';
const DARK_MODE_KEY = 'dark_mode';

const LOGOUT_URL = '/api/auth/logout';

export function getAccessToken(): string | null {
  return localStorage.getItem(ACCESS_TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return localStorage.getItem(REFRESH_TOKEN_KEY);
}

/**
 * Stores the pair in localStorage, which every tab of this origin reads: a pair one tab gets is the
 * pair the others use from their next call on.
 */
export function storeTokens(tokens: Pick<TokenPair, 'access_token' | 'refresh_token'>): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, tokens.access_token);
  localStorage.setItem(REFRESH_TOKEN_KEY, tokens.refresh_token);
  storeClockOffset(tokens.access_token);
}

/**
 * The token was issued (`iat`, server time) just before it arrived, so the gap to this device's clock
 * is the clock's error. Expiry is judged in server time: a device whose clock runs 20 minutes fast
 * would otherwise see every fresh token as expired and sign the user out.
 */
function storeClockOffset(accessToken: string): void {
  let issuedAt: number | undefined;
  try {
    issuedAt = decodeToken(accessToken).iat;
  } catch {
    issuedAt = undefined;
  }
  if (issuedAt === undefined) localStorage.removeItem(CLOCK_OFFSET_KEY);
  else localStorage.setItem(CLOCK_OFFSET_KEY, String(Date.now() - issuedAt * 1000));
}

function clockOffset(): number {
  const offset = Number(localStorage.getItem(CLOCK_OFFSET_KEY));
  return Number.isFinite(offset) ? offset : 0;
}

/** There is an access token and it has not expired in server time (an undecodable one counts as expired). */
export function hasValidAccessToken(): boolean {
  return !isTokenExpired(getAccessToken(), Date.now() - clockOffset());
}

/**
 * The stored access token was issued (server time) less than `withinMs` ago: another tab has just
 * refreshed, and its pair is as good as a new one.
 */
export function hasFreshAccessToken(withinMs: number): boolean {
  if (!hasValidAccessToken()) return false;
  let issuedAt: number | undefined;
  try {
    issuedAt = decodeToken(getAccessToken()).iat;
  } catch {
    return false;
  }
  return issuedAt !== undefined && Date.now() - clockOffset() - issuedAt * 1000 < withinMs;
}

/** The user stored at sign-in, or null when none is stored or the record is unreadable. */
export function getStoredUser(): CurrentUser | null {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as unknown;
    return typeof user === 'object' && user !== null && typeof (user as CurrentUser).id === 'string' ? (user as CurrentUser) : null;
  } catch {
    return null;
  }
}

export function storeUser(user: CurrentUser): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearSession(): void {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  localStorage.removeItem(REFRESH_TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(CLOCK_OFFSET_KEY);
}

/**
 * The user signs out: forgets the session here, then lets the server revoke it and end the provider
 * session; the server answers with a redirect to the login page, so this is a full page navigation.
 * (Also an onClick handler, hence no parameters.)
 */
export function logout(): void {
  clearSession();
  forgetSignInContext();
  browserLocation.assign(LOGOUT_URL);
}

/**
 * The session cannot go on (the refresh token expired or was revoked, the user lost access) or there
 * never was one: logs out as `logout` does, but keeps `returnPath` for after the next sign-in, and,
 * when there was a session to lose, has the sign-in page say that it ended.
 */
export function endSession(returnPath: string): void {
  const hadSession = getRefreshToken() !== null;
  clearSession();
  forgetSignInContext();
  if (hadSession) markSessionEnded();
  rememberReturnPath(returnPath);
  browserLocation.assign(LOGOUT_URL);
}

/** The name the first screens used; same as `logout`. */
export const signOut = logout;

/** The stored dark-mode preference; off unless it was turned on. */
export function getDarkMode(): boolean {
  return localStorage.getItem(DARK_MODE_KEY) === 'true';
}

export function setDarkMode(on: boolean): void {
  localStorage.setItem(DARK_MODE_KEY, String(on));
}
