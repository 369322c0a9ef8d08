import { PRODUCT_NAME, type CreateUser, type Invitation, type InviteUser, type OrganizationMember, type OrganizationRole } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { accountRepository } from '../../idp/account-repository';
import { hashPassword, randomSecret, sha256 } from '../../lib/crypto';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity } from '../logs/record-activity';
import { people } from '../users/people';
import { isOrganizationsAlone } from './account-provisioning';
import { memberRepository } from './member-repository';
import { assertMayGrant, toMember } from './member-rules';
import { membershipRepository, type InvitationRow } from './membership-repository';
import { organizationsRepository } from './organization-repository';
import { displayDateTime } from '../../lib/display-date';

export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

type IssueDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'mailer'>;
type InvitationDeps = IssueDeps & Pick<Deps, 'idp'>;

/** An issued invitation: the link for administrators, and the one to e-mail when SMTP is configured. */
export type IssuedInvitation = { row: InvitationRow; signupLink: string; mailLink: string | null };

export const signupLinkFor = (deps: Pick<Deps, 'config'>, token: string) => `${deps.config.publicUrl}/api/auth/authorize/${encodeURIComponent(token)}`;

/**
 * Writes a pending invitation. The e-mailed link gets its own token: only it proves the address is the
 * invitee's (see account-provisioning.ts), so the link shown to administrators never carries it.
 */
export async function issueInvitation(
  db: Executor,
  deps: IssueDeps,
  values: { organizationId: string; userId: string; email: string; role: OrganizationRole; firstname?: string; lastname?: string; invitedBy: string },
): Promise<IssuedInvitation> {
  const token = randomSecret(24);
  const mailToken = deps.mailer.enabled ? randomSecret(24) : null;
  const row = await membershipRepository.insertInvitation(db, {
    ...values,
    firstname: values.firstname ?? '',
    lastname: values.lastname ?? '',
    tokenHash: sha256(token),
    mailTokenHash: mailToken ? sha256(mailToken) : null,
    status: 'pending',
    expiresAt: new Date(deps.clock.now().getTime() + INVITATION_TTL_MS),
  });
  return { row, signupLink: signupLinkFor(deps, token), mailLink: mailToken ? signupLinkFor(deps, mailToken) : null };
}

/** E-mails the invitation when SMTP is configured; call after the transaction, so a mail never outlives a rollback. */
export async function mailInvitation(deps: IssueDeps, issued: IssuedInvitation, inviterName: string, subject?: string): Promise<boolean> {
  if (!deps.mailer.enabled || !issued.mailLink) return false;
  const organization = await organizationsRepository.findById(deps.db, issued.row.organizationId);
  const name = organization?.name ?? 'an organization';
  return deps.mailer.send({
    to: issued.row.email,
    subject: subject ?? `You are invited to ${name} on ${PRODUCT_NAME}`,
    text: [
      `${inviterName} invited you to join ${name} on ${PRODUCT_NAME} as ${issued.row.role}.`,
      '',
      `Accept the invitation: ${issued.mailLink}`,
      'If you have no account yet, the link lets you create one; otherwise sign in as yourself to accept.',
      '',
      `The link works once and expires on ${displayDateTime(issued.row.expiresAt)} UTC.`,
    ].join('\n'),
  });
}

const toInvitation = (issued: IssuedInvitation, emailSent: boolean): Invitation => ({
  invitation_id: issued.row.id,
  // Not the person's user id: until they accept, the invitation is all this organization knows them by.
  user_id: issued.row.id,
  email: issued.row.email,
  role: issued.row.role,
  status: issued.row.status,
  expires_at: issued.row.expiresAt.toISOString(),
  signup_link: issued.signupLink,
  email_sent: emailSent,
});

const nameOf = (ctx: RequestContext) => `${ctx.user.firstname} ${ctx.user.lastname}`.trim() || ctx.user.email;

export function invitationService(deps: InvitationDeps) {
  const activity = (ctx: RequestContext, organizationId: string, userId: string, action: string, before: unknown, after: unknown) => ({
    organizationId,
    actorId: ctx.user.id,
    objectType: 'organization_user',
    objectId: userId,
    action,
    before,
    after,
  });

  async function memberOrThrow(db: Executor, organizationId: string, userId: string) {
    const member = await memberRepository.find(db, organizationId, userId, deps.clock.now());
    if (!member) throw notFound('User');
    return member;
  }

  /** The person an answer named: a member by user id, an invitee by invitation id. */
  async function namedOrThrow(db: Executor, organizationId: string, id: string) {
    const member = await memberRepository.findByAnsweredId(db, organizationId, id, deps.clock.now());
    if (!member) throw notFound('User');
    return member;
  }

  /** The person with this e-mail, or a new record the organization makes (and, so far, has alone). */
  async function personFor(db: Executor, organizationId: string, input: { email: string; firstname?: string; lastname?: string }) {
    const existing = await people.findByEmail(db, input.email);
    if (existing) return existing;
    return people.create(db, {
      email: input.email,
      firstname: input.firstname ?? '',
      lastname: input.lastname ?? '',
      provisionedByOrganizationId: organizationId,
    });
  }

  return {
    /** The answer is the same whether or not the e-mail already has an account anywhere. */
    async invite(ctx: RequestContext, organizationId: string, input: InviteUser): Promise<Invitation> {
      assertMayGrant(ctx, [input.role]);
      const issued = await deps.db.transaction(async (tx) => {
        const user = await personFor(tx, organizationId, input);
        if (await memberRepository.membership(tx, organizationId, user.id)) throw conflict(`${input.email} is already a member of this organization`);
        const latest = await memberRepository.latestInvitation(tx, organizationId, user.id);
        if (latest?.status === 'pending' && latest.expiresAt > deps.clock.now()) {
          throw conflict(`An invitation for ${input.email} is already pending: resend it instead`);
        }
        await memberRepository.cancelPending(tx, organizationId, user.id);
        const issued = await issueInvitation(tx, deps, { organizationId, userId: user.id, email: input.email, role: input.role, firstname: input.firstname, lastname: input.lastname, invitedBy: ctx.user.id });
        await recordActivity(tx, activity(ctx, organizationId, user.id, 'invited', null, { email: input.email, role: input.role, expires_at: issued.row.expiresAt.toISOString() }));
        return issued;
      });
      return toInvitation(issued, await mailInvitation(deps, issued, nameOf(ctx)));
    },

    /**
     * Creates a member at once — with a first password at the embedded provider — only for a person the
     * organization has alone; anyone else gets a pending invitation they accept by signing in as themselves.
     */
    async createDirectly(ctx: RequestContext, organizationId: string, input: CreateUser): Promise<OrganizationMember> {
      assertMayGrant(ctx, [input.role]);
      if (input.password && !deps.idp) throw new AppError(422, 'password applies only to the embedded identity provider');
      const { member, issued } = await deps.db.transaction(async (tx) => {
        const existing = await people.findByEmail(tx, input.email);
        if (existing && (await memberRepository.membership(tx, organizationId, existing.id))) {
          throw conflict(`${input.email} is already a member of this organization`);
        }
        if (existing) await memberRepository.cancelPending(tx, organizationId, existing.id);
        if (existing && !(await isOrganizationsAlone(tx, existing, organizationId))) {
          const issued = await issueInvitation(tx, deps, { organizationId, userId: existing.id, email: input.email, role: input.role, firstname: input.firstname, lastname: input.lastname, invitedBy: ctx.user.id });
          await recordActivity(tx, activity(ctx, organizationId, existing.id, 'invited', null, { email: input.email, role: input.role, expires_at: issued.row.expiresAt.toISOString() }));
          return { member: toMember(await memberOrThrow(tx, organizationId, existing.id)), issued };
        }
        const user = existing ?? (await personFor(tx, organizationId, input));
        if (existing) await people.update(tx, user.id, { firstname: input.firstname, lastname: input.lastname });
        if (input.password) {
          const account = await accountRepository.create(tx, {
            email: input.email,
            passwordHash: await hashPassword(input.password),
            givenName: input.firstname,
            familyName: input.lastname,
          });
          if (!account) throw conflict(`${input.email} already has a sign-in account: leave the password empty`);
        }
        await membershipRepository.addMember(tx, organizationId, user.id, input.role);
        await recordActivity(tx, activity(ctx, organizationId, user.id, 'created', null, { email: input.email, role: input.role }));
        return { member: toMember(await memberOrThrow(tx, organizationId, user.id)), issued: null };
      });
      if (issued) await mailInvitation(deps, issued, nameOf(ctx));
      return member;
    },

    async cancelInvites(ctx: RequestContext, organizationId: string, id: string): Promise<OrganizationMember> {
      return deps.db.transaction(async (tx) => {
        const userId = (await namedOrThrow(tx, organizationId, id)).person_id;
        const cancelled = await memberRepository.cancelPending(tx, organizationId, userId);
        if (cancelled === 0) throw conflict('This user has no pending invitation');
        await recordActivity(tx, activity(ctx, organizationId, userId, 'invitation_cancelled', null, null));
        return toMember(await memberOrThrow(tx, organizationId, userId));
      });
    },

    async resendInvite(ctx: RequestContext, organizationId: string, id: string): Promise<Invitation> {
      const issued = await deps.db.transaction(async (tx) => {
        const member = await namedOrThrow(tx, organizationId, id);
        const userId = member.person_id;
        if (member.activation_status !== null) throw conflict('This user is already a member');
        const latest = await memberRepository.latestInvitation(tx, organizationId, userId);
        if (!latest) throw notFound('Invitation');
        await memberRepository.cancelPending(tx, organizationId, userId);
        const issued = await issueInvitation(tx, deps, { organizationId, userId, email: latest.email, role: latest.role, firstname: latest.firstname, lastname: latest.lastname, invitedBy: ctx.user.id });
        await recordActivity(tx, activity(ctx, organizationId, userId, 'invitation_resent', null, { expires_at: issued.row.expiresAt.toISOString() }));
        return issued;
      });
      return toInvitation(issued, await mailInvitation(deps, issued, nameOf(ctx)));
    },

    /** Links are stored only as hashes, so handing one out again means issuing a fresh one (the e-mailed one keeps working). */
    async freshSignupLink(ctx: RequestContext, organizationId: string, id: string) {
      return deps.db.transaction(async (tx) => {
        const member = await namedOrThrow(tx, organizationId, id);
        const userId = member.person_id;
        const latest = await memberRepository.latestInvitation(tx, organizationId, userId);
        if (member.activation_status !== null || !latest || !['pending', 'expired'].includes(member.state)) {
          throw conflict('This user has no open invitation: invite them again');
        }
        const token = randomSecret(24);
        const expiresAt = new Date(deps.clock.now().getTime() + INVITATION_TTL_MS);
        await memberRepository.rotateInvitation(tx, latest.id, sha256(token), expiresAt);
        await recordActivity(tx, activity(ctx, organizationId, userId, 'signup_link_issued', null, { expires_at: expiresAt.toISOString() }));
        return { signup_link: signupLinkFor(deps, token), expires_at: expiresAt.toISOString() };
      });
    },
  };
}
