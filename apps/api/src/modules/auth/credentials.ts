import type { Executor } from '../../db/client';
import { apiTokenRepository } from './api-token-repository';
import { refreshTokenRepository } from './refresh-token-repository';

/**
 * Ends everything that lets the person act in the organization: their sessions (and with them their
 * access tokens, at the next request) and, for good, their API tokens there. Deactivation calls it.
 */
export async function revokeCredentials(db: Executor, userId: string, organizationId: string, at: Date) {
  await refreshTokenRepository.revokeUserSessions(db, userId, organizationId, at);
  await apiTokenRepository.deleteAllForUser(db, userId, organizationId);
}
