import type { Deps } from '../../deps';
import { AppError, forbidden } from '../../lib/errors';
import { memberships } from '../organizations/memberships';
import { usableInvitation } from '../organizations/invitation-check';
import { people, type Person } from '../users/people';
import type { IdentityClaims } from './oidc-relying-party';
import { tokenService, type IssuedTokens } from './token-service';

export function signInService(deps: Deps) {
  const tokens = tokenService(deps);

  /**
   * The user the provider's identity stands for: the one pinned to its subject at this issuer, else the
   * one with its verified e-mail — unless that one is pinned to another subject there. A pin never
   * takes a person the platform knows by this e-mail away from their own account.
   */
  async function userFor(identity: IdentityClaims): Promise<Person | undefined> {
    const pinned = await people.findBySubject(deps.db, identity.issuer, identity.subject);
    const byEmail = await people.findByEmail(deps.db, identity.email);
    if (pinned) {
      if (byEmail && byEmail.id !== pinned.id) {
        throw forbidden('Your sign-in is linked to another account here; ask your administrator', 'subject_conflict');
      }
      return pinned;
    }
    if (byEmail?.oidcSubject && byEmail.oidcIssuer === identity.issuer && byEmail.oidcSubject !== identity.subject) {
      throw forbidden('This account is bound to another identity at your identity provider', 'subject_mismatch');
    }
    return byEmail;
  }

  /** The first sign-in through a provider records the subject, so nobody can later pin it to someone else. */
  async function recordSubject(user: Person, identity: IdentityClaims) {
    if (user.oidcIssuer === identity.issuer && user.oidcSubject) return;
    const holder = await people.findBySubject(deps.db, identity.issuer, identity.subject);
    if (!holder) await people.setSubject(deps.db, user.id, identity.issuer, identity.subject);
  }

  return {
    /** Signs in an existing user identified by the provider. */
    async signIn(identity: IdentityClaims): Promise<IssuedTokens> {
      const user = await userFor(identity);
      if (!user) throw forbidden(`No account exists for ${identity.email}`, 'wrong_email');
      const organizationId = await people.firstActiveOrganizationId(deps.db, user.id);
      // Every membership deactivated: refused. No membership at all: signed in, and the app says so.
      if (!organizationId && (await people.hasAnyMembership(deps.db, user.id))) {
        throw forbidden('Your account is deactivated', 'account_deactivated');
      }
      await recordSubject(user, identity);
      await people.markSignedIn(deps.db, user.id, deps.clock.now());
      return tokens.issue(deps.db, { userId: user.id, organizationId: organizationId ?? null });
    },

    /**
     * Accepts an invitation as the person signed in at the provider: the invitation becomes a membership
     * only for the user whose identity it names, in one transaction.
     */
    async register(identity: IdentityClaims, invitationToken: string): Promise<IssuedTokens> {
      const now = deps.clock.now();
      const user = await userFor(identity);
      const issued = await deps.db.transaction(async (tx) => {
        const invitation = await usableInvitation(tx, invitationToken, now);
        if (invitation.email.toLowerCase() !== identity.email || (user && invitation.userId && invitation.userId !== user.id)) {
          throw forbidden(`This invitation is for another email address than ${identity.email}`, 'wrong_email');
        }
        // The person's own names, from their own sign-up, fill what nobody has set yet.
        if (user && (!user.firstname || !user.lastname)) {
          await people.update(tx, user.id, {
            firstname: user.firstname || identity.givenName,
            lastname: user.lastname || identity.familyName,
          });
        }
        const member =
          user ??
          (await people.create(tx, {
            email: identity.email,
            firstname: identity.givenName,
            lastname: identity.familyName,
          }));
        if (!(await memberships.acceptInvitation(tx, invitation.id, now))) {
          throw new AppError(410, 'This invitation was already used', 'invitation_accepted');
        }
        await memberships.addMember(tx, invitation.organizationId, member.id, invitation.role);
        await people.markSignedIn(tx, member.id, now);
        return { member, tokens: await tokens.issue(tx, { userId: member.id, organizationId: invitation.organizationId }) };
      });
      await recordSubject(issued.member, identity);
      return issued.tokens;
    },
  };
}
