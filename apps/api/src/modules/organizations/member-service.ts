import { PRODUCT_NAME, type CreateUser, type Invitation, type InviteUser, type OrganizationMember, type OrganizationRole, type Page } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { accountRepository } from '../../idp/account-repository';
import { hashPassword, randomSecret, sha256 } from '../../lib/crypto';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { pageOf } from '../../lib/paging';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity } from '../logs/record-activity';
import { usersRepository } from '../users/repository';
import { memberRepository, type MemberQuery, type MemberRow } from './member-repository';
import { membershipRepository, type InvitationRow } from './membership-repository';
import { organizationsRepository } from './organization-repository';

export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

const toMember = (row: MemberRow): OrganizationMember => ({
  ...row,
  last_access_at: row.last_access_at?.toISOString() ?? null,
  invitation: row.invitation
    ? { ...row.invitation, expires_at: new Date(row.invitation.expires_at).toISOString(), created_at: new Date(row.invitation.created_at).toISOString() }
    : null,
});

export function memberService(deps: Pick<Deps, 'db' | 'clock' | 'config' | 'idp' | 'mailer'>) {
  const signupLink = (token: string) => `${deps.config.publicUrl}/api/auth/authorize/${encodeURIComponent(token)}`;
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

  /** The organization must keep at least one active admin; checked inside the changing transaction. */
  async function assertAdminRemains(db: Executor, organizationId: string, userId: string) {
    const admins = await memberRepository.activeAdminIds(db, organizationId);
    if (admins.length === 1 && admins[0] === userId) {
      throw conflict('An organization needs at least one active admin: make someone else admin first');
    }
  }

  function assertMayGrant(ctx: RequestContext, roles: OrganizationRole[]) {
    if (roles.includes('internal') && !ctx.organizationRoles.includes('internal') && !ctx.user.isSuperAdmin) {
      throw forbidden('Only platform operators may grant the internal role');
    }
  }

  async function issueInvitation(db: Executor, ctx: RequestContext, organizationId: string, userId: string, email: string, role: OrganizationRole) {
    const token = randomSecret(24);
    const row = await membershipRepository.insertInvitation(db, {
      organizationId,
      userId,
      email,
      role,
      tokenHash: sha256(token),
      status: 'pending',
      invitedBy: ctx.user.id,
      expiresAt: new Date(deps.clock.now().getTime() + INVITATION_TTL_MS),
    });
    return toInvitation(row, token);
  }

  /** E-mails the link when SMTP is configured; runs after the transaction, so a mail never outlives a rollback. */
  async function mailInvitation(ctx: RequestContext, organizationId: string, invitation: Invitation): Promise<Invitation> {
    if (!deps.mailer.enabled) return invitation;
    const organization = await organizationsRepository.findById(deps.db, organizationId);
    const inviter = `${ctx.user.firstname} ${ctx.user.lastname}`.trim() || ctx.user.email;
    const sent = await deps.mailer.send({
      to: invitation.email,
      subject: `You are invited to ${organization?.name ?? 'an organization'} on ${PRODUCT_NAME}`,
      text: [
        `${inviter} invited you to join ${organization?.name ?? 'their organization'} on ${PRODUCT_NAME} as ${invitation.role}.`,
        '',
        `Create your account: ${invitation.signup_link}`,
        '',
        `The link works once and expires on ${invitation.expires_at.slice(0, 10)}.`,
      ].join('\n'),
    });
    return { ...invitation, email_sent: sent };
  }

  const toInvitation = (row: InvitationRow, token: string): Invitation => ({
    invitation_id: row.id,
    user_id: row.userId!,
    email: row.email,
    role: row.role,
    status: row.status,
    expires_at: row.expiresAt.toISOString(),
    signup_link: signupLink(token),
    email_sent: false,
  });

  async function changeRoles(ctx: RequestContext, organizationId: string, userId: string, next: (current: OrganizationRole[]) => OrganizationRole[]) {
    return deps.db.transaction(async (tx) => {
      const before = await memberOrThrow(tx, organizationId, userId);
      if (before.activation_status === null) throw conflict('Roles belong to members; this person has only been invited');
      const roles = [...new Set(next(before.roles))].sort();
      if (roles.length === 0) throw conflict('A member keeps at least one role');
      assertMayGrant(ctx, roles.filter((r) => !before.roles.includes(r)));
      if (before.roles.includes('admin') && !roles.includes('admin')) await assertAdminRemains(tx, organizationId, userId);
      await memberRepository.replaceRoles(tx, organizationId, userId, roles);
      await recordActivity(tx, activity(ctx, organizationId, userId, 'roles_changed', { roles: before.roles }, { roles }));
      return toMember(await memberOrThrow(tx, organizationId, userId));
    });
  }

  return {
    async list(organizationId: string, query: MemberQuery): Promise<Page<OrganizationMember>> {
      const { items, total } = await memberRepository.list(deps.db, organizationId, query, deps.clock.now());
      return pageOf(items.map(toMember), total, query.page, query.size);
    },

    async invite(ctx: RequestContext, organizationId: string, input: InviteUser): Promise<Invitation> {
      assertMayGrant(ctx, [input.role]);
      const invitation = await deps.db.transaction(async (tx) => {
        const existing = await usersRepository.findByEmail(tx, input.email);
        if (existing) {
          if (await memberRepository.membership(tx, organizationId, existing.id)) throw conflict(`${input.email} is already a member of this organization`);
          const latest = await memberRepository.latestInvitation(tx, organizationId, existing.id);
          if (latest?.status === 'pending' && latest.expiresAt > deps.clock.now()) {
            throw conflict(`An invitation for ${input.email} is already pending: resend it instead`);
          }
          await memberRepository.cancelPending(tx, organizationId, existing.id);
        }
        const user = existing ?? (await usersRepository.create(tx, { email: input.email, firstname: input.firstname ?? '', lastname: input.lastname ?? '' }));
        const invitation = await issueInvitation(tx, ctx, organizationId, user.id, input.email, input.role);
        await recordActivity(tx, activity(ctx, organizationId, user.id, 'invited', null, { email: input.email, role: input.role, expires_at: invitation.expires_at }));
        return invitation;
      });
      return mailInvitation(ctx, organizationId, invitation);
    },

    async createDirectly(ctx: RequestContext, organizationId: string, input: CreateUser): Promise<OrganizationMember> {
      if (!ctx.organizationRoles.includes('admin') && !ctx.user.isSuperAdmin) throw forbidden('Only organization admins may create users directly');
      assertMayGrant(ctx, [input.role]);
      if (input.password && !deps.idp) throw new AppError(422, 'password applies only to the embedded identity provider');
      return deps.db.transaction(async (tx) => {
        const existing = await usersRepository.findByEmail(tx, input.email);
        if (existing && (await memberRepository.membership(tx, organizationId, existing.id))) {
          throw conflict(`${input.email} is already a member of this organization`);
        }
        const user = existing ?? (await usersRepository.create(tx, { email: input.email, firstname: input.firstname, lastname: input.lastname }));
        if (existing && !existing.firstname && !existing.lastname) {
          await usersRepository.update(tx, user.id, { firstname: input.firstname, lastname: input.lastname });
        }
        if (input.password) {
          const account = await accountRepository.create(tx, {
            email: input.email,
            passwordHash: await hashPassword(input.password),
            givenName: input.firstname,
            familyName: input.lastname,
          });
          if (!account) throw conflict(`${input.email} already has a sign-in account: leave the password empty`);
        }
        await memberRepository.cancelPending(tx, organizationId, user.id);
        await membershipRepository.addMember(tx, organizationId, user.id, input.role);
        await recordActivity(tx, activity(ctx, organizationId, user.id, 'created', null, { email: input.email, role: input.role }));
        return toMember(await memberOrThrow(tx, organizationId, user.id));
      });
    },

    async setSubject(ctx: RequestContext, organizationId: string, userId: string, oid: string): Promise<OrganizationMember> {
      return deps.db.transaction(async (tx) => {
        const member = await memberOrThrow(tx, organizationId, userId);
        const holder = await usersRepository.findBySubject(tx, oid);
        if (holder && holder.id !== userId) throw conflict('Another user already has this identity provider subject');
        const before = await usersRepository.findById(tx, userId);
        await usersRepository.setSubject(tx, userId, oid);
        await recordActivity(tx, activity(ctx, organizationId, userId, 'subject_changed', { oid: before?.oidcSubject ?? null }, { oid }));
        return toMember(member);
      });
    },

    async setStatus(ctx: RequestContext, organizationId: string, userId: string, status: 'active' | 'deactivated'): Promise<OrganizationMember> {
      if (userId === ctx.user.id) throw conflict('You cannot change your own status');
      return deps.db.transaction(async (tx) => {
        const before = await memberOrThrow(tx, organizationId, userId);
        if (before.activation_status === null) throw conflict('This person has only been invited: cancel the invitation instead');
        if (before.activation_status === status) return toMember(before);
        if (status === 'deactivated' && before.roles.includes('admin')) await assertAdminRemains(tx, organizationId, userId);
        await memberRepository.setStatus(tx, organizationId, userId, status);
        await recordActivity(tx, activity(ctx, organizationId, userId, status === 'active' ? 'reactivated' : 'deactivated', { status: before.activation_status }, { status }));
        return toMember(await memberOrThrow(tx, organizationId, userId));
      });
    },

    replaceRoles: (ctx: RequestContext, organizationId: string, userId: string, roles: OrganizationRole[]) =>
      changeRoles(ctx, organizationId, userId, () => roles),
    addRole: (ctx: RequestContext, organizationId: string, userId: string, role: OrganizationRole) =>
      changeRoles(ctx, organizationId, userId, (current) => [...current, role]),
    removeRole: (ctx: RequestContext, organizationId: string, userId: string, role: OrganizationRole) =>
      changeRoles(ctx, organizationId, userId, (current) => current.filter((r) => r !== role)),

    async cancelInvites(ctx: RequestContext, organizationId: string, userId: string): Promise<OrganizationMember> {
      return deps.db.transaction(async (tx) => {
        await memberOrThrow(tx, organizationId, userId);
        const cancelled = await memberRepository.cancelPending(tx, organizationId, userId);
        if (cancelled === 0) throw conflict('This user has no pending invitation');
        await recordActivity(tx, activity(ctx, organizationId, userId, 'invitation_cancelled', null, null));
        return toMember(await memberOrThrow(tx, organizationId, userId));
      });
    },

    async resendInvite(ctx: RequestContext, organizationId: string, userId: string): Promise<Invitation> {
      const invitation = await deps.db.transaction(async (tx) => {
        const member = await memberOrThrow(tx, organizationId, userId);
        if (member.activation_status !== null) throw conflict('This user is already a member');
        const latest = await memberRepository.latestInvitation(tx, organizationId, userId);
        if (!latest) throw notFound('Invitation');
        await memberRepository.cancelPending(tx, organizationId, userId);
        const invitation = await issueInvitation(tx, ctx, organizationId, userId, latest.email, latest.role);
        await recordActivity(tx, activity(ctx, organizationId, userId, 'invitation_resent', null, { expires_at: invitation.expires_at }));
        return invitation;
      });
      return mailInvitation(ctx, organizationId, invitation);
    },

    /** Links are stored only as hashes, so handing one out again means issuing a fresh one. */
    async freshSignupLink(ctx: RequestContext, organizationId: string, userId: string) {
      return deps.db.transaction(async (tx) => {
        const member = await memberOrThrow(tx, organizationId, userId);
        const latest = await memberRepository.latestInvitation(tx, organizationId, userId);
        if (member.activation_status !== null || !latest || !['pending', 'expired'].includes(member.state)) {
          throw conflict('This user has no open invitation: invite them again');
        }
        const token = randomSecret(24);
        const expiresAt = new Date(deps.clock.now().getTime() + INVITATION_TTL_MS);
        await memberRepository.rotateInvitation(tx, latest.id, sha256(token), expiresAt);
        await recordActivity(tx, activity(ctx, organizationId, userId, 'signup_link_issued', null, { expires_at: expiresAt.toISOString() }));
        return { signup_link: signupLink(token), expires_at: expiresAt.toISOString() };
      });
    },
  };
}
