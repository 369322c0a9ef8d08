import { sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_RISK_APPETITE,
  WORK_ITEM_STATUSES,
  type AcceptanceStatus,
  type Currency,
  type ReviewStatus,
  type RiskCategory,
  type RiskLevel,
  type RiskSort,
  type TreatmentOption,
  type WorkItemStatus,
} from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { offsetOf } from '../../lib/paging';
import { like, list, rowsOf } from './sql-helpers';
import type { ScoreColumns } from './scoring';

export type RiskFilters = {
  name?: string;
  statuses?: WorkItemStatus[];
  assignedTo?: string;
  inherentLevels?: RiskLevel[];
  residualLevels?: RiskLevel[];
  categories?: RiskCategory[];
  treatmentOptions?: TreatmentOption[];
  aboveAppetite?: boolean;
  needsAttention?: boolean;
  tagIds?: string[];
  likelihood?: number;
  impact?: number;
  residualLikelihood?: number;
  residualImpact?: number;
};

/** The organization's appetite: its setting, or the default. Uncorrelated, so computed once per query. */
const appetiteOf = (organizationId: string) =>
  sql`coalesce((select s.appetite from organization_risk_settings s where s.organization_id = ${organizationId}), ${DEFAULT_RISK_APPETITE}::risk_level)`;

const STATUS_ORDER = sql.raw(`array[${WORK_ITEM_STATUSES.map((s) => `'${s}'`).join(',')}]`);
/** Scores sort by level (the matrix's judgement) first, then by likelihood × impact. */
const SORT: Record<RiskSort, (direction: SQL) => SQL> = {
  reference: (d) => sql`r.number ${d}`,
  name: (d) => sql`lower(r.name) ${d}`,
  status: (d) => sql`array_position(${STATUS_ORDER}, r.status::text) ${d}`,
  inherent_score: (d) => sql`r.inherent_level ${d}, r.inherent_score ${d}`,
  residual_score: (d) => sql`r.residual_level ${d}, r.residual_score ${d}`,
  updated_at: (d) => sql`r.updated_at ${d}`,
  created_at: (d) => sql`r.created_at ${d}`,
};
const orderOf = (sortBy: RiskSort | undefined, descending: boolean) => sql`${SORT[sortBy ?? 'reference'](descending ? sql`desc` : sql`asc`)}, r.number ${descending ? sql`desc` : sql`asc`}`;

function where(organizationId: string, projectId: string, f: RiskFilters): SQL {
  const parts: SQL[] = [sql`r.organization_id = ${organizationId}`, sql`r.project_id = ${projectId}`];
  if (f.name) parts.push(sql`(r.name ilike ${like(f.name)} or ('R-' || r.number) ilike ${like(f.name)})`);
  if (f.statuses?.length) parts.push(sql`r.status::text in (${list(f.statuses)})`);
  if (f.inherentLevels?.length) parts.push(sql`r.inherent_level::text in (${list(f.inherentLevels)})`);
  if (f.residualLevels?.length) parts.push(sql`r.residual_level::text in (${list(f.residualLevels)})`);
  if (f.categories?.length) parts.push(sql`r.category::text in (${list(f.categories)})`);
  if (f.treatmentOptions?.length) parts.push(sql`t.option::text in (${list(f.treatmentOptions)})`);
  if (f.aboveAppetite !== undefined) parts.push(sql`(r.residual_level > ${appetiteOf(organizationId)}) = ${f.aboveAppetite}`);
  if (f.needsAttention !== undefined) parts.push(sql`r.needs_attention = ${f.needsAttention}`);
  if (f.likelihood !== undefined) parts.push(sql`r.likelihood = ${f.likelihood}`);
  if (f.impact !== undefined) parts.push(sql`r.impact = ${f.impact}`);
  if (f.residualLikelihood !== undefined) parts.push(sql`r.residual_likelihood = ${f.residualLikelihood}`);
  if (f.residualImpact !== undefined) parts.push(sql`r.residual_impact = ${f.residualImpact}`);
  if (f.tagIds?.length) parts.push(sql`exists (select 1 from work_item_tags wt where wt.item_type = 'risk' and wt.item_id = r.id and wt.tag_id in (${list(f.tagIds)}))`);
  if (f.assignedTo) parts.push(sql`exists (select 1 from work_item_people w where w.item_type = 'risk' and w.item_id = r.id and w.role = 'assignee' and w.user_id = ${f.assignedTo})`);
  return sql.join(parts, sql` and `);
}

const people = (role: 'assignee' | 'reviewer') => sql`coalesce((
  select json_agg(json_build_object('id', u.id, 'name', coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.email), 'email', u.email) order by lower(u.firstname), lower(u.lastname))
    from work_item_people w join users u on u.id = w.user_id
   where w.item_type = 'risk' and w.item_id = p.id and w.role = ${role}), '[]'::json)`;

const tagsOf = sql`coalesce((select json_agg(json_build_object('tag_id', t.id, 'name', t.name, 'color', t.color) order by lower(t.name))
              from work_item_tags wt join tags t on t.id = wt.tag_id where wt.item_type = 'risk' and wt.item_id = p.id), '[]'::json)`;

/** The latest review while it is pending or still what the status shows (a later status change outdates its outcome). */
const reviewStatusOf = sql`(select rv.status from review_requests rv where rv.concept = 'risk' and rv.object_id = p.id
      and (rv.status = 'in_review' or rv.settled_at >= coalesce(p.status_changed_at, rv.settled_at))
    order by rv.created_at desc limit 1)`;

/** Forced: the approval in force was set with reviews:force_update_status and no reviewer decided it. */
const approvalForcedOf = sql`(p.status = 'approved' and coalesce((
     select rv.forced and not exists (select 1 from review_reviewers x where x.review_id = rv.id)
       from review_requests rv where rv.concept = 'risk' and rv.object_id = p.id and rv.status = 'approved'
      order by rv.settled_at desc nulls last limit 1), false))`;

/** What every risk row carries beyond its own columns, computed for the rows of one page only (the rows are `p`). */
const decorations = sql`
  ${people('assignee')} as assignees,
  ${people('reviewer')} as reviewers,
  ${tagsOf} as tags,
  (select count(*)::int from risk_controls rc join project_controls pc on pc.id = rc.project_control_id
    where rc.risk_id = p.id and pc.detached_at is null) as control_count,
  (select count(*)::int from risk_treatment_strategies s where s.risk_id = p.id and s.status in ('planned', 'in_progress')) as open_strategy_count,
  (select a.status from risk_acceptances a where a.risk_id = p.id order by a.proposed_at desc, a.id desc limit 1) as acceptance_status,
  ${reviewStatusOf} as review_status,
  ${approvalForcedOf} as approval_forced`;

export type RiskRow = {
  id: string;
  project_id: string;
  number: number;
  name: string;
  category: RiskCategory | null;
  status: WorkItemStatus;
  status_changed_at: Date | null;
  likelihood: number;
  impact: number;
  inherent_score: number;
  inherent_level: RiskLevel;
  residual_likelihood: number;
  residual_impact: number;
  residual_score: number;
  residual_level: RiskLevel;
  monetary_impact: string | null;
  currency: Currency;
  expected_annual_loss: string | null;
  needs_attention: boolean;
  needs_attention_reason: string | null;
  updated_at: Date;
  treatment_option: TreatmentOption | null;
  residual_assessed: boolean;
  above_appetite: boolean;
  assignees: unknown;
  reviewers: unknown;
  tags: unknown;
  control_count: number;
  open_strategy_count: number;
  acceptance_status: AcceptanceStatus | null;
  review_status: ReviewStatus | null;
  approval_forced: boolean;
};

export type RiskDetailRow = RiskRow & {
  description: string;
  affected: unknown;
  library_id: string | null;
  out_of_scope_justification: string | null;
  created_at: Date;
  created_by: unknown;
};

const columns = (organizationId: string) => sql`
  r.id, r.project_id, r.number, r.name, r.category, r.status, r.status_changed_at, r.likelihood, r.impact, r.inherent_score, r.inherent_level,
  r.residual_likelihood, r.residual_impact, r.residual_score, r.residual_level, r.monetary_impact, r.currency, r.expected_annual_loss,
  r.needs_attention, r.needs_attention_reason, r.updated_at, t.option as treatment_option,
  coalesce(t.residual_likelihood is not null, false) as residual_assessed,
  r.residual_level > ${appetiteOf(organizationId)} as above_appetite`;

/** What a change of a risk reads (under its row lock, or with its version): its own columns and its treatment's residual. */
export type RiskForChange = {
  id: string;
  project_id: string;
  number: number;
  name: string;
  description: string;
  category: RiskCategory | null;
  affected: unknown;
  likelihood: number;
  impact: number;
  residual_likelihood: number;
  residual_impact: number;
  residual_level: RiskLevel;
  inherent_level: RiskLevel;
  monetary_impact: string | null;
  currency: Currency;
  expected_annual_loss: string | null;
  status: WorkItemStatus;
  needs_attention_reason: string | null;
  treatment_option: TreatmentOption | null;
  treatment_residual_likelihood: number | null;
  treatment_residual_impact: number | null;
  /** The row's version (xmin) as read: a change written in one statement is guarded by it. */
  row_version: string;
};

/** What a change of a risk writes on its row (every change also moves `updated_at`). */
export type RiskChangeValues = Partial<ScoreColumns> & {
  name?: string;
  description?: string;
  category?: RiskCategory | null;
  affected?: string[];
  monetaryImpact?: string | null;
  currency?: Currency;
  expectedAnnualLoss?: string | null;
  status?: WorkItemStatus;
  outOfScopeJustification?: string | null;
  needsAttention?: { reason: string | null };
};

function changeSets(values: RiskChangeValues): SQL {
  const sets: SQL[] = [sql`updated_at = now()`];
  const set = (column: string, value: unknown) => sets.push(sql`${sql.identifier(column)} = ${value}`);
  if (values.name !== undefined) set('name', values.name);
  if (values.description !== undefined) set('description', values.description);
  if (values.category !== undefined) set('category', values.category);
  if (values.affected !== undefined) sets.push(sql`affected = ${JSON.stringify(values.affected)}::jsonb`);
  if (values.likelihood !== undefined) set('likelihood', values.likelihood);
  if (values.impact !== undefined) set('impact', values.impact);
  if (values.inherentScore !== undefined) set('inherent_score', values.inherentScore);
  if (values.inherentLevel !== undefined) set('inherent_level', values.inherentLevel);
  if (values.residualLikelihood !== undefined) set('residual_likelihood', values.residualLikelihood);
  if (values.residualImpact !== undefined) set('residual_impact', values.residualImpact);
  if (values.residualScore !== undefined) set('residual_score', values.residualScore);
  if (values.residualLevel !== undefined) set('residual_level', values.residualLevel);
  if (values.monetaryImpact !== undefined) set('monetary_impact', values.monetaryImpact);
  if (values.currency !== undefined) set('currency', values.currency);
  if (values.expectedAnnualLoss !== undefined) set('expected_annual_loss', values.expectedAnnualLoss);
  if (values.status !== undefined) sets.push(sql`status = ${values.status}`, sql`status_changed_at = now()`);
  if (values.outOfScopeJustification !== undefined) set('out_of_scope_justification', values.outOfScopeJustification);
  if (values.needsAttention !== undefined) sets.push(sql`needs_attention = ${values.needsAttention.reason !== null}`, sql`needs_attention_reason = ${values.needsAttention.reason}`);
  return sql.join(sets, sql`, `);
}

export const riskRepository = {
  /** One page of the register with people, tags and counts: one query. */
  async list(db: Executor, organizationId: string, projectId: string, filters: RiskFilters, query: { sortBy?: RiskSort; descending: boolean; page: number; size: number }) {
    const order = orderOf(query.sortBy, query.descending);
    const rows = rowsOf<RiskRow & { total: number }>(
      await db.execute(sql`
        with page as (
          -- The page's ids alone (the sort reads the stored scores): the wide columns are read for its rows only.
          select r.id, count(*) over () as total, row_number() over (order by ${order}) as n
            from risks r left join risk_treatments t on t.risk_id = r.id
           where ${where(organizationId, projectId, filters)}
           order by ${order}
           limit ${query.size} offset ${offsetOf(query.page, query.size)}
        ), p as (
          select ${columns(organizationId)}, page.total, page.n
            from page join risks r on r.id = page.id left join risk_treatments t on t.risk_id = r.id
        )
        select p.*, ${decorations} from p order by p.n`),
    );
    return { items: rows, total: Number(rows[0]?.total ?? 0) };
  },

  /** The light list, for pickers: one query. */
  async light(db: Executor, organizationId: string, projectId: string, filters: RiskFilters, query: { sortBy?: 'reference' | 'name'; descending: boolean; page: number; size: number }) {
    const order = orderOf(query.sortBy, query.descending);
    const rows = rowsOf<{ id: string; number: number; name: string; status: WorkItemStatus; inherent_level: RiskLevel; residual_level: RiskLevel; total: number }>(
      await db.execute(sql`
        select r.id, r.number, r.name, r.status, r.inherent_level, r.residual_level, count(*) over () as total
          from risks r left join risk_treatments t on t.risk_id = r.id
         where ${where(organizationId, projectId, filters)}
         order by ${order}
         limit ${query.size} offset ${offsetOf(query.page, query.size)}`),
    );
    return { items: rows, total: Number(rows[0]?.total ?? 0) };
  },

  /** The evidence linked to each of these risks (name order), in one query: risks_with_evidences. */
  async evidencesOf(db: Executor, organizationId: string, riskIds: readonly string[]) {
    const linked = new Map<string, { id: string; name: string }[]>();
    if (riskIds.length === 0) return linked;
    const rows = rowsOf<{ risk_id: string; id: string; name: string }>(
      await db.execute(sql`
        select l.risk_id, e.id, e.name from evidence_links l join evidences e on e.id = l.evidence_id
         where l.organization_id = ${organizationId} and l.risk_id in (${list(riskIds)})
         order by lower(e.name), e.id`),
    );
    for (const row of rows) linked.set(row.risk_id, [...(linked.get(row.risk_id) ?? []), { id: row.id, name: row.name }]);
    return linked;
  },

  /** A risk of the project with everything its detail shows (but its status history). */
  async find(db: Executor, organizationId: string, projectId: string, id: string) {
    return rowsOf<RiskDetailRow>(
      await db.execute(sql`
        with p as (
          select ${columns(organizationId)}, r.description, r.affected, r.library_id, r.out_of_scope_justification, r.created_at,
                 case when u.id is null then null else json_build_object('id', u.id, 'name', coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.email), 'email', u.email) end as created_by
            from risks r left join risk_treatments t on t.risk_id = r.id left join users u on u.id = r.created_by
           where r.organization_id = ${organizationId} and r.project_id = ${projectId} and r.id = ${id}
        )
        select p.*, ${decorations} from p`),
    )[0];
  },

  /**
   * A risk of the project with what a change of it needs and its row version (`xmin`: any later write of
   * the row changes it). Locked until the transaction ends — changes of one risk queue here, each seeing
   * the one before it — unless `lock: false` (a change written in one statement, guarded by the version).
   */
  async findForChange(db: Executor, organizationId: string, projectId: string, id: string, options: { lock: boolean } = { lock: true }): Promise<RiskForChange | undefined> {
    return rowsOf<RiskForChange>(
      await db.execute(sql`
        select r.id, r.project_id, r.number, r.name, r.description, r.category, r.affected, r.likelihood, r.impact, r.residual_likelihood, r.residual_impact,
               r.residual_level, r.inherent_level, r.monetary_impact, r.currency, r.expected_annual_loss, r.status, r.needs_attention_reason,
               t.option as treatment_option, t.residual_likelihood as treatment_residual_likelihood, t.residual_impact as treatment_residual_impact,
               r.xmin::text as row_version
          from risks r left join risk_treatments t on t.risk_id = r.id
         where r.organization_id = ${organizationId} and r.project_id = ${projectId} and r.id = ${id}
         ${options.lock ? sql`for update of r` : sql``}`),
    )[0];
  },

  /**
   * The next risk number of the project (undefined when it is not the organization's): the counter's row lock
   * orders concurrent creations, so numbers never collide, and a deleted risk's number is never given again.
   */
  async nextNumber(db: Executor, organizationId: string, projectId: string): Promise<number | undefined> {
    // The project's counter, created at its first risk (from the numbers given before counters existed). It
    // never gives a number a risk holds, even when risks came in behind the API (an import in SQL): the
    // highest number is one index lookup (risks_number_key).
    const [row] = rowsOf<{ next: number }>(
      await db.execute(sql`
        insert into risk_number_counters (project_id, organization_id, last_number)
        select p.id, p.organization_id, coalesce((select max(r.number) from risks r where r.project_id = p.id), 0) + 1
          from projects p where p.id = ${projectId} and p.organization_id = ${organizationId}
        on conflict (project_id) do update
          set last_number = greatest(risk_number_counters.last_number, (select max(r.number) from risks r where r.project_id = ${projectId})) + 1
        returning last_number as next`),
    );
    return row ? Number(row.next) : undefined;
  },

  async insert(
    db: Executor,
    values: ScoreColumns & {
      organizationId: string;
      projectId: string;
      number: number;
      name: string;
      description: string;
      category: RiskCategory | null;
      affected: string[];
      monetaryImpact: string | null;
      currency: Currency;
      expectedAnnualLoss: string | null;
      libraryId: string | null;
      createdBy: string;
    },
  ): Promise<string> {
    return rowsOf<{ id: string }>(
      await db.execute(sql`
        insert into risks (organization_id, project_id, number, name, description, category, affected, likelihood, impact, inherent_score, inherent_level,
                           residual_likelihood, residual_impact, residual_score, residual_level, monetary_impact, currency, expected_annual_loss, library_id, created_by)
        values (${values.organizationId}, ${values.projectId}, ${values.number}, ${values.name}, ${values.description}, ${values.category}, ${JSON.stringify(values.affected)}::jsonb,
                ${values.likelihood}, ${values.impact}, ${values.inherentScore}, ${values.inherentLevel},
                ${values.residualLikelihood}, ${values.residualImpact}, ${values.residualScore}, ${values.residualLevel},
                ${values.monetaryImpact}, ${values.currency}, ${values.expectedAnnualLoss}, ${values.libraryId}, ${values.createdBy})
        returning id`),
    )[0]!.id;
  },

  async update(db: Executor, id: string, values: RiskChangeValues) {
    await db.execute(sql`update risks set ${changeSets(values)} where id = ${id}`);
  },

  /**
   * The same update as a statement for workItems.writeInOneStatement: it changes the row only while it is
   * the version the caller read (`version`, its xmin) and `also` holds, and returns its id.
   */
  updateIfUnchanged(id: string, version: string, values: RiskChangeValues, also?: SQL): SQL {
    return sql`update risks r set ${changeSets(values)} where r.id = ${id} and r.xmin = ${version}::xid ${also ? sql`and ${also}` : sql``} returning r.id`;
  },

  /**
   * Deletes the risk and what hangs on it by id only (people, tags, comments, reviews): its treatment,
   * acceptances, strategies and links go with it (foreign keys). The activity log stays.
   */
  async delete(db: Executor, organizationId: string, id: string) {
    await db.execute(sql`delete from work_item_people where item_type = 'risk' and item_id = ${id}`);
    await db.execute(sql`delete from work_item_tags where item_type = 'risk' and item_id = ${id}`);
    await db.execute(sql`delete from comments where organization_id = ${organizationId} and object_type = 'risk' and object_id = ${id}`);
    await db.execute(sql`delete from review_requests where organization_id = ${organizationId} and concept = 'risk' and object_id = ${id}`);
    await db.execute(sql`delete from risks where organization_id = ${organizationId} and id = ${id}`);
  },

  /** Whether a review of the risk is pending. */
  async reviewPending(db: Executor, organizationId: string, id: string): Promise<boolean> {
    return rowsOf(await db.execute(sql`select 1 from review_requests where organization_id = ${organizationId} and concept = 'risk' and object_id = ${id} and status = 'in_review'`)).length > 0;
  },

  /**
   * The project's risks counted by what the heat map shows: one query, grouped by cell, levels, scope and
   * appetite (a few dozen groups at most, whatever the number of risks).
   */
  async heatMap(db: Executor, organizationId: string, projectId: string) {
    return rowsOf<{ out_of_scope: boolean; likelihood: number; impact: number; residual_likelihood: number; residual_impact: number; inherent_level: RiskLevel; residual_level: RiskLevel; above_appetite: boolean; n: number }>(
      await db.execute(sql`
        select r.status = 'out_of_scope' as out_of_scope, r.likelihood, r.impact, r.residual_likelihood, r.residual_impact, r.inherent_level, r.residual_level,
               r.residual_level > ${appetiteOf(organizationId)} as above_appetite, count(*)::int as n
          from risks r
         where r.organization_id = ${organizationId} and r.project_id = ${projectId}
         group by 1, 2, 3, 4, 5, 6, 7, 8`),
    );
  },
};
