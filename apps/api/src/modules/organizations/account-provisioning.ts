import type { Executor } from '../../db/client';
import { accountRepository } from '../../idp/account-repository';
import { people, type Person } from '../users/people';
import type { UsableInvitation } from './invitation-check';

/**
 * The identity rule (PERMISSIONS.md, "Identity across organizations"): a person's account belongs to the
 * person. An organization may act for the person — set the first password, complete a membership
 * without asking — only while the person is its own: it made the record (the e-mail had no user at
 * all) and the person belongs to no other organization. Another organization's later invitation does
 * not take that away (else it could lock the person out of signing up): it is accepted by whoever the
 * account is, as every invitation of an existing person is. Super admins are nobody's.
 */
export async function isOrganizationsAlone(db: Executor, user: Person, organizationId: string): Promise<boolean> {
  if (user.isSuperAdmin || user.provisionedByOrganizationId !== organizationId) return false;
  const ties = await people.tiesElsewhere(db, user.id, organizationId);
  return ties.memberships === 0;
}

/**
 * Whether following an invitation link may create the invitee's sign-in account (set its first
 * password) at the embedded provider. The e-mailed link proves the address is the invitee's; a link an
 * administrator copied proves nothing, so it works only for a person the organization made and has alone.
 */
export async function linkMayCreateAccount(db: Executor, invitation: UsableInvitation): Promise<boolean> {
  if (await accountRepository.findByEmail(db, invitation.email)) return false;
  const user = invitation.userId ? await people.findById(db, invitation.userId) : await people.findByEmail(db, invitation.email);
  if (!user) return true;
  if (user.isSuperAdmin) return false;
  if (invitation.mailed) return true;
  return isOrganizationsAlone(db, user, invitation.organizationId);
}
