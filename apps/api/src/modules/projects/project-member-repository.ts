import { and, eq, sql } from 'drizzle-orm';
import type { ProjectRole } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { projectMemberships } from '../../db/schema';
import { offsetOf } from '../../lib/paging';

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

export type ProjectMemberRow = { user_id: string; firstname: string; lastname: string; email: string; roles: ProjectRole[] };

export const projectMemberRepository = {
  async list(
    db: Executor,
    organizationId: string,
    projectId: string,
    query: { name?: string; roles?: ProjectRole[]; excludeUserId?: string; sortBy?: 'name' | 'email'; descending: boolean; page: number; size: number },
  ) {
    const filters = [sql`true`];
    if (query.name) {
      const pattern = `%${query.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      filters.push(sql`(u.firstname || ' ' || u.lastname ilike ${pattern} or u.email ilike ${pattern})`);
    }
    if (query.excludeUserId) filters.push(sql`u.id <> ${query.excludeUserId}`);
    const roleFilter = query.roles?.length ? sql`having bool_or(m.role::text in (${sql.join(query.roles.map((r) => sql`${r}`), sql`, `)}))` : sql``;
    const order = query.sortBy === 'email' ? sql`u.email` : sql`lower(u.firstname || ' ' || u.lastname)`;
    const result = await db.execute(sql`
      select u.id as user_id, u.firstname, u.lastname, u.email, json_agg(m.role order by m.role) as roles, count(*) over () as total
        from project_memberships m join users u on u.id = m.user_id
       where m.organization_id = ${organizationId} and m.project_id = ${projectId} and ${sql.join(filters, sql` and `)}
       group by u.id ${roleFilter}
       order by ${order} ${query.descending ? sql`desc` : sql`asc`}, u.id
       limit ${query.size} offset ${offsetOf(query.page, query.size)}`);
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    return {
      items: rows.map((r) => ({ user_id: String(r.user_id), firstname: String(r.firstname), lastname: String(r.lastname), email: String(r.email), roles: json<ProjectRole[]>(r.roles) })),
      total: Number(rows[0]?.total ?? 0),
    };
  },

  async roles(db: Executor, organizationId: string, projectId: string, userId: string): Promise<ProjectRole[]> {
    const rows = await db
      .select({ role: projectMemberships.role })
      .from(projectMemberships)
      .where(and(eq(projectMemberships.organizationId, organizationId), eq(projectMemberships.projectId, projectId), eq(projectMemberships.userId, userId)));
    return rows.map((r) => r.role).sort();
  },

  async replace(db: Executor, organizationId: string, projectId: string, userId: string, roles: ProjectRole[]) {
    await db
      .delete(projectMemberships)
      .where(and(eq(projectMemberships.organizationId, organizationId), eq(projectMemberships.projectId, projectId), eq(projectMemberships.userId, userId)));
    if (roles.length > 0) await db.insert(projectMemberships).values(roles.map((role) => ({ organizationId, projectId, userId, role })));
  },

  /** Owners of the project, locked so two removals cannot leave it without one. */
  async ownerIds(db: Executor, organizationId: string, projectId: string): Promise<string[]> {
    const result = await db.execute(
      sql`select user_id from project_memberships where organization_id = ${organizationId} and project_id = ${projectId} and role = 'owner' for update`,
    );
    return (result as unknown as { rows: { user_id: string }[] }).rows.map((r) => r.user_id);
  },

  async countByRole(db: Executor, organizationId: string, projectId: string) {
    const ofProject = sql`organization_id = ${organizationId} and project_id = ${projectId}`;
    const result = await db.execute(sql`select role::text as role, count(*)::int as n from project_memberships where ${ofProject} group by role`);
    const rows = (result as unknown as { rows: { role: ProjectRole; n: number }[] }).rows;
    const members = await db.execute(sql`select count(distinct user_id)::int as n from project_memberships where ${ofProject}`);
    return { byRole: rows, members: Number((members as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) };
  },
};
