import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { Executor } from '../../db/client';
import { membershipRepository, type InvitationRow } from './membership-repository';

/** An invitation found by a link's token; `mailed` when the token is the one e-mailed to the invitee. */
export type UsableInvitation = InvitationRow & { mailed: boolean };

/** The pending, unexpired invitation a sign-up token stands for, or a clear 4xx. */
export async function usableInvitation(db: Executor, token: string, now: Date): Promise<UsableInvitation> {
  const tokenHash = sha256(token);
  const invitation = await membershipRepository.findInvitationByTokenHash(db, tokenHash);
  if (!invitation) throw new AppError(404, 'Invitation not found', 'invitation_not_found');
  if (invitation.status !== 'pending') {
    throw new AppError(410 as number, `This invitation is ${invitation.status}`, `invitation_${invitation.status}`);
  }
  if (invitation.expiresAt <= now) throw new AppError(410, 'This invitation has expired', 'invitation_expired');
  return { ...invitation, mailed: invitation.mailTokenHash === tokenHash };
}
