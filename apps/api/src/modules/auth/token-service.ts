import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, API_TOKEN_PREFIX, REFRESH_TOKEN_TTL_SECONDS, type RevokeRequest, type TokenPair } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { randomSecret, sha256 } from '../../lib/crypto';
import { badRequest, unauthorized } from '../../lib/errors';
import { people } from '../users/people';
import { refreshTokenRepository, type RefreshTokenRow } from './refresh-token-repository';

export type SignInSubject = { userId: string; organizationId: string | null; rights?: string[] | null };

export type IssuedTokens = TokenPair & { familyId: string };

/**
 * How long a rotated refresh token is still answered: a page that unloads mid-refresh, or a second tab
 * that sent the same token, loses the answer; presenting the token again within this window gets a
 * fresh pair instead of ending the session, as long as its successor has not been used yet.
 */
export const REFRESH_GRACE_MS = 30_000;
/** Lost answers in a row that the grace window covers (reloads and tabs within the same 30 seconds). */
const MAX_GRACE_HOPS = 10;

export function tokenService(deps: Pick<Deps, 'db' | 'clock' | 'accessTokens'>) {
  /** Issues a pair in the family (a new sign-in when no family is given); `replaces` is the token it rotates. */
  async function issue(db: Executor, subject: SignInSubject, familyId: string = randomUUID(), replaces?: string): Promise<IssuedTokens> {
    const now = deps.clock.now();
    const refreshToken = randomSecret(32);
    const row = await refreshTokenRepository.insert(db, {
      familyId,
      userId: subject.userId,
      organizationId: subject.organizationId,
      tokenHash: sha256(refreshToken),
      rights: subject.rights ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    });
    if (replaces) await refreshTokenRepository.setReplacedBy(db, replaces, row.id);
    const accessToken = await deps.accessTokens.sign(
      { userId: subject.userId, organizationId: subject.organizationId, rights: subject.rights ?? null, sessionId: familyId },
      now,
    );
    return { access_token: accessToken, refresh_token: refreshToken, token_type: 'bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS, familyId };
  }

  /** Uses `row` once to issue its successor; undefined when another request used it first. */
  function rotate(row: RefreshTokenRow, byRetry = false): Promise<IssuedTokens | undefined> {
    const now = deps.clock.now();
    return deps.db.transaction(async (tx) => {
      if (!(await refreshTokenRepository.markUsed(tx, row.id, now, byRetry))) return undefined;
      return issue(tx, { userId: row.userId, organizationId: row.organizationId, rights: row.rights }, row.familyId, row.id);
    });
  }

  /**
   * A rotated token presented again: within the grace window, the answer was lost (a page unloading,
   * a second tab), so the newest token of its chain is rotated in its place — provided every token after
   * the presented one was used only by such retries, within the window, and the newest is unused. A
   * successor that was itself presented means the old token is being replayed: the family is revoked.
   */
  async function retryOrRevoke(row: RefreshTokenRow): Promise<IssuedTokens> {
    const now = deps.clock.now();
    const fresh = (token: RefreshTokenRow) => token.usedAt !== null && now.getTime() - token.usedAt.getTime() <= REFRESH_GRACE_MS;
    let current = row;
    for (let hop = 0; hop < MAX_GRACE_HOPS && fresh(current) && current.replacedBy; hop++) {
      const next = await refreshTokenRepository.findById(deps.db, current.replacedBy);
      if (!next || next.revokedAt || next.expiresAt <= now) break;
      if (!next.usedAt) {
        const rotated = await rotate(next, true);
        if (rotated) return rotated;
        break;
      }
      if (!next.usedByRetry) break;
      current = next;
    }
    await refreshTokenRepository.revokeFamily(deps.db, row.familyId, now);
    throw unauthorized('Refresh token reused; the session was revoked', 'token_reused');
  }

  return {
    issue,

    /** Rotates a refresh token. Presenting one that was already rotated revokes its whole family, but for the grace window. */
    async refresh(refreshToken: string): Promise<IssuedTokens> {
      const now = deps.clock.now();
      const row = await refreshTokenRepository.findByHash(deps.db, sha256(refreshToken));
      if (!row) throw unauthorized('Unknown refresh token', 'invalid_token');
      if (row.revokedAt) throw unauthorized('This session was revoked; sign in again', 'token_revoked');
      if (row.expiresAt <= now) throw unauthorized('Refresh token expired; sign in again', 'token_expired');
      if (row.organizationId && !(await people.findActiveMembership(deps.db, row.userId, row.organizationId))) {
        await refreshTokenRepository.revokeFamily(deps.db, row.familyId, now);
        throw unauthorized('You no longer have access to this organization', 'membership_revoked');
      }
      if (!row.usedAt) {
        const rotated = await rotate(row);
        if (rotated) return rotated;
      }
      // Used already, or by a concurrent request just now: read what that use left behind.
      const current = (await refreshTokenRepository.findById(deps.db, row.id)) ?? row;
      return retryOrRevoke(current);
    },

    async revokeFamily(familyId: string) {
      await refreshTokenRepository.revokeFamily(deps.db, familyId, deps.clock.now());
    },

    /**
     * RFC 7009: ends the sign-in (refresh-token family) that a refresh or access token belongs to, so every
     * token of it stops working at once. The hint only says where to look first (§2.1). Returns the family
     * ended, or undefined for a token that is unknown, expired or not ours: §2.2 answers those alike.
     */
    async revoke(token: string, hint?: RevokeRequest['token_type_hint']): Promise<string | undefined> {
      if (token.startsWith(API_TOKEN_PREFIX)) {
        throw badRequest('Personal API tokens are not revoked here: delete them from your API tokens', 'unsupported_token_type');
      }
      const now = deps.clock.now();
      const ofRefreshToken = async () => {
        const row = await refreshTokenRepository.findByHash(deps.db, sha256(token));
        // A used (rotated) token still names its family, as its replay at the refresh endpoint does.
        return row && row.expiresAt > now ? row.familyId : undefined;
      };
      // An expired access token has no power left: it ends nothing.
      const ofAccessToken = () => deps.accessTokens.verify(token, now).then((claims) => claims.sessionId, () => undefined);
      const lookups = hint === 'access_token' ? [ofAccessToken, ofRefreshToken] : [ofRefreshToken, ofAccessToken];
      for (const lookup of lookups) {
        const familyId = await lookup();
        if (familyId) {
          await refreshTokenRepository.revokeFamily(deps.db, familyId, now);
          return familyId;
        }
      }
      return undefined;
    },
  };
}
