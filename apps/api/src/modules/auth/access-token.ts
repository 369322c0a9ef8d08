import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@aegis/contracts';
import { unauthorized } from '../../lib/errors';

export type AccessClaims = {
  userId: string;
  organizationId: string | null;
  /** Set when the token was narrowed to some rights (dummy tokens). */
  rights: string[] | null;
  /** The sign-in (refresh-token family) the token belongs to; the per-request lookup checks it is still open. */
  sessionId: string;
  expiresAt: Date;
};

const AUDIENCE = 'aegis-api';
/** Verified tokens remembered at most; past it the memory starts over. */
const MAX_VERIFIED = 10_000;

export function accessTokenSigner(secret: Uint8Array, issuer: string) {
  // A token whose signature was checked once stays valid until it expires: checking it again on every
  // request (an HMAC and the JSON parsing around it) is what the per-request path spends most on after
  // the database. Expiry is still checked against the request's time.
  const verified = new Map<string, AccessClaims>();
  return {
    async sign(claims: Omit<AccessClaims, 'expiresAt'>, now: Date): Promise<string> {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ org: claims.organizationId, sid: claims.sessionId, ...(claims.rights ? { rights: claims.rights } : {}) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(issuer)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
        .sign(secret);
    },

    async verify(token: string, now: Date): Promise<AccessClaims> {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > now) return known;
        verified.delete(token);
        throw unauthorized('Access token expired', 'token_expired');
      }
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer,
          audience: AUDIENCE,
          currentDate: now,
          requiredClaims: ['sub', 'exp', 'sid'],
        });
        const rights = Array.isArray(payload.rights) ? payload.rights.map(String) : null;
        const claims: AccessClaims = {
          userId: String(payload.sub),
          organizationId: typeof payload.org === 'string' ? payload.org : null,
          rights,
          sessionId: String(payload.sid),
          expiresAt: new Date((payload.exp ?? 0) * 1000),
        };
        if (verified.size >= MAX_VERIFIED) verified.clear();
        verified.set(token, claims);
        return claims;
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw unauthorized('Access token expired', 'token_expired');
        throw unauthorized('Invalid access token', 'invalid_token');
      }
    },
  };
}

export type AccessTokenSigner = ReturnType<typeof accessTokenSigner>;
