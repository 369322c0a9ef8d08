import { jwtDecode } from 'jwt-decode';

/** The claims of our access token that the client reads (`exp` and `iat` in seconds, server time). */
export type TokenClaims = { exp?: number; iat?: number; sub?: string; org?: string | null };

/**
 * Reads the payload of a JWT without verifying it (the server verifies). Throws jwt-decode's
 * `InvalidTokenError` with the spec's messages: 'Invalid token specified: must be a string',
 * '… missing part #2', '… invalid base64 for part #2 (…)', '… invalid json for part #2 (…)'.
 */
export function decodeToken(token: unknown): TokenClaims {
  const payload = jwtDecode<Record<string, unknown> | null>(token as string);
  const claims: TokenClaims = {};
  if (typeof payload !== 'object' || payload === null) return claims;
  if (typeof payload.exp === 'number') claims.exp = payload.exp;
  if (typeof payload.iat === 'number') claims.iat = payload.iat;
  if (typeof payload.sub === 'string') claims.sub = payload.sub;
  if (typeof payload.org === 'string' || payload.org === null) claims.org = payload.org;
  return claims;
}

/**
 * A token is valid until its `exp` (seconds). A missing, undecodable or exp-less token counts as
 * expired: the client cannot tell how long it lasts, and a refresh replaces it.
 */
export function isTokenExpired(token: string | null, now = Date.now()): boolean {
  if (!token) return true;
  try {
    const { exp } = decodeToken(token);
    return exp === undefined || exp * 1000 <= now;
  } catch {
    return true;
  }
}
