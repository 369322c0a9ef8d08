import { sql, type SQL } from 'drizzle-orm';
import { WORK_ITEM_STATUSES, type ReviewStatus, type TestAggregation, type TestOperator, type TestResultStatus, type TestSchedule, type TestWindowKind, type WorkItemStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { offsetOf } from '../../lib/paging';
import { like, list, personJson, rowsOf } from './test-sql';

export type TestSort = 'reference' | 'name' | 'status' | 'last_run_at' | 'updated_at';

export type TestFilters = {
  name?: string;
  statuses?: WorkItemStatus[];
  resultStatuses?: (TestResultStatus | 'never_run')[];
  metricId?: string;
  assignedTo?: string;
};

/** A test's own columns, as every read of it needs them (the condition, its schedule, its status). */
export type TestColumns = {
  id: string;
  project_id: string;
  number: number;
  name: string;
  description: string;
  metric_id: string | null;
  operator: TestOperator;
  threshold: number;
  threshold_upper: number | null;
  aggregation: TestAggregation;
  window_kind: TestWindowKind | null;
  window_size: number | null;
  lookback_days: number;
  schedule: TestSchedule;
  status: WorkItemStatus;
  last_run_at: Date | string | null;
};

export type TestRow = TestColumns & {
  metric_name: string | null;
  metric_unit: string | null;
  source_name: string | null;
  metric_stale: boolean;
  last_result_id: string | null;
  last_result_status: TestResultStatus | null;
  last_result_value: number | null;
  last_result_at: Date | string | null;
  updated_at: Date | string;
  assignees: unknown;
  reviewers: unknown;
  tags: unknown;
  control_count: number;
  review_status: ReviewStatus | null;
};

export type TestDetailRow = TestRow & { out_of_scope_justification: string | null; created_at: Date | string; created_by: unknown };

/** What a change of a test reads: its own columns and its row version (`xmin`). */
export type TestForChange = TestColumns & { out_of_scope_justification: string | null; row_version: string };

/** What a change writes on the test's row (every change also moves `updated_at`). */
export type TestChangeValues = Partial<{
  name: string;
  description: string;
  metricId: string;
  operator: TestOperator;
  threshold: number;
  thresholdUpper: number | null;
  aggregation: TestAggregation;
  windowKind: TestWindowKind | null;
  windowSize: number | null;
  lookbackDays: number;
  schedule: TestSchedule;
  status: WorkItemStatus;
  outOfScopeJustification: string | null;
}>;

const COLUMN_OF: Record<Exclude<keyof TestChangeValues, 'status'>, string> = {
  name: 'name',
  description: 'description',
  metricId: 'metric_id',
  operator: 'operator',
  threshold: 'threshold',
  thresholdUpper: 'threshold_upper',
  aggregation: 'aggregation',
  windowKind: 'window_kind',
  windowSize: 'window_size',
  lookbackDays: 'lookback_days',
  schedule: 'schedule',
  outOfScopeJustification: 'out_of_scope_justification',
};

function changeSets(values: TestChangeValues): SQL {
  const sets: SQL[] = [sql`updated_at = now()`];
  for (const [key, column] of Object.entries(COLUMN_OF) as [keyof typeof COLUMN_OF, string][]) {
    if (values[key] !== undefined) sets.push(sql`${sql.identifier(column)} = ${values[key]}`);
  }
  if (values.status !== undefined) sets.push(sql`status = ${values.status}`, sql`status_changed_at = now()`);
  return sql.join(sets, sql`, `);
}

const OWN = sql`tt.id, tt.project_id, tt.number, tt.name, tt.description, tt.metric_id, tt.operator, tt.threshold, tt.threshold_upper, tt.aggregation,
  tt.window_kind, tt.window_size, tt.lookback_days, tt.schedule, tt.status, tt.last_run_at`;

const STATUS_ORDER = sql.raw(`array[${WORK_ITEM_STATUSES.map((s) => `'${s}'`).join(',')}]`);
const SORT: Record<TestSort, (direction: SQL) => SQL> = {
  reference: (d) => sql`tt.number ${d}`,
  name: (d) => sql`lower(tt.name) ${d}`,
  status: (d) => sql`array_position(${STATUS_ORDER}, tt.status::text) ${d}`,
  last_run_at: (d) => sql`tt.last_run_at ${d} nulls last`,
  updated_at: (d) => sql`tt.updated_at ${d}`,
};
const orderOf = (sortBy: TestSort | undefined, descending: boolean) => sql`${SORT[sortBy ?? 'reference'](descending ? sql`desc` : sql`asc`)}, tt.number ${descending ? sql`desc` : sql`asc`}`;

function where(organizationId: string, projectId: string, f: TestFilters): SQL {
  const parts: SQL[] = [sql`tt.organization_id = ${organizationId}`, sql`tt.project_id = ${projectId}`];
  if (f.name) parts.push(sql`(tt.name ilike ${like(f.name)} or ('T-' || tt.number) ilike ${like(f.name)})`);
  if (f.statuses?.length) parts.push(sql`tt.status::text in (${list(f.statuses)})`);
  if (f.resultStatuses?.length) {
    const statuses = f.resultStatuses.filter((s) => s !== 'never_run');
    const either: SQL[] = [];
    if (statuses.length) either.push(sql`tt.last_result_status::text in (${list(statuses)})`);
    if (f.resultStatuses.includes('never_run')) either.push(sql`tt.last_result_status is null`);
    parts.push(sql`(${sql.join(either, sql` or `)})`);
  }
  if (f.metricId) parts.push(sql`tt.metric_id = ${f.metricId}`);
  if (f.assignedTo) parts.push(sql`exists (select 1 from work_item_people w where w.item_type = 'test' and w.item_id = tt.id and w.role = 'assignee' and w.user_id = ${f.assignedTo})`);
  return sql.join(parts, sql` and `);
}

/** The metric, its source and the latest result: joined for the rows read (`tt`), `now` deciding staleness. */
const joined = (now: string) => sql`
  ${OWN}, tt.updated_at, m.name as metric_name, m.unit as metric_unit, s.name as source_name,
  (m.expected_every_hours is not null and (m.last_value_at is null or m.last_value_at < ${now}::timestamptz - make_interval(hours => m.expected_every_hours))) as metric_stale,
  r.id as last_result_id, r.result_status as last_result_status, r.observed_value as last_result_value, r.created_at as last_result_at`;
const joins = sql`left join testing_metrics m on m.id = tt.metric_id left join testing_sources s on s.id = m.source_id left join testing_results r on r.id = tt.last_result_id`;

const people = (role: 'assignee' | 'reviewer') => sql`coalesce((
  select json_agg(json_build_object('id', u.id, 'name', coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.email), 'email', u.email) order by lower(u.firstname), lower(u.lastname))
    from work_item_people w join users u on u.id = w.user_id
   where w.item_type = 'test' and w.item_id = p.id and w.role = ${role}), '[]'::json)`;

/** What every test row carries beyond its columns, computed for the rows of one page only (the rows are `p`). */
const decorations = sql`
  ${people('assignee')} as assignees,
  ${people('reviewer')} as reviewers,
  coalesce((select json_agg(json_build_object('tag_id', t.id, 'name', t.name, 'color', t.color) order by lower(t.name))
              from work_item_tags wt join tags t on t.id = wt.tag_id where wt.item_type = 'test' and wt.item_id = p.id), '[]'::json) as tags,
  (select count(*)::int from testing_test_controls tc join project_controls pc on pc.id = tc.control_id and pc.detached_at is null where tc.test_id = p.id) as control_count,
  (select rv.status from review_requests rv where rv.concept = 'test' and rv.object_id = p.id
      and (rv.status = 'in_review' or rv.settled_at >= coalesce(p.status_changed_at, rv.settled_at))
    order by rv.created_at desc limit 1) as review_status`;

export const testRepository = {
  /** One page of the project's tests with their metric, latest result, people, tags and counts: one query. */
  async list(db: Executor, organizationId: string, projectId: string, now: string, filters: TestFilters, query: { sortBy?: TestSort; descending: boolean; page: number; size: number }) {
    const order = orderOf(query.sortBy, query.descending);
    const rows = rowsOf<TestRow & { total: number }>(
      await db.execute(sql`
        with page as (
          select tt.id, count(*) over () as total, row_number() over (order by ${order}) as n
            from testing_tests tt
           where ${where(organizationId, projectId, filters)}
           order by ${order}
           limit ${query.size} offset ${offsetOf(query.page, query.size)}
        ), p as (
          select ${joined(now)}, tt.status_changed_at, page.total, page.n
            from page join testing_tests tt on tt.id = page.id ${joins}
        )
        select p.*, ${decorations} from p order by p.n`),
    );
    return { items: rows, total: Number(rows[0]?.total ?? 0) };
  },

  /** A test of the project with everything its detail shows (but its status history). */
  async find(db: Executor, organizationId: string, projectId: string, id: string, now: string) {
    return rowsOf<TestDetailRow>(
      await db.execute(sql`
        with p as (
          select ${joined(now)}, tt.status_changed_at, tt.out_of_scope_justification, tt.created_at, ${personJson('u')} as created_by
            from testing_tests tt ${joins} left join users u on u.id = tt.created_by
           where tt.organization_id = ${organizationId} and tt.project_id = ${projectId} and tt.id = ${id}
        )
        select p.*, ${decorations} from p`),
    )[0];
  },

  /** A test with its row version; locked until the transaction ends unless `lock: false` (a one-statement change guarded by the version). */
  async findForChange(db: Executor, organizationId: string, projectId: string, id: string, options: { lock: boolean } = { lock: true }): Promise<TestForChange | undefined> {
    return rowsOf<TestForChange>(
      await db.execute(sql`
        select ${OWN}, tt.out_of_scope_justification, tt.xmin::text as row_version
          from testing_tests tt
         where tt.organization_id = ${organizationId} and tt.project_id = ${projectId} and tt.id = ${id}
         ${options.lock ? sql`for update of tt` : sql``}`),
    )[0];
  },

  /** Whether the metric is one of the project's (a test judges its own project's metrics only). */
  async metricOfProject(db: Executor, organizationId: string, projectId: string, metricId: string) {
    return rowsOf(await db.execute(sql`select 1 from testing_metrics where organization_id = ${organizationId} and project_id = ${projectId} and id = ${metricId}`)).length > 0;
  },

  /**
   * The next T-number of the project, under a lock of the project's numbering held until the transaction
   * ends (undefined when the project is not the organization's). A deleted test's number is never given
   * again: its deletion's log entry keeps it.
   */
  async nextNumber(db: Executor, organizationId: string, projectId: string): Promise<number | undefined> {
    const [project] = rowsOf(await db.execute(sql`select pg_advisory_xact_lock(hashtextextended('testing_tests:' || ${projectId}::text, 0)) as locked from projects where id = ${projectId} and organization_id = ${organizationId}`));
    if (!project) return undefined;
    const [row] = rowsOf<{ next: number }>(
      await db.execute(sql`
        select greatest(
                 coalesce((select max(tt.number) from testing_tests tt where tt.project_id = ${projectId}), 0),
                 coalesce((select max((a.after->>'number')::int) from activity_logs a
                            where a.project_id = ${projectId} and a.object_type = 'test' and a.action = 'deleted'), 0)) + 1 as next`),
    );
    return Number(row!.next);
  },

  async insert(db: Executor, values: Required<Omit<TestChangeValues, 'status' | 'outOfScopeJustification'>> & { organizationId: string; projectId: string; number: number; createdBy: string }): Promise<string> {
    return rowsOf<{ id: string }>(
      await db.execute(sql`
        insert into testing_tests (organization_id, project_id, number, name, description, metric_id, operator, threshold, threshold_upper, aggregation,
                                   window_kind, window_size, lookback_days, schedule, created_by)
        values (${values.organizationId}, ${values.projectId}, ${values.number}, ${values.name}, ${values.description}, ${values.metricId}, ${values.operator},
                ${values.threshold}, ${values.thresholdUpper}, ${values.aggregation}, ${values.windowKind}, ${values.windowSize}, ${values.lookbackDays},
                ${values.schedule}, ${values.createdBy})
        returning id`),
    )[0]!.id;
  },

  async update(db: Executor, id: string, values: TestChangeValues) {
    await db.execute(sql`update testing_tests set ${changeSets(values)} where id = ${id}`);
  },

  /** The same update as a statement for workItems.writeInOneStatement: only while the row is the version read. */
  updateIfUnchanged(id: string, version: string, values: TestChangeValues): SQL {
    return sql`update testing_tests tt set ${changeSets(values)} where tt.id = ${id} and tt.xmin = ${version}::xid returning tt.id`;
  },

  /** Deletes the test and what hangs on it by id (people, tags, comments, reviews); results and links go with it (foreign keys). */
  async delete(db: Executor, organizationId: string, id: string) {
    await db.execute(sql`delete from work_item_people where item_type = 'test' and item_id = ${id}`);
    await db.execute(sql`delete from work_item_tags where item_type = 'test' and item_id = ${id}`);
    await db.execute(sql`delete from comments where organization_id = ${organizationId} and object_type = 'test' and object_id = ${id}`);
    await db.execute(sql`delete from review_requests where organization_id = ${organizationId} and concept = 'test' and object_id = ${id}`);
    await db.execute(sql`delete from testing_tests where organization_id = ${organizationId} and id = ${id}`);
  },

  async reviewPending(db: Executor, organizationId: string, id: string): Promise<boolean> {
    return rowsOf(await db.execute(sql`select 1 from review_requests where organization_id = ${organizationId} and concept = 'test' and object_id = ${id} and status = 'in_review'`)).length > 0;
  },
};
