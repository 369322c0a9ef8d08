import type { OrganizationMember, OrganizationRole, Page } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { pageOf } from '../../lib/paging';
import type { RequestContext } from '../../plugins/auth';
import { revokeCredentials } from '../auth/credentials';
import { recordActivity } from '../logs/record-activity';
import { recountReviewsAwaiting } from '../reviews/recount';
import { people } from '../users/people';
import { memberRepository, type MemberQuery, type MemberRow } from './member-repository';
import { assertMayChange, assertMayGrant, toMember } from './member-rules';

/** Members of an organization: who they are there (list), their status, roles and provider subject. */
export function memberService(deps: Pick<Deps, 'db' | 'clock' | 'relyingParty'>) {
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

  /**
   * The person an answer named (a member by user id, an invitee by invitation id) and, for a member, one
   * the caller may change. An invitee's account is not this organization's to look at: callers refuse
   * what applies to members only before anything about the person could show.
   */
  async function changeableMember(db: Executor, ctx: RequestContext, organizationId: string, id: string) {
    const member = await memberRepository.findByAnsweredId(db, organizationId, id, deps.clock.now());
    if (!member) throw notFound('User');
    const user = (await people.findById(db, member.person_id))!;
    if (member.activation_status !== null) assertMayChange(ctx, user);
    return { member, user, userId: member.person_id };
  }

  /** The organization must keep at least one active admin; checked inside the changing transaction. */
  async function assertAdminRemains(db: Executor, organizationId: string, userId: string) {
    const admins = await memberRepository.activeAdminIds(db, organizationId);
    if (admins.length === 1 && admins[0] === userId) {
      throw conflict('An organization needs at least one active admin: make someone else admin first');
    }
  }

  /** An invitation grants one role; changing it before acceptance changes what acceptance will grant. */
  async function changeInvitationRole(tx: Executor, ctx: RequestContext, organizationId: string, invitee: MemberRow, roles: OrganizationRole[]) {
    if (roles.length !== 1) throw conflict('An invitation grants one role: choose one; add more once the person has accepted');
    if (!invitee.invitation || !['pending', 'expired'].includes(invitee.invitation.status)) {
      throw conflict('This invitation was cancelled: invite the person again');
    }
    await memberRepository.setInvitationRole(tx, organizationId, invitee.invitation.invitation_id, roles[0]!);
    await recordActivity(tx, activity(ctx, organizationId, invitee.person_id, 'invitation_role_changed', { roles: invitee.roles }, { roles }));
    return toMember((await memberRepository.find(tx, organizationId, invitee.person_id, deps.clock.now()))!);
  }

  async function changeRoles(ctx: RequestContext, organizationId: string, id: string, next: (current: OrganizationRole[]) => OrganizationRole[]) {
    return deps.db.transaction(async (tx) => {
      const { member: before, userId } = await changeableMember(tx, ctx, organizationId, id);
      const roles = [...new Set(next(before.roles))].sort();
      if (roles.length === 0) throw conflict('A member keeps at least one role');
      assertMayGrant(ctx, roles.filter((r) => !before.roles.includes(r)));
      if (before.activation_status === null) return changeInvitationRole(tx, ctx, organizationId, before, roles);
      if (before.roles.includes('admin') && !roles.includes('admin')) await assertAdminRemains(tx, organizationId, userId);
      await memberRepository.replaceRoles(tx, organizationId, userId, roles);
      await recordActivity(tx, activity(ctx, organizationId, userId, 'roles_changed', { roles: before.roles }, { roles }));
      return toMember(await memberOrThrow(tx, organizationId, userId));
    });
  }

  return {
    async list(organizationId: string, query: MemberQuery): Promise<Page<OrganizationMember>> {
      // A project the caller supplies is resolved in their organization: another one's answers 404.
      if (query.notInProject && !(await memberRepository.hasProject(deps.db, organizationId, query.notInProject))) throw notFound('Project');
      const { items, total } = await memberRepository.list(deps.db, organizationId, query, deps.clock.now());
      return pageOf(items.map(toMember), total, query.page, query.size);
    },

    /**
     * Pins the member's subject at the configured identity provider. Whoever holds that subject signs in
     * as the member, so an organization may pin only a person it has alone who never signed in;
     * platform operators may pin anyone of theirs alone but a super admin; a super admin, anyone.
     */
    async setSubject(ctx: RequestContext, organizationId: string, id: string, oid: string): Promise<OrganizationMember> {
      const issuer = deps.relyingParty.issuer;
      return deps.db.transaction(async (tx) => {
        const { member, user, userId } = await changeableMember(tx, ctx, organizationId, id);
        if (member.activation_status === null) throw conflict('Only members can have their subject pinned; this person has only been invited');
        if (!ctx.user.isSuperAdmin) {
          // The internal role acts only where it is held (issue 17, item 4): a person who also belongs
          // elsewhere keeps their sign-in unless they or a super admin change it.
          const ties = await people.tiesElsewhere(tx, userId, organizationId);
          if (ties.memberships > 0 || ties.invitations > 0) {
            throw forbidden('This person also belongs to another organization: only they or a super admin can link their sign-in', 'subject_pin_forbidden');
          }
          if (user.lastSignInAt && !ctx.hasOrganizationRight('internal_metrics:read')) {
            throw forbidden('This person has already signed in: their sign-in identity is theirs to keep', 'subject_pin_forbidden');
          }
        }
        const holder = await people.findBySubject(tx, issuer, oid);
        if (holder && holder.id !== userId) throw conflict('Another user already has this identity provider subject');
        await people.setSubject(tx, userId, issuer, oid);
        await recordActivity(tx, activity(ctx, organizationId, userId, 'subject_changed', { oid: user.oidcIssuer === issuer ? user.oidcSubject : null }, { oid }));
        return toMember(member);
      });
    },

    /** Deactivating ends the person's sessions and deletes their API tokens here for good. */
    async setStatus(ctx: RequestContext, organizationId: string, id: string, status: 'active' | 'deactivated'): Promise<OrganizationMember> {
      if (id === ctx.user.id) throw conflict('You cannot change your own status');
      return deps.db.transaction(async (tx) => {
        const { member: before, userId } = await changeableMember(tx, ctx, organizationId, id);
        if (before.activation_status === null) throw conflict('This person has only been invited: cancel the invitation instead');
        if (before.activation_status === status) return toMember(before);
        if (status === 'deactivated') {
          if (before.roles.includes('admin')) await assertAdminRemains(tx, organizationId, userId);
          await revokeCredentials(tx, userId, organizationId, deps.clock.now());
        }
        await memberRepository.setStatus(tx, organizationId, userId, status);
        // Reviews awaiting their decision are recounted: nobody is left waiting on a deactivated reviewer.
        if (status === 'deactivated') await recountReviewsAwaiting(tx, ctx, organizationId, userId);
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
  };
}
