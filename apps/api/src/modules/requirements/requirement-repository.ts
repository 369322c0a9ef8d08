import { sql, type SQL } from 'drizzle-orm';
import { REQUIREMENT_STATUSES, type RequirementStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { offsetOf } from '../../lib/paging';
import { isRequirementRow } from './requirement-rows';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type RequirementRow = {
  id: string;
  framework_code: string;
  framework_name: string;
  code: string;
  title: string;
  summary: string | null;
  reference: string | null;
  coverage: 'full' | 'partial' | null;
  coverage_note: string | null;
  applicable: boolean;
  applicability_reason: string | null;
  section: string[];
  status: RequirementStatus;
  ready: number;
  in_progress: number;
  in_review: number;
  approved: number;
  out_of_scope: number;
  control_count: number;
};

export type RequirementQuery = {
  frameworkId?: string;
  name?: string;
  status?: RequirementStatus;
  sortBy?: 'framework' | 'code' | 'title' | 'status';
  descending: boolean;
  page: number;
  size: number;
};

const STATUS_ORDER = sql.raw(`array[${REQUIREMENT_STATUSES.map((s) => `'${s}'`).join(',')}]`);
const SORT: Record<NonNullable<RequirementQuery['sortBy']>, SQL> = {
  framework: sql`lower(framework_name), position`,
  code: sql`code`,
  title: sql`lower(title)`,
  status: sql`array_position(${STATUS_ORDER}, status)`,
};

/** Which of the project's requirements: a framework (by id), a search text. */
export type RequirementScope = { frameworkId?: string; name?: string };

/**
 * The project's requirements (its rows: isRequirementRow, those with controls of their own, as the
 * statement of applicability lists them), each with its section path, its controls counted by status and
 * the status they give it, as `derived`. A requirement is out of scope when it
 * does not apply or all its controls are; completed when every control in scope is approved; ready when
 * none has started; in progress otherwise. The list and every count of requirements read this one
 * definition, so the dashboard and the list cannot disagree.
 */
function derivedRequirements(organizationId: string, projectId: string, scope: RequirementScope): SQL {
  const filters: SQL[] = [sql`pr.organization_id = ${organizationId}`, sql`pr.project_id = ${projectId}`, isRequirementRow('pr')];
  if (scope.frameworkId) filters.push(sql`pr.framework_id = ${scope.frameworkId}`);
  if (scope.name) filters.push(sql`(r.code ilike ${like(scope.name)} or r.title ilike ${like(scope.name)} or r.summary ilike ${like(scope.name)})`);
  return sql`
    with recursive tree(id, path) as (
      select r.id, array[]::text[] from framework_requirements r
       where r.parent_id is null
         and r.framework_id in (select pf.framework_id from project_frameworks pf where pf.organization_id = ${organizationId} and pf.project_id = ${projectId})
      union all
      select c.id, t.path || p.title from framework_requirements c join tree t on c.parent_id = t.id join framework_requirements p on p.id = t.id
    ),
    counted as (
      select pr.id, pr.framework_id, f.code as framework_code, f.name as framework_name, r.code, r.title, r.summary, r.reference, r.coverage, r.coverage_note,
             pr.applicable, pr.applicability_reason, r.position, t.path as section,
             count(pc.id) filter (where pc.status = 'ready')::int as ready,
             count(pc.id) filter (where pc.status = 'in_progress')::int as in_progress,
             count(pc.id) filter (where pc.status = 'in_review')::int as in_review,
             count(pc.id) filter (where pc.status = 'approved')::int as approved,
             count(pc.id) filter (where pc.status = 'out_of_scope')::int as out_of_scope,
             count(pc.id)::int as control_count
        from project_requirements pr
        join framework_requirements r on r.id = pr.requirement_id
        join frameworks f on f.id = pr.framework_id
        join tree t on t.id = r.id
        join requirement_controls rc on rc.requirement_id = r.id
        join project_controls pc on pc.project_id = pr.project_id and pc.control_id = rc.control_id and pc.detached_at is null
       where ${sql.join(filters, sql` and `)}
       group by pr.id, f.id, r.id, t.path
    ),
    derived as (
      select *, case
                  when not applicable or out_of_scope = control_count then 'out_of_scope'
                  when approved = control_count - out_of_scope then 'completed'
                  when ready = control_count - out_of_scope then 'ready'
                  else 'in_progress' end as status
        from counted
    )`;
}

export const requirementRepository = {
  /** One page of the project's requirements (see derivedRequirements), in one query. */
  async list(db: Executor, organizationId: string, projectId: string, query: RequirementQuery) {
    const order = sql`${SORT[query.sortBy ?? 'framework']} ${query.descending ? sql`desc` : sql`asc`}, code`;
    const rows = rowsOf<RequirementRow & { total: number }>(
      await db.execute(sql`
        ${derivedRequirements(organizationId, projectId, { frameworkId: query.frameworkId, name: query.name })}
        select *, count(*) over () as total from derived
         ${query.status ? sql`where status = ${query.status}` : sql``}
         order by ${order}
         limit ${query.size} offset ${offsetOf(query.page, query.size)}`),
    );
    return { items: rows, total: Number(rows[0]?.total ?? 0) };
  },

  /**
   * How many requirements the unfiltered list shows per framework, without deriving their statuses:
   * its rows (isRequirementRow).
   */
  async countByFramework(db: Executor, organizationId: string, projectId: string) {
    const rows = rowsOf<{ framework_id: string; n: number }>(
      await db.execute(sql`
        select pr.framework_id, count(*)::int as n from project_requirements pr
         where pr.organization_id = ${organizationId} and pr.project_id = ${projectId} and ${isRequirementRow('pr')}
         group by pr.framework_id`),
    );
    return new Map(rows.map((row) => [row.framework_id, Number(row.n)]));
  },

  /** The same requirements counted by status and by framework (framework id → status → count). */
  async countByStatus(db: Executor, organizationId: string, projectId: string, scope: RequirementScope = {}) {
    const rows = rowsOf<{ framework_id: string; status: RequirementStatus; n: number }>(
      await db.execute(sql`
        ${derivedRequirements(organizationId, projectId, scope)}
        select framework_id, status, count(*)::int as n from derived group by framework_id, status`),
    );
    return rows.map((row) => ({ frameworkId: row.framework_id, status: row.status, count: Number(row.n) }));
  },
};
