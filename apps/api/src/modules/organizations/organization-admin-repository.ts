import { and, asc, count, desc, eq, ilike, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizations, projects } from '../../db/schema';
import { offsetOf } from '../../lib/paging';

export type OrganizationWithUsage = typeof organizations.$inferSelect & { aiProjects: number; organizationProjects: number };

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

// Qualified by hand: inside a subquery drizzle would print the bare column name, which `projects` also has.
const usage = {
  aiProjects: sql<number>`(select count(*)::int from projects p where p.organization_id = "organizations"."id" and p.project_type = 'ai_application')`,
  organizationProjects: sql<number>`(select count(*)::int from projects p where p.organization_id = "organizations"."id" and p.project_type = 'organization')`,
};

export const organizationAdminRepository = {
  async findWithUsage(db: Executor, id: string): Promise<OrganizationWithUsage | undefined> {
    const [row] = await db
      .select({ organization: organizations, ...usage })
      .from(organizations)
      .where(eq(organizations.id, id));
    return row ? { ...row.organization, aiProjects: Number(row.aiProjects), organizationProjects: Number(row.organizationProjects) } : undefined;
  },

  async list(db: Executor, query: { name?: string; sortBy?: 'name' | 'created_at'; descending: boolean; page: number; size: number }) {
    const where = query.name ? ilike(organizations.name, `%${escapeLike(query.name)}%`) : undefined;
    const column = query.sortBy === 'created_at' ? organizations.createdAt : sql`lower(${organizations.name})`;
    const [rows, [total]] = await Promise.all([
      db
        .select({ organization: organizations, ...usage })
        .from(organizations)
        .where(where)
        .orderBy(query.descending ? desc(column) : asc(column), asc(organizations.id))
        .limit(query.size)
        .offset(offsetOf(query.page, query.size)),
      db.select({ value: count() }).from(organizations).where(where),
    ]);
    return {
      items: rows.map((r) => ({ ...r.organization, aiProjects: Number(r.aiProjects), organizationProjects: Number(r.organizationProjects) })),
      total: total?.value ?? 0,
    };
  },

  async nameTaken(db: Executor, name: string, exceptId?: string): Promise<boolean> {
    const rows = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(sql`lower(${organizations.name}) = lower(${name})`, exceptId ? ne(organizations.id, exceptId) : undefined))
      .limit(1);
    return rows.length > 0;
  },

  async update(db: Executor, id: string, values: { name?: string; planQuotaProjects?: number | null }) {
    await db.update(organizations).set({ ...values, updatedAt: sql`now()` }).where(eq(organizations.id, id));
  },

  async projectCount(db: Executor, id: string): Promise<number> {
    const [row] = await db.select({ value: count() }).from(projects).where(eq(projects.organizationId, id));
    return row?.value ?? 0;
  },

  async remove(db: Executor, id: string) {
    await db.delete(organizations).where(eq(organizations.id, id));
  },

  async metrics(db: Executor, query: { name?: string; sortBy: string; descending: boolean; page: number; size: number }, now: Date) {
    const sorts: Record<string, ReturnType<typeof sql>> = {
      name: sql`lower(name)`,
      users: sql`users`,
      projects: sql`projects_ai_application + projects_organization`,
      last_activity_at: sql`last_activity_at`,
      created_at: sql`created_at`,
    };
    const filter = query.name ? sql`where o.name ilike ${`%${escapeLike(query.name)}%`}` : sql``;
    const result = await db.execute(sql`
      with m as (
        select o.id as organization_id, o.name, o.plan_quota_projects, o.created_at,
          (select count(*)::int from organization_memberships x where x.organization_id = o.id and x.status = 'active') as users,
          (select count(*)::int from invitations i where i.organization_id = o.id and i.status = 'pending'
             and i.expires_at > ${now.toISOString()}::timestamptz) as pending_invitations,
          (select count(*)::int from projects p where p.organization_id = o.id and p.project_type = 'ai_application') as projects_ai_application,
          (select count(*)::int from projects p where p.organization_id = o.id and p.project_type = 'organization') as projects_organization,
          (select count(*)::int from frameworks f left join organization_frameworks e on e.framework_id = f.id and e.organization_id = o.id
            where f.organization_id = o.id or (f.organization_id is null and coalesce(e.enabled, f.enabled_by_default))) as frameworks_enabled,
          (select count(*)::int from frameworks f where f.organization_id = o.id) as templates,
          (select max(a.created_at) from activity_logs a where a.organization_id = o.id) as last_activity_at
        from organizations o ${filter}
      )
      select *, count(*) over () as total from m
      order by ${sorts[query.sortBy] ?? sorts.name} ${query.descending ? sql`desc nulls last` : sql`asc nulls last`}, organization_id
      limit ${query.size} offset ${offsetOf(query.page, query.size)}`);
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    return { rows, total: Number(rows[0]?.total ?? 0) };
  },

  async overview(db: Executor, now: Date) {
    const since = new Date(now.getTime() - 30 * 24 * 3600 * 1000).toISOString();
    const result = await db.execute(sql`
      select
        (select count(*)::int from organizations) as organizations,
        (select count(distinct user_id)::int from organization_memberships where status = 'active') as users,
        (select count(*)::int from projects where project_type = 'ai_application') as projects_ai_application,
        (select count(*)::int from projects where project_type = 'organization') as projects_organization,
        (select count(distinct organization_id)::int from activity_logs where created_at >= ${since}::timestamptz) as active_organizations_30d,
        (select count(*)::int from frameworks where organization_id is null) as platform_frameworks,
        (select count(*)::int from frameworks where organization_id is not null) as organization_templates`);
    return (result as unknown as { rows: Record<string, number>[] }).rows[0]!;
  },
};
