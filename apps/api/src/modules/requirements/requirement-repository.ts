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
  framework: sql`lower(f.name), r.position`,
  code: sql`r.code`,
  title: sql`lower(r.title)`,
  status: sql`array_position(${STATUS_ORDER}, d.status)`,
};

/** Which of the project's requirements: a framework (by id), a search text. */
export type RequirementScope = { frameworkId?: string; name?: string };

/**
 * The project's requirements (its rows: isRequirementRow, those with controls of their own, as the
 * statement of applicability lists them), each with its controls counted by status and the status they
 * give it, as `derived`. A requirement is out of scope when it does not apply or all its controls are;
 * completed when every control in scope is approved; ready when none has started; in progress otherwise.
 * The list and every count of requirements read this one definition, so the dashboard and the list cannot
 * disagree.
 *
 * The inner join with the project's live controls is isRequirementRow itself: a requirement without
 * controls of its own has no row to count. `derived` holds the project_requirements columns only (id,
 * requirement_id, framework_id, applicable, applicability_reason), the counts and the status; what the
 * template says of a requirement (code, title, section…) is joined by the caller for the rows it needs.
 */
function derivedRequirements(organizationId: string, projectId: string, frameworkId?: string): SQL {
  const filters: SQL[] = [sql`pr.organization_id = ${organizationId}`, sql`pr.project_id = ${projectId}`];
  if (frameworkId) filters.push(sql`pr.framework_id = ${frameworkId}`);
  return sql`
    counted as (
      select pr.id, pr.requirement_id, pr.framework_id, pr.applicable, pr.applicability_reason,
             count(*) filter (where pc.status = 'ready')::int as ready,
             count(*) filter (where pc.status = 'in_progress')::int as in_progress,
             count(*) filter (where pc.status = 'in_review')::int as in_review,
             count(*) filter (where pc.status = 'approved')::int as approved,
             count(*) filter (where pc.status = 'out_of_scope')::int as out_of_scope,
             count(*)::int as control_count
        from project_requirements pr
        join requirement_controls rc on rc.requirement_id = pr.requirement_id
        join project_controls pc on pc.project_id = pr.project_id and pc.control_id = rc.control_id and pc.detached_at is null
       where ${sql.join(filters, sql` and `)}
       group by pr.id
    ),
    derived as (
      select c.*, case
                  when not c.applicable or c.out_of_scope = c.control_count then 'out_of_scope'
                  when c.approved = c.control_count - c.out_of_scope then 'completed'
                  when c.ready = c.control_count - c.out_of_scope then 'ready'
                  else 'in_progress' end as status
        from counted c
    )`;
}

/** The search text on the requirement's template row `r`: its code, title or summary. */
const nameFilter = (name: string) => sql`(r.code ilike ${like(name)} or r.title ilike ${like(name)} or r.summary ilike ${like(name)})`;

export const requirementRepository = {
  /**
   * One page of the project's requirements (see derivedRequirements), in one query: the rows are counted,
   * sorted and paged on their narrow columns; only the page's rows get the template's text and their
   * section (the titles of the requirements above them, root first, walked up from each row).
   */
  async list(db: Executor, organizationId: string, projectId: string, query: RequirementQuery) {
    const order = sql`${SORT[query.sortBy ?? 'framework']} ${query.descending ? sql`desc` : sql`asc`}, r.code`;
    const filters: SQL[] = [];
    if (query.status) filters.push(sql`d.status = ${query.status}`);
    if (query.name) filters.push(nameFilter(query.name));
    const rows = rowsOf<RequirementRow & { total: number }>(
      await db.execute(sql`
        with recursive ${derivedRequirements(organizationId, projectId, query.frameworkId)},
        page as (
          select d.*, count(*) over () as total, row_number() over (order by ${order}) as n
            from derived d join framework_requirements r on r.id = d.requirement_id join frameworks f on f.id = d.framework_id
           ${filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``}
           order by ${order}
           limit ${query.size} offset ${offsetOf(query.page, query.size)}
        ),
        up(id, node, path) as (
          select p.id, r.parent_id, array[]::text[] from page p join framework_requirements r on r.id = p.requirement_id
          union all
          select u.id, a.parent_id, a.title || u.path from up u join framework_requirements a on a.id = u.node
        )
        select p.*, f.code as framework_code, f.name as framework_name, r.code, r.title, r.summary, r.reference, r.coverage, r.coverage_note,
               coalesce(s.path, array[]::text[]) as section
          from page p join framework_requirements r on r.id = p.requirement_id join frameworks f on f.id = p.framework_id
          left join up s on s.id = p.id and s.node is null
         order by p.n`),
    );
    return { items: rows, total: Number(rows[0]?.total ?? 0) };
  },

  /**
   * The status the list gives each of the project's requirement rows of a framework (derivedRequirements:
   * the same definition), by project requirement id, without their text or section: the statement of
   * applicability's statuses.
   */
  async statuses(db: Executor, organizationId: string, projectId: string, frameworkId: string) {
    return rowsOf<{ id: string; status: RequirementStatus }>(
      await db.execute(sql`with ${derivedRequirements(organizationId, projectId, frameworkId)} select d.id, d.status from derived d`),
    );
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
        with ${derivedRequirements(organizationId, projectId, scope.frameworkId)}
        select d.framework_id, d.status, count(*)::int as n from derived d
         ${scope.name ? sql`join framework_requirements r on r.id = d.requirement_id where ${nameFilter(scope.name)}` : sql``}
         group by d.framework_id, d.status`),
    );
    return rows.map((row) => ({ frameworkId: row.framework_id, status: row.status, count: Number(row.n) }));
  },
};
