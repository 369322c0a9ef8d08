import { sql, type SQL } from 'drizzle-orm';
import { WORK_ITEM_STATUSES, type AssessmentResult, type ControlListItem, type ReviewStatus, type WorkItemStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { offsetOf } from '../../lib/paging';
import { hasReviewAwaiting } from '../reviews/awaiting-me';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type ControlFilters = {
  name?: string;
  frameworkId?: string;
  requirementId?: string;
  statuses?: WorkItemStatus[];
  tagIds?: string[];
  assignedTo?: string;
  reviewedBy?: string;
  needsAttention?: boolean;
};
export type ControlSort = 'control_code' | 'title' | 'status' | 'due_date' | 'updated_at';

const STATUS_ORDER = sql.raw(`array[${WORK_ITEM_STATUSES.map((s) => `'${s}'`).join(',')}]`);
const SORT: Record<ControlSort, SQL> = {
  control_code: sql`pc.control_code`,
  title: sql`lower(d.title)`,
  status: sql`array_position(${STATUS_ORDER}, pc.status::text)`,
  due_date: sql`pc.due_date`,
  updated_at: sql`pc.updated_at`,
};

/**
 * A control's status as one framework counts it (issue 29, item 15): a `ready` or `in_progress` control
 * that serves none of the framework's applicable requirements is out of scope for that framework, even
 * when another framework's requirements keep it in scope for the project; every other status counts as
 * it is (approved and in-review work stays counted: applicability keeps it too). So applying a framework
 * never moves another's progress. `applies` says whether it serves an applicable requirement of it.
 */
const statusForFramework = (status: SQL, applies: SQL) => sql`(case when ${status} in ('ready', 'in_progress') and not ${applies} then 'out_of_scope' else ${status}::text end)`;

/**
 * The project's controls `pc` with their definitions `d`; filtered by a framework, joined with `fw`: one row
 * per control the framework's requirements in the project map to, `fw.applies` when one of them applies
 * (the status the framework counts, statusForFramework). One join instead of two lookups per control.
 */
function source(projectId: string, f: ControlFilters): SQL {
  const controls = sql`project_controls pc join control_definitions d on d.id = pc.control_id`;
  if (!f.frameworkId) return controls;
  return sql`${controls}
    join (select rc.control_id, coalesce(bool_or(pr.applicable), false) as applies
            from project_requirements pr join requirement_controls rc on rc.requirement_id = pr.requirement_id
           where pr.project_id = ${projectId} and pr.framework_id = ${f.frameworkId}
           group by rc.control_id) fw on fw.control_id = pc.control_id`;
}

function where(organizationId: string, projectId: string, f: ControlFilters): SQL {
  const parts: SQL[] = [sql`pc.organization_id = ${organizationId}`, sql`pc.project_id = ${projectId}`, sql`pc.detached_at is null`];
  if (f.name) parts.push(sql`(pc.control_code ilike ${like(f.name)} or d.title ilike ${like(f.name)})`);
  // Filtered by a framework, a status is the framework's (statusForFramework), as its progress counts it.
  if (f.statuses?.length) {
    const status = f.frameworkId ? statusForFramework(sql`pc.status::text`, sql`fw.applies`) : sql`pc.status::text`;
    parts.push(sql`${status} in (${list(f.statuses)})`);
  }
  if (f.needsAttention !== undefined) parts.push(sql`pc.needs_attention = ${f.needsAttention}`);
  // A framework (f.frameworkId) is a join of `source`: its controls only.
  if (f.requirementId) {
    parts.push(sql`exists (select 1 from project_requirements pr join requirement_controls rc on rc.requirement_id = pr.requirement_id
                            where pr.id = ${f.requirementId} and pr.project_id = pc.project_id and rc.control_id = pc.control_id)`);
  }
  if (f.tagIds?.length) parts.push(sql`exists (select 1 from work_item_tags wt where wt.item_type = 'control' and wt.item_id = pc.id and wt.tag_id in (${list(f.tagIds)}))`);
  if (f.assignedTo) parts.push(sql`exists (select 1 from work_item_people w where w.item_type = 'control' and w.item_id = pc.id and w.role = 'assignee' and w.user_id = ${f.assignedTo})`);
  // "To review by me": a review of the control awaits my decision (reviews/awaiting-me.ts, the one definition).
  if (f.reviewedBy) parts.push(hasReviewAwaiting(f.reviewedBy, 'control', sql`pc.id`));
  return sql.join(parts, sql` and `);
}

const people = (role: 'assignee' | 'reviewer') => sql`coalesce((
  select json_agg(json_build_object('id', u.id, 'name', coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.email), 'email', u.email) order by lower(u.firstname), lower(u.lastname))
    from work_item_people w join users u on u.id = w.user_id
   where w.item_type = 'control' and w.item_id = p.id and w.role = ${role}), '[]'::json)`;

const tagsOf = sql`coalesce((select json_agg(json_build_object('tag_id', t.id, 'name', t.name, 'color', t.color) order by lower(t.name))
              from work_item_tags wt join tags t on t.id = wt.tag_id where wt.item_type = 'control' and wt.item_id = p.id), '[]'::json)`;

/** The latest review while it is pending or still what the status shows: a later status change (a reopening) outdates its outcome. */
const reviewStatusOf = sql`(select r.status from review_requests r where r.concept = 'control' and r.object_id = p.id
      and (r.status = 'in_review' or r.settled_at >= coalesce((select x.status_changed_at from project_controls x where x.id = p.id), r.settled_at))
    order by r.created_at desc limit 1)`;

/** Forced: the approval in force was set with reviews:force_update_status and no reviewer decided it. */
const approvalForcedOf = sql`(p.status = 'approved' and coalesce((
     select r.forced and not exists (select 1 from review_reviewers x where x.review_id = r.id)
       from review_requests r where r.concept = 'control' and r.object_id = p.id and r.status = 'approved'
      order by r.settled_at desc nulls last limit 1), false))`;

/**
 * What a change answers, of a control row `p` that has its status_changed_at (the review state compares
 * with the row's own, so it holds in an UPDATE's RETURNING, where a subquery would see the row as it was).
 */
const changedColumns = sql`p.id, p.control_code, p.status, p.notes, p.due_date, p.out_of_scope_justification, p.updated_at, p.status_changed_at,
  ${tagsOf} as tags,
  (select r.status from review_requests r where r.concept = 'control' and r.object_id = p.id
      and (r.status = 'in_review' or r.settled_at >= coalesce(p.status_changed_at, r.settled_at))
    order by r.created_at desc limit 1) as review_status,
  ${approvalForcedOf} as approval_forced`;

export type ChangedRow = {
  id: string;
  control_code: string;
  status: WorkItemStatus;
  notes: string;
  due_date: string | Date | null;
  out_of_scope_justification: string | null;
  updated_at: Date;
  status_changed_at: Date | null;
  tags: unknown;
  review_status: ReviewStatus | null;
  approval_forced: boolean;
};

export type ControlChangeValues = { status?: WorkItemStatus; notes?: string; dueDate?: string | null; outOfScopeJustification?: string | null };

function changeSets(values: ControlChangeValues) {
  const sets: SQL[] = [sql`updated_at = now()`];
  // A person's status change ends what applicability remembered (applicability/decide.ts restores only its own moves).
  if (values.status !== undefined) sets.push(sql`status = ${values.status}`, sql`status_changed_at = now()`, sql`status_before_scope = null`);
  if (values.notes !== undefined) sets.push(sql`notes = ${values.notes}`);
  if (values.dueDate !== undefined) sets.push(sql`due_date = ${values.dueDate}`);
  if (values.outOfScopeJustification !== undefined) sets.push(sql`out_of_scope_justification = ${values.outOfScopeJustification}`);
  return sql.join(sets, sql`, `);
}

/**
 * What every control row carries beyond its own columns, computed for the rows of one page only (the rows
 * are `p`, joined with `served`). Its frameworks and requirement count come from `served`: the page's
 * controls and the project's requirements they serve, read in one join for the whole page rather than twice
 * per row.
 */
const servedByPage = sql`served as (
  select rc.control_id, json_agg(distinct f.code) as frameworks, count(*)::int as requirement_count
    from (select distinct project_id, control_id from p) pp
    join requirement_controls rc on rc.control_id = pp.control_id
    join project_requirements pr on pr.project_id = pp.project_id and pr.requirement_id = rc.requirement_id
    join frameworks f on f.id = pr.framework_id
   group by rc.control_id
)`;
const decorations = sql`
  ${people('assignee')} as assignees,
  ${people('reviewer')} as reviewers,
  ${tagsOf} as tags,
  coalesce(served.frameworks, '[]'::json) as frameworks,
  coalesce(served.requirement_count, 0) as requirement_count,
  ${reviewStatusOf} as review_status,
  ${approvalForcedOf} as approval_forced,
  exists (select 1 from testing_test_controls tc join testing_tests tt on tt.id = tc.test_id
           where tc.control_id = p.id and tt.last_result_status = 'failed') as test_failing`;

export type ControlRow = {
  id: string;
  project_id: string;
  control_id: string;
  control_code: string;
  title: string;
  domain: string | null;
  status: WorkItemStatus;
  needs_attention: boolean;
  needs_attention_reason: string | null;
  out_of_scope_justification: string | null;
  due_date: string | Date | null;
  updated_at: Date;
  assignees: unknown;
  reviewers: unknown;
  tags: unknown;
  frameworks: unknown;
  requirement_count: number;
  review_status: ReviewStatus | null;
  approval_forced: boolean;
  /** A linked test's latest result failed (issue 32). */
  test_failing: boolean;
};

export const dateOnly = (value: string | Date | null) => (value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

export const toListItem = (row: ControlRow): ControlListItem => ({
  id: row.id,
  control_code: row.control_code,
  title: row.title,
  domain: row.domain,
  status: row.status,
  needs_attention: Boolean(row.needs_attention),
  needs_attention_reason: row.needs_attention_reason,
  out_of_scope_justification: row.out_of_scope_justification,
  due_date: dateOnly(row.due_date),
  assignees: parsed(row.assignees),
  reviewers: parsed(row.reviewers),
  tags: parsed(row.tags),
  frameworks: (parsed<string[]>(row.frameworks) ?? []).sort(),
  requirement_count: Number(row.requirement_count),
  review_status: row.review_status ?? null,
  approval_forced: Boolean(row.approval_forced),
  test_failing: Boolean(row.test_failing),
  updated_at: new Date(row.updated_at).toISOString(),
});

const columns = sql`pc.id, pc.project_id, pc.control_id, pc.control_code, d.title, d.domain, pc.status, pc.needs_attention, pc.needs_attention_reason, pc.out_of_scope_justification, pc.due_date, pc.updated_at`;

export const controlRepository = {
  /** One page of the project's controls with their people, tags and frameworks: one query. */
  async list(db: Executor, organizationId: string, projectId: string, filters: ControlFilters, query: { sortBy?: ControlSort; descending: boolean; page: number; size: number }) {
    const order = sql`${SORT[query.sortBy ?? 'control_code']} ${query.descending ? sql`desc nulls last` : sql`asc nulls last`}, pc.control_code`;
    const rows = rowsOf<ControlRow & { total: number }>(
      await db.execute(sql`
        with p as (
          select ${columns}, count(*) over () as total, row_number() over (order by ${order}) as n
            from ${source(projectId, filters)}
           where ${where(organizationId, projectId, filters)}
           order by ${order}
           limit ${query.size} offset ${offsetOf(query.page, query.size)}
        ), ${servedByPage}
        select p.*, ${decorations} from p left join served on served.control_id = p.control_id order by p.n`),
    );
    return { items: rows, total: Number(rows[0]?.total ?? 0) };
  },

  /** The controls the list would show for these filters, counted by status: the same WHERE, so the counts match its totals. */
  async countByStatus(db: Executor, organizationId: string, projectId: string, filters: ControlFilters): Promise<Record<WorkItemStatus, number>> {
    const rows = rowsOf<{ status: WorkItemStatus; n: number }>(
      await db.execute(sql`
        select pc.status, count(*)::int as n from ${source(projectId, filters)}
         where ${where(organizationId, projectId, filters)} group by pc.status`),
    );
    const counts = Object.fromEntries(WORK_ITEM_STATUSES.map((s) => [s, 0])) as Record<WorkItemStatus, number>;
    for (const row of rows) counts[row.status] = Number(row.n);
    return counts;
  },

  /**
   * Each framework's controls (those its requirements in the project map to) by the status the framework
   * counts them with (statusForFramework): what the controls list filtered by that framework and a status
   * totals. One query for a page of frameworks.
   */
  async countByFramework(db: Executor, organizationId: string, projectId: string, frameworkIds: readonly string[]): Promise<Map<string, Record<WorkItemStatus, number>>> {
    const counts = new Map<string, Record<WorkItemStatus, number>>();
    for (const id of frameworkIds) counts.set(id, Object.fromEntries(WORK_ITEM_STATUSES.map((s) => [s, 0])) as Record<WorkItemStatus, number>);
    if (frameworkIds.length === 0) return counts;
    const rows = rowsOf<{ framework_id: string; status: WorkItemStatus; n: number }>(
      await db.execute(sql`
        with served as (
          select pr.framework_id, pc.id, pc.status::text as status, bool_or(pr.applicable) as applies
            from project_requirements pr
            join requirement_controls rc on rc.requirement_id = pr.requirement_id
            join project_controls pc on pc.project_id = pr.project_id and pc.control_id = rc.control_id and pc.detached_at is null
           where pr.organization_id = ${organizationId} and pr.project_id = ${projectId} and pr.framework_id in (${list(frameworkIds)})
           group by pr.framework_id, pc.id
        )
        select framework_id, ${statusForFramework(sql`status`, sql`applies`)} as status, count(*)::int as n from served group by 1, 2`),
    );
    for (const row of rows) counts.get(row.framework_id)![row.status] = Number(row.n);
    return counts;
  },

  async light(db: Executor, organizationId: string, projectId: string, filters: ControlFilters, query: { sortBy?: 'control_code' | 'title'; descending: boolean; page: number; size: number }) {
    const order = sql`${SORT[query.sortBy ?? 'control_code']} ${query.descending ? sql`desc` : sql`asc`}, pc.control_code`;
    const rows = rowsOf<{ id: string; control_code: string; title: string; status: WorkItemStatus; total: number }>(
      await db.execute(sql`
        select pc.id, pc.control_code, d.title, pc.status, count(*) over () as total
          from ${source(projectId, filters)}
         where ${where(organizationId, projectId, filters)}
         order by ${order}
         limit ${query.size} offset ${offsetOf(query.page, query.size)}`),
    );
    return { items: rows, total: Number(rows[0]?.total ?? 0) };
  },

  /** The evidence linked to each of these controls (name order), in one query: controls_with_evidences. */
  async evidencesOf(db: Executor, organizationId: string, controlIds: readonly string[]) {
    const linked = new Map<string, { id: string; name: string }[]>();
    if (controlIds.length === 0) return linked;
    const rows = rowsOf<{ control_id: string; id: string; name: string }>(
      await db.execute(sql`
        select l.control_id, e.id, e.name from evidence_links l join evidences e on e.id = l.evidence_id
         where l.organization_id = ${organizationId} and l.control_id in (${sql.join(controlIds.map((id) => sql`${id}`), sql`, `)})
         order by lower(e.name), e.id`),
    );
    for (const row of rows) linked.set(row.control_id, [...(linked.get(row.control_id) ?? []), { id: row.id, name: row.name }]);
    return linked;
  },

  /** A live control of the project by code, with its definition; `lock` holds it until the transaction ends. */
  async findByCode(db: Executor, organizationId: string, projectId: string, code: string, lock = false) {
    return rowsOf<
      ControlRow & {
        notes: string;
        objective: string | null;
        guidance: string | null;
        evidence_examples: unknown;
        lifecycle_phase: string[];
        defined_by: string;
      }
    >(
      await db.execute(sql`
        with p as (
          select ${columns}, pc.notes, d.objective, d.guidance, d.evidence_examples, d.lifecycle_phase, fw.code as defined_by
            from project_controls pc join control_definitions d on d.id = pc.control_id join frameworks fw on fw.id = d.framework_id
           where pc.organization_id = ${organizationId} and pc.project_id = ${projectId} and pc.control_code = ${code} and pc.detached_at is null
           ${lock ? sql`for update of pc` : sql``}
        ), ${servedByPage}
        select p.*, ${decorations} from p left join served on served.control_id = p.control_id`),
    )[0];
  },

  /**
   * A live control of the project by code with only what a change of it needs, locked until the
   * transaction ends: changes of one control queue here, each seeing the one before it. Nothing else is
   * read under the lock (the answer is read after the commit, `changed`).
   */
  /**
   * The control as a change needs it, with its row version (xmin: any later write of the row changes it).
   * Locked for the transaction unless `lock: false` (a change written in one statement, guarded by the version).
   */
  async findForChange(db: Executor, organizationId: string, projectId: string, code: string, options: { lock: boolean } = { lock: true }) {
    return rowsOf<{ id: string; control_code: string; title: string; status: WorkItemStatus; notes: string; due_date: string | Date | null; version: string }>(
      await db.execute(sql`
        select pc.id, pc.control_code, d.title, pc.status, pc.notes, pc.due_date, pc.xmin::text as version
          from project_controls pc join control_definitions d on d.id = pc.control_id
         where pc.organization_id = ${organizationId} and pc.project_id = ${projectId} and pc.control_code = ${code} and pc.detached_at is null
         ${options.lock ? sql`for update of pc` : sql``}`),
    )[0];
  },

  /** What a change of the control answers, read after its commit: the fields a change moves, its tags and its review state. */
  async changed(db: Executor, organizationId: string, id: string) {
    return rowsOf<ChangedRow>(
      await db.execute(sql`
        with p as (
          select pc.id, pc.control_code, pc.status, pc.notes, pc.due_date, pc.out_of_scope_justification, pc.updated_at, pc.status_changed_at
            from project_controls pc where pc.organization_id = ${organizationId} and pc.id = ${id}
        )
        select ${changedColumns} from p`),
    )[0];
  },

  /** Every requirement of the project's frameworks that the control satisfies, framework by framework. */
  async satisfies(db: Executor, organizationId: string, projectId: string, controlDefinitionId: string) {
    return rowsOf<{ framework_code: string; framework_name: string; requirement_id: string; requirement_code: string; requirement_title: string; relationship: string; source: string; rationale: string | null; applicable: boolean }>(
      await db.execute(sql`
        select f.code as framework_code, f.name as framework_name, pr.id as requirement_id, r.code as requirement_code, r.title as requirement_title,
               rc.relationship, rc.source, rc.rationale, pr.applicable
          from project_requirements pr
          join framework_requirements r on r.id = pr.requirement_id
          join frameworks f on f.id = pr.framework_id
          join requirement_controls rc on rc.requirement_id = r.id
         where pr.organization_id = ${organizationId} and pr.project_id = ${projectId} and rc.control_id = ${controlDefinitionId}
         order by lower(f.name), r.position`),
    );
  },

  async update(db: Executor, id: string, values: ControlChangeValues) {
    await db.execute(sql`update project_controls set ${changeSets(values)} where id = ${id}`);
  },

  /**
   * The same update, returning what the change answers (as `changed`, from the row as written): the
   * answer comes back with the write instead of a read after the commit. Later writes of the transaction
   * to the control's tags are not in it.
   */
  async updateAnswering(db: Executor, id: string, values: ControlChangeValues) {
    return rowsOf<ChangedRow>(await db.execute(sql`update project_controls p set ${changeSets(values)} where p.id = ${id} returning ${changedColumns}`))[0]!;
  },

  /**
   * The same update as a statement for workItems.writeInOneStatement: it changes the row only while it is
   * the version the caller read (and still live), and returns what the change answers.
   */
  updateIfUnchanged(id: string, version: string, values: ControlChangeValues): SQL {
    return sql`update project_controls p set ${changeSets(values)}
                where p.id = ${id} and p.xmin = ${version}::xid and p.detached_at is null returning ${changedColumns}`;
  },

  /** Live controls of the project among these codes, locked for the transaction. */
  async findManyByCode(db: Executor, organizationId: string, projectId: string, codes: readonly string[]) {
    return rowsOf<{ id: string; control_code: string; status: WorkItemStatus; title: string }>(
      await db.execute(sql`
        select pc.id, pc.control_code, pc.status, d.title from project_controls pc join control_definitions d on d.id = pc.control_id
         where pc.organization_id = ${organizationId} and pc.project_id = ${projectId} and pc.detached_at is null and pc.control_code in (${list(codes)})
         order by pc.control_code
         for update of pc`),
    );
  },

  async insertAssessment(db: Executor, values: { organizationId: string; projectId: string; controlId: string; result: AssessmentResult; rationale: string; assessedBy: string }) {
    return rowsOf<{ id: string; created_at: Date }>(
      await db.execute(sql`
        insert into control_assessments (organization_id, project_id, project_control_id, result, rationale, assessed_by)
        values (${values.organizationId}, ${values.projectId}, ${values.controlId}, ${values.result}, ${values.rationale}, ${values.assessedBy})
        returning id, created_at`),
    )[0]!;
  },

  async assessments(db: Executor, organizationId: string, controlId: string, page: number, size: number) {
    const rows = rowsOf<{ id: string; result: AssessmentResult; rationale: string; created_at: Date; by_id: string | null; by_name: string | null; by_email: string | null; total: number }>(
      await db.execute(sql`
        select a.id, a.result, a.rationale, a.created_at, u.id as by_id, coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.email) as by_name, u.email as by_email,
               count(*) over () as total
          from control_assessments a left join users u on u.id = a.assessed_by
         where a.organization_id = ${organizationId} and a.project_control_id = ${controlId}
         order by a.created_at desc, a.id desc
         limit ${size} offset ${offsetOf(page, size)}`),
    );
    return { items: rows, total: Number(rows[0]?.total ?? 0) };
  },
};
