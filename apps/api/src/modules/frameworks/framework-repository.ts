import { sql, type SQL } from 'drizzle-orm';
import type { FrameworkSource, ProjectType } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { offsetOf } from '../../lib/paging';

export type FrameworkRow = {
  id: string;
  organization_id: string | null;
  code: string;
  source: FrameworkSource;
  name: string;
  version: string;
  publisher: string | null;
  description: string | null;
  notice: string | null;
  url: string | null;
  project_types: ProjectType[];
  questionnaire: unknown;
  enabled_by_default: boolean;
  requirement_count: number;
  control_count: number;
  created_at: Date;
  /** For the organization asking: switched on (its own templates always are). */
  enabled: boolean;
};

export type CatalogueQuery = {
  projectType?: ProjectType;
  name?: string;
  includeDisabled: boolean;
  sortBy?: 'name' | 'framework_code' | 'created_at';
  descending: boolean;
  page: number;
  size: number;
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const SORT: Record<NonNullable<CatalogueQuery['sortBy']>, SQL> = { name: sql`lower(name)`, framework_code: sql`code`, created_at: sql`created_at` };

/** The frameworks an organization sees: platform frameworks with its choice (or their default), and its own templates. */
const visibleTo = (organizationId: string) => sql`
  select f.id, f.organization_id, f.code, f.source, f.name, f.version, f.publisher, f.description, f.notice, f.url,
         f.project_types, f.questionnaire, f.enabled_by_default, f.requirement_count, f.control_count, f.created_at,
         case when f.organization_id is null then coalesce(o.enabled, f.enabled_by_default) else true end as enabled
    from frameworks f
    left join organization_frameworks o on o.framework_id = f.id and o.organization_id = ${organizationId}
   where f.organization_id is null or f.organization_id = ${organizationId}`;

export const frameworkRepository = {
  async listVisible(db: Executor, organizationId: string, query: CatalogueQuery): Promise<{ items: FrameworkRow[]; total: number }> {
    const filters: SQL[] = [sql`true`];
    if (!query.includeDisabled) filters.push(sql`enabled`);
    if (query.projectType) filters.push(sql`${query.projectType} = any(project_types)`);
    if (query.name) filters.push(sql`(name ilike ${escapeLike(query.name)} or code ilike ${escapeLike(query.name)})`);
    const direction = query.descending ? sql`desc` : sql`asc`;
    const result = await db.execute(sql`
      select *, count(*) over () as total from (${visibleTo(organizationId)}) v
       where ${sql.join(filters, sql` and `)}
       order by ${SORT[query.sortBy ?? 'name']} ${direction}, code
       limit ${query.size} offset ${offsetOf(query.page, query.size)}`);
    const rows = rowsOf<FrameworkRow & { total: number }>(result);
    return { items: rows, total: Number(rows[0]?.total ?? 0) };
  },

  /** A framework the organization sees, by code, whether or not it is switched on. */
  async findVisible(db: Executor, organizationId: string, code: string): Promise<FrameworkRow | undefined> {
    return rowsOf<FrameworkRow>(await db.execute(sql`select * from (${visibleTo(organizationId)}) v where code = ${code}`))[0];
  },

  async findVisibleMany(db: Executor, organizationId: string, codes: readonly string[]): Promise<FrameworkRow[]> {
    if (codes.length === 0) return [];
    return rowsOf<FrameworkRow>(await db.execute(sql`select * from (${visibleTo(organizationId)}) v where code in (${sql.join(codes.map((c) => sql`${c}`), sql`, `)})`));
  },

  /** Which of the given codes are taken by a platform framework or by any organization's template. */
  async codeTaken(db: Executor, code: string, organizationId: string | null): Promise<boolean> {
    const scope = organizationId ? sql`organization_id is null or organization_id = ${organizationId}` : sql`true`;
    return rowsOf(await db.execute(sql`select 1 from frameworks where code = ${code} and (${scope}) limit 1`)).length > 0;
  },

  /** Control codes a new template's own controls may not take: platform ones, and (for an organization) its own. */
  async takenControlCodes(db: Executor, codes: readonly string[], organizationId: string | null): Promise<string[]> {
    if (codes.length === 0) return [];
    const scope = organizationId ? sql`organization_id is null or organization_id = ${organizationId}` : sql`true`;
    const rows = rowsOf<{ code: string }>(
      await db.execute(sql`select distinct code from control_definitions where (${scope}) and code in (${sql.join(codes.map((c) => sql`${c}`), sql`, `)})`),
    );
    return rows.map((r) => r.code);
  },

  async setEnabled(db: Executor, organizationId: string, frameworkId: string, enabled: boolean) {
    await db.execute(sql`
      insert into organization_frameworks (organization_id, framework_id, enabled, updated_at) values (${organizationId}, ${frameworkId}, ${enabled}, now())
      on conflict (organization_id, framework_id) do update set enabled = excluded.enabled, updated_at = now()`);
  },

  /** Projects of the organization that apply the framework, by name (for a refusal that names them). */
  async projectsUsing(db: Executor, frameworkId: string, organizationId?: string): Promise<{ id: string; name: string }[]> {
    const scope = organizationId ? sql`and p.organization_id = ${organizationId}` : sql``;
    return rowsOf(
      await db.execute(sql`
        select p.id, p.name from project_frameworks pf join projects p on p.id = pf.project_id
         where pf.framework_id = ${frameworkId} ${scope} order by lower(p.name) limit 20`),
    );
  },

  /** Deletes a framework no project applies; controls of its that projects had detached go with it. */
  async remove(db: Executor, frameworkId: string) {
    await db.execute(sql`
      delete from project_controls where detached_at is not null
         and control_id in (select id from control_definitions where framework_id = ${frameworkId})`);
    await db.execute(sql`delete from frameworks where id = ${frameworkId}`);
  },
};
