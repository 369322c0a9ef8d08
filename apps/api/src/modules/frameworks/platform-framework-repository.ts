import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { offsetOf } from '../../lib/paging';
import type { FrameworkRow } from './framework-repository';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type PlatformRow = Omit<FrameworkRow, 'enabled'> & { organizations_enabled: number; projects_using: number };

/** How many organizations have a platform framework switched on, and how many projects apply it. */
const usage = sql`
  case when f.enabled_by_default
       then (select count(*) from organizations) - (select count(*) from organization_frameworks o where o.framework_id = f.id and not o.enabled)
       else (select count(*) from organization_frameworks o where o.framework_id = f.id and o.enabled) end::int as organizations_enabled,
  (select count(*) from project_frameworks pf where pf.framework_id = f.id)::int as projects_using`;

/** The platform catalogue, for platform operators: built-ins and operator uploads, across every organization. */
export const platformFrameworkRepository = {
  async list(db: Executor, query: { name?: string; sortBy?: 'name' | 'framework_code' | 'created_at'; descending: boolean; page: number; size: number }) {
    const name = query.name ? sql`and (f.name ilike ${`%${query.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} or f.code ilike ${`%${query.name}%`})` : sql``;
    const sort = { name: sql`lower(f.name)`, framework_code: sql`f.code`, created_at: sql`f.created_at` }[query.sortBy ?? 'name'];
    // Page the bare table first, then count usage for that page only.
    const rows = rowsOf<PlatformRow & { total: number }>(
      await db.execute(sql`
        select f.*, ${usage}, p.total from (
          select f.id, count(*) over () as total from frameworks f
           where f.organization_id is null ${name}
           order by ${sort} ${query.descending ? sql`desc` : sql`asc`}, f.code
           limit ${query.size} offset ${offsetOf(query.page, query.size)}
        ) p join frameworks f on f.id = p.id
        order by ${sort} ${query.descending ? sql`desc` : sql`asc`}, f.code`),
    );
    return { items: rows, total: Number(rows[0]?.total ?? 0) };
  },

  async find(db: Executor, code: string): Promise<PlatformRow | undefined> {
    return rowsOf<PlatformRow>(await db.execute(sql`select f.*, ${usage} from frameworks f where f.organization_id is null and f.code = ${code}`))[0];
  },

  /** Every organization, with whether it has the framework switched on and how many of its projects apply it. */
  async organizations(db: Executor, frameworkId: string, enabledByDefault: boolean) {
    return rowsOf<{ organization_id: string; name: string; enabled: boolean; projects_using: number }>(
      await db.execute(sql`
        select g.id as organization_id, g.name, coalesce(o.enabled, ${enabledByDefault}) as enabled,
               (select count(*) from project_frameworks pf where pf.framework_id = ${frameworkId} and pf.organization_id = g.id)::int as projects_using
          from organizations g
          left join organization_frameworks o on o.organization_id = g.id and o.framework_id = ${frameworkId}
         order by lower(g.name)`),
    );
  },
};
