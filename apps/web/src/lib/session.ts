import type { TokenPair } from '@aegis/contracts';

const ACCESS_TOKEN_KEY = 'access_token';
const REFRESH_TOKEN_KEY = 'refresh_token';
/** The stored profile; the spec's logout removes it together with the tokens. */
const USER_KEY = 'user';

const LOGOUT_URL = '/api/auth/logout';

export function getAccessToken(): string | null {
  return localStorage.getItem(ACCESS_TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return localStorage.getItem(REFRESH_TOKEN_KEY);
}

export function storeTokens(tokens: Pick<TokenPair, 'access_token' | 'refresh_token'>): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, tokens.access_token);
  localStorage.setItem(REFRESH_TOKEN_KEY, tokens.refresh_token);
}

export function clearSession(): void {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  localStorage.removeItem(REFRESH_TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}

/**
 * Forgets the session here, then lets the server revoke it and end the provider session; the server
 * answers with a redirect to the login page, so this is a full page navigation.
 */
export function signOut(): void {
  clearSession();
  window.location.assign(LOGOUT_URL);
}
