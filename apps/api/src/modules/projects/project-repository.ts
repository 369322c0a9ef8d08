import { and, eq, sql } from 'drizzle-orm';
import type { AppliedFramework, ProjectRole, ProjectType } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { projectMemberships, projects } from '../../db/schema';
import { offsetOf } from '../../lib/paging';

export type ProjectRow = typeof projects.$inferSelect & { roles: ProjectRole[]; members: number; frameworks: AppliedFramework[] };

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * The viewer's roles, the member count and the frameworks of the projects in `p`, computed for those
 * rows only: callers page first, then decorate.
 */
function decorated(viewerId: string, source: ReturnType<typeof sql>) {
  return sql`
    select p.*,
      coalesce((select json_agg(m.role order by m.role) from project_memberships m where m.project_id = p.id and m.user_id = ${viewerId}), '[]'::json) as roles,
      (select count(distinct m.user_id)::int from project_memberships m where m.project_id = p.id) as members,
      coalesce((select json_agg(json_build_object('framework_code', f.framework_code, 'name', coalesce(fw.name, f.framework_code)) order by coalesce(fw.name, f.framework_code))
                  from project_frameworks f left join frameworks fw on fw.id = f.framework_id
                 where f.project_id = p.id), '[]'::json) as frameworks
    from (${source}) p`;
}

function toRow(row: Record<string, unknown>): ProjectRow {
  return {
    id: String(row.id),
    organizationId: String(row.organization_id),
    name: String(row.name),
    projectType: row.project_type as ProjectType,
    description: String(row.description),
    createdBy: (row.created_by as string | null) ?? null,
    createdAt: new Date(row.created_at as string),
    updatedAt: new Date(row.updated_at as string),
    roles: json<ProjectRole[]>(row.roles),
    members: Number(row.members),
    frameworks: json<AppliedFramework[]>(row.frameworks),
  };
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

const SORTS = { name: sql`lower(name)`, created_at: sql`created_at`, project_type: sql`project_type` };

export const projectRepository = {
  async find(db: Executor, organizationId: string, projectId: string, viewerId: string): Promise<ProjectRow | undefined> {
    const result = await db.execute(decorated(viewerId, sql`select * from projects where id = ${projectId} and organization_id = ${organizationId}`));
    const row = rowsOf(result)[0];
    return row ? toRow(row) : undefined;
  },

  /** Projects of the organization; `memberOnly` keeps those the viewer holds a role on. */
  async list(
    db: Executor,
    organizationId: string,
    viewerId: string,
    query: { memberOnly: boolean; name?: string; projectType?: ProjectType; sortBy?: keyof typeof SORTS; descending: boolean; page: number; size: number },
  ) {
    const filters = [sql`organization_id = ${organizationId}`];
    if (query.memberOnly) filters.push(sql`id in (select project_id from project_memberships where user_id = ${viewerId})`);
    if (query.name) filters.push(sql`name ilike ${`%${query.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
    if (query.projectType) filters.push(sql`project_type = ${query.projectType}`);
    const where = sql.join(filters, sql` and `);
    const order = sql`${SORTS[query.sortBy ?? 'name']} ${query.descending ? sql`desc` : sql`asc`}, id`;
    // The page is chosen on the bare table (index-friendly), and only its rows are decorated.
    const [pageResult, countResult] = await Promise.all([
      db.execute(sql`select * from (${decorated(viewerId, sql`select * from projects where ${where} order by ${order} limit ${query.size} offset ${offsetOf(query.page, query.size)}`)}) x order by ${order}`),
      db.execute(sql`select count(*)::int as total from projects where ${where}`),
    ]);
    return { items: rowsOf(pageResult).map(toRow), total: Number(rowsOf(countResult)[0]?.total ?? 0) };
  },

  /** Counts by type, locked with the organization row so concurrent creations respect the quota. */
  async usageLocked(db: Executor, organizationId: string) {
    const result = await db.execute(sql`
      select o.plan_quota_projects,
        (select count(*)::int from projects p where p.organization_id = o.id and p.project_type = 'ai_application') as ai,
        (select count(*)::int from projects p where p.organization_id = o.id and p.project_type = 'organization') as org
      from organizations o where o.id = ${organizationId} for update`);
    const row = (result as unknown as { rows: { plan_quota_projects: number | null; ai: number; org: number }[] }).rows[0]!;
    return { quota: row.plan_quota_projects === null ? null : Number(row.plan_quota_projects), ai: Number(row.ai), organization: Number(row.org) };
  },

  async insert(db: Executor, values: typeof projects.$inferInsert) {
    const [row] = await db.insert(projects).values(values).returning();
    return row!;
  },

  async nameTaken(db: Executor, organizationId: string, name: string, exceptId?: string) {
    const rows = await db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.organizationId, organizationId), sql`lower(${projects.name}) = lower(${name})`, exceptId ? sql`${projects.id} <> ${exceptId}` : undefined))
      .limit(1);
    return rows.length > 0;
  },

  async update(db: Executor, organizationId: string, projectId: string, values: Partial<Pick<typeof projects.$inferInsert, 'name' | 'projectType' | 'description'>>) {
    await db
      .update(projects)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(projects.id, projectId), eq(projects.organizationId, organizationId)));
  },

  async remove(db: Executor, organizationId: string, projectId: string): Promise<boolean> {
    const rows = await db.delete(projects).where(and(eq(projects.id, projectId), eq(projects.organizationId, organizationId))).returning({ id: projects.id });
    return rows.length === 1;
  },

  async addRole(db: Executor, organizationId: string, projectId: string, userId: string, role: ProjectRole) {
    await db.insert(projectMemberships).values({ organizationId, projectId, userId, role }).onConflictDoNothing();
  },
};
