import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS, type TokenPair } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { randomSecret, sha256 } from '../../lib/crypto';
import { unauthorized } from '../../lib/errors';
import { usersRepository } from '../users/repository';
import { refreshTokenRepository } from './refresh-token-repository';

export type SignInSubject = { userId: string; organizationId: string | null; rights?: string[] | null };

export type IssuedTokens = TokenPair & { familyId: string };

export function tokenService(deps: Pick<Deps, 'db' | 'clock' | 'accessTokens'>) {
  async function issue(db: Executor, subject: SignInSubject, familyId: string = randomUUID()): Promise<IssuedTokens> {
    const now = deps.clock.now();
    const refreshToken = randomSecret(32);
    await refreshTokenRepository.insert(db, {
      familyId,
      userId: subject.userId,
      organizationId: subject.organizationId,
      tokenHash: sha256(refreshToken),
      rights: subject.rights ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    });
    const accessToken = await deps.accessTokens.sign(
      { userId: subject.userId, organizationId: subject.organizationId, rights: subject.rights ?? null },
      now,
    );
    return { access_token: accessToken, refresh_token: refreshToken, token_type: 'bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS, familyId };
  }

  return {
    issue,

    /** Rotates a refresh token. Presenting one that was already rotated revokes its whole family. */
    async refresh(refreshToken: string): Promise<IssuedTokens> {
      const now = deps.clock.now();
      const row = await refreshTokenRepository.findByHash(deps.db, sha256(refreshToken));
      if (!row) throw unauthorized('Unknown refresh token', 'invalid_token');
      if (row.revokedAt) throw unauthorized('This session was revoked; sign in again', 'token_revoked');
      if (row.expiresAt <= now) throw unauthorized('Refresh token expired; sign in again', 'token_expired');
      if (row.usedAt) {
        await refreshTokenRepository.revokeFamily(deps.db, row.familyId, now);
        throw unauthorized('Refresh token reused; the session was revoked', 'token_reused');
      }
      if (row.organizationId && !(await usersRepository.findActiveMembership(deps.db, row.userId, row.organizationId))) {
        await refreshTokenRepository.revokeFamily(deps.db, row.familyId, now);
        throw unauthorized('You no longer have access to this organization', 'membership_revoked');
      }
      const rotated = await deps.db.transaction(async (tx) => {
        if (!(await refreshTokenRepository.markUsed(tx, row.id, now))) return undefined;
        return issue(tx, { userId: row.userId, organizationId: row.organizationId, rights: row.rights }, row.familyId);
      });
      if (!rotated) {
        // Lost a race with another use of the same token: that is a reuse too.
        await refreshTokenRepository.revokeFamily(deps.db, row.familyId, now);
        throw unauthorized('Refresh token reused; the session was revoked', 'token_reused');
      }
      return rotated;
    },

    async revokeFamily(familyId: string) {
      await refreshTokenRepository.revokeFamily(deps.db, familyId, deps.clock.now());
    },
  };
}
