import type { Deps } from '../../deps';
import { AppError, forbidden } from '../../lib/errors';
import { membershipRepository } from '../organizations/membership-repository';
import { usableInvitation } from '../organizations/invitation-check';
import { usersRepository } from '../users/repository';
import type { IdentityClaims } from './oidc-relying-party';
import { tokenService, type IssuedTokens } from './token-service';

export function signInService(deps: Deps) {
  const tokens = tokenService(deps);

  return {
    /** Signs in an existing user identified by the provider's verified email. */
    async signIn(identity: IdentityClaims): Promise<IssuedTokens> {
      // An administrator may have pinned the provider's subject to a user; else the verified email decides.
      const user =
        (await usersRepository.findBySubject(deps.db, identity.subject)) ?? (await usersRepository.findByEmail(deps.db, identity.email));
      if (!user) throw forbidden(`No account exists for ${identity.email}`, 'wrong_email');
      const organizationId = await usersRepository.firstActiveOrganizationId(deps.db, user.id);
      // Every membership deactivated: refused. No membership at all: signed in, and the app says so.
      if (!organizationId && (await usersRepository.hasAnyMembership(deps.db, user.id))) {
        throw forbidden('Your account is deactivated', 'account_deactivated');
      }
      return tokens.issue(deps.db, { userId: user.id, organizationId: organizationId ?? null });
    },

    /** Accepts an invitation for the signed-up identity: one transaction creates the user and membership. */
    async register(identity: IdentityClaims, invitationToken: string): Promise<IssuedTokens> {
      const now = deps.clock.now();
      return deps.db.transaction(async (tx) => {
        const invitation = await usableInvitation(tx, invitationToken, now);
        if (invitation.email.toLowerCase() !== identity.email) {
          throw forbidden(`This invitation is for another email address than ${identity.email}`, 'wrong_email');
        }
        // Inviting created the user record already (maybe without names): complete it from the provider.
        const existing = await usersRepository.findByEmail(tx, identity.email);
        if (existing && (!existing.firstname || !existing.lastname)) {
          await usersRepository.update(tx, existing.id, {
            firstname: existing.firstname || identity.givenName,
            lastname: existing.lastname || identity.familyName,
          });
        }
        const user =
          existing ??
          (await usersRepository.create(tx, {
            email: identity.email,
            firstname: identity.givenName,
            lastname: identity.familyName,
          }));
        if (!(await membershipRepository.acceptInvitation(tx, invitation.id, now))) {
          throw new AppError(410, 'This invitation was already used', 'invitation_accepted');
        }
        await membershipRepository.addMember(tx, invitation.organizationId, user.id, invitation.role);
        return tokens.issue(tx, { userId: user.id, organizationId: invitation.organizationId });
      });
    },
  };
}
