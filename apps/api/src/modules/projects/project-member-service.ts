import { and, desc, eq, sql } from 'drizzle-orm';
import { PROJECT_ROLES, type ActivityEntry, type Page, type ProjectDashboard, type ProjectMember, type ProjectRole } from '@aegis/contracts';
import { activityLogs, notifications, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import { offsetOf, pageOf } from '../../lib/paging';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity } from '../logs/record-activity';
import { controlCounts } from '../controls/control-counts';
import { notifyUsers } from '../notifications/notify';
import { requirementCounts } from '../requirements/requirement-counts';
import { recountReviewsAwaiting } from '../reviews/recount';
import { people } from '../users/people';
import { projectMemberRepository } from './project-member-repository';
import { projectRepository } from './project-repository';

export function projectMemberService(deps: Pick<Deps, 'db'>) {
  const organizationOf = (ctx: RequestContext) => ctx.organizationId!;

  async function changeRoles(ctx: RequestContext, projectId: string, userId: string, next: (current: ProjectRole[]) => ProjectRole[]): Promise<ProjectMember> {
    const organizationId = organizationOf(ctx);
    return deps.db.transaction(async (tx) => {
      // Only active members of the organization can be staffed; anyone else is not found.
      if (!(await people.findActiveMembership(tx, userId, organizationId))) throw notFound('User');
      const before = await projectMemberRepository.roles(tx, organizationId, projectId, userId);
      const roles = [...new Set(next(before))].sort();
      if (before.includes('owner') && !roles.includes('owner')) {
        const owners = await projectMemberRepository.ownerIds(tx, organizationId, projectId);
        if (owners.length === 1 && owners[0] === userId) throw conflict('A project needs at least one owner: make someone else owner first');
      }
      await projectMemberRepository.replace(tx, organizationId, projectId, userId, roles);
      await recordActivity(tx, { organizationId, projectId, actorId: ctx.user.id, objectType: 'project_member', objectId: userId, action: 'roles_changed', before: { roles: before }, after: { roles } });
      // Leaving the project, or every role that may decide reviews, recounts the reviews still awaiting them.
      await recountReviewsAwaiting(tx, ctx, organizationId, userId, projectId);
      const user = (await people.findById(tx, userId))!;
      return { user_id: userId, firstname: user.firstname, lastname: user.lastname, email: user.email, roles };
    });
  }

  return {
    async list(
      ctx: RequestContext,
      projectId: string,
      query: { name?: string; roles?: string; exclude_me: boolean; sort_by?: 'name' | 'email'; descending: boolean; page: number; size: number },
    ): Promise<Page<ProjectMember>> {
      const roles = query.roles?.split(',').map((r) => r.trim()).filter(Boolean);
      const unknown = roles?.filter((r) => !(PROJECT_ROLES as readonly string[]).includes(r));
      if (unknown?.length) throw unprocessable(`Unknown project roles: ${unknown.join(', ')}`);
      const { items, total } = await projectMemberRepository.list(deps.db, organizationOf(ctx), projectId, {
        name: query.name || undefined,
        roles: roles as ProjectRole[] | undefined,
        excludeUserId: query.exclude_me ? ctx.user.id : undefined,
        sortBy: query.sort_by,
        descending: query.descending,
        page: query.page,
        size: query.size,
      });
      return pageOf(items, total, query.page, query.size);
    },

    addRole: (ctx: RequestContext, projectId: string, userId: string, role: ProjectRole) => changeRoles(ctx, projectId, userId, (current) => [...current, role]),
    removeRole: (ctx: RequestContext, projectId: string, userId: string, role: ProjectRole) => changeRoles(ctx, projectId, userId, (current) => current.filter((r) => r !== role)),
    replaceRoles: (ctx: RequestContext, projectId: string, userId: string, roles: ProjectRole[]) => changeRoles(ctx, projectId, userId, () => roles),

    /** A member without access asks; the owners get one notification, not one per click. */
    async requestAccess(ctx: RequestContext, projectId: string) {
      const organizationId = organizationOf(ctx);
      return deps.db.transaction(async (tx) => {
        const project = await projectRepository.find(tx, organizationId, projectId, ctx.user.id);
        if (!project) throw notFound('Project');
        if (project.roles.length > 0 || ctx.hasOrganizationRight('projects:full_access')) throw conflict('You already have access to this project');
        const owners = await projectMemberRepository.ownerIds(tx, organizationId, projectId);
        const objectId = `${projectId}:${ctx.user.id}`;
        const pending = await tx
          .select({ id: notifications.id })
          .from(notifications)
          .where(and(eq(notifications.organizationId, organizationId), eq(notifications.objectType, 'access_request'), eq(notifications.objectId, objectId), eq(notifications.status, 'unread')))
          .limit(1);
        if (pending.length > 0) return { notified: false, owners: owners.length };
        const name = `${ctx.user.firstname} ${ctx.user.lastname}`.trim() || ctx.user.email;
        await notifyUsers(tx, {
          organizationId,
          userIds: owners,
          name: `Access requested to ${project.name}`,
          message: `${name} (${ctx.user.email}) asks for a role on ${project.name}. Grant one in the project settings.`,
          link: `/projects/project-detail/${projectId}/settings`,
          objectType: 'access_request',
          objectId,
        });
        await recordActivity(tx, { organizationId, projectId, actorId: ctx.user.id, objectType: 'project', objectId: projectId, action: 'access_requested' });
        return { notified: true, owners: owners.length };
      });
    },

    /** Each number is counted by the query of the list it stands for (requirements, controls, "To review by me"). */
    async dashboard(ctx: RequestContext, projectId: string): Promise<ProjectDashboard> {
      const organizationId = organizationOf(ctx);
      const { byRole, members } = await projectMemberRepository.countByRole(deps.db, organizationId, projectId);
      const members_by_role = Object.fromEntries(PROJECT_ROLES.map((role) => [role, byRole.find((r) => r.role === role)?.n ?? 0])) as ProjectDashboard['members_by_role'];
      const requirements = (await requirementCounts(deps.db, organizationId, projectId)).all;
      const controls = await controlCounts(deps.db, organizationId, projectId, ctx.user.id);
      return { project_id: projectId, members, members_by_role, requirements, controls: controls.all, to_review: controls.toReview };
    },

    async logs(ctx: RequestContext, projectId: string, objectId: string, pageNumber: number, size: number): Promise<Page<ActivityEntry>> {
      // The project's own log (object id = project id) is everything that happened in it; any other id is that object's history.
      const where = and(
        eq(activityLogs.organizationId, organizationOf(ctx)),
        eq(activityLogs.projectId, projectId),
        objectId === projectId ? undefined : eq(activityLogs.objectId, objectId),
      );
      const [rows, [total]] = await Promise.all([
        deps.db
          .select({ log: activityLogs, actor: { id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email } })
          .from(activityLogs)
          .leftJoin(users, eq(users.id, activityLogs.actorId))
          .where(where)
          .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
          .limit(size)
          .offset(offsetOf(pageNumber, size)),
        deps.db.select({ value: sql<number>`count(*)::int` }).from(activityLogs).where(where),
      ]);
      const items = rows.map(({ log, actor }) => ({
        log_id: log.id,
        object_type: log.objectType,
        object_id: log.objectId,
        action: log.action,
        actor: actor?.id ? { id: actor.id, name: `${actor.firstname} ${actor.lastname}`.trim(), email: actor.email } : null,
        before: log.before ?? null,
        after: log.after ?? null,
        created_at: log.createdAt.toISOString(),
      }));
      return pageOf(items, Number(total?.value ?? 0), pageNumber, size);
    },
  };
}
