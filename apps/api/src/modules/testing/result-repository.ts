import { sql, type SQL } from 'drizzle-orm';
import type { TestOperator, TestResultStatus, TestRunTrigger, WorkItemStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { offsetOf } from '../../lib/paging';
import type { Observation } from './condition';
import { like, list, personJson, rowsOf } from './test-sql';

export type ResultSort = 'created_at' | 'result_status' | 'observed_value' | 'test_name';

export type ResultRow = {
  id: string;
  test_id: string;
  test_number: number;
  test_name: string;
  result_status: TestResultStatus;
  observed_value: number | null;
  condition: string;
  operator: TestOperator;
  threshold: number;
  threshold_upper: number | null;
  value_count: number;
  data_from: Date | string | null;
  data_to: Date | string | null;
  error: string | null;
  trigger: TestRunTrigger;
  run_by: unknown;
  evidence_ids: string[] | null;
  created_at: Date | string;
};

export type ResultFilters = { testId?: string; resultStatuses?: TestResultStatus[]; name?: string; testStatuses?: WorkItemStatus[] };

export type NewResult = {
  id: string;
  organizationId: string;
  projectId: string;
  testId: string;
  resultStatus: TestResultStatus;
  observedValue: number | null;
  condition: string;
  operator: TestOperator;
  threshold: number;
  thresholdUpper: number | null;
  valueCount: number;
  dataFrom: string | null;
  dataTo: string | null;
  error: string | null;
  trigger: TestRunTrigger;
  runBy: string | null;
  at: string;
};

const SORT: Record<ResultSort, (d: SQL) => SQL> = {
  created_at: (d) => sql`r.created_at ${d}`,
  result_status: (d) => sql`r.result_status ${d}, r.created_at desc`,
  observed_value: (d) => sql`r.observed_value ${d} nulls last, r.created_at desc`,
  test_name: (d) => sql`lower(tt.name) ${d}, r.created_at desc`,
};

/** The results' SQL: what a run judges (in SQL, by the values index), writing a result, lists and one result. */
export const resultRepository = {
  /**
   * The values a run judges and their aggregates, in one statement by the index on (metric_id,
   * observed_at): the newest first since `since` (the lookback, or a shorter window of days), at most
   * `limit` of them (1 for the latest value, N for a window of values, all for a window of days).
   */
  /** The values a run judges: observed in [since, until], the newest `limit` of them (all when null). */
  async observe(db: Executor, metricId: string, since: string, until: string, limit: number | null): Promise<Observation & { from: string | null; to: string | null }> {
    const [row] = rowsOf<{ n: number; latest: number | null; mean: number | null; min: number | null; max: number | null; from: Date | string | null; to: Date | string | null }>(
      await db.execute(sql`
        with v as (
          select value, observed_at from testing_values
           where metric_id = ${metricId} and observed_at >= ${since}::timestamptz and observed_at <= ${until}::timestamptz
           order by observed_at desc
           limit ${limit}
        )
        select count(*)::int as n, (array_agg(value order by observed_at desc))[1] as latest, avg(value) as mean, min(value) as min, max(value) as max,
               min(observed_at) as "from", max(observed_at) as "to"
          from v`),
    );
    const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    return {
      count: Number(row?.n ?? 0),
      latest: num(row?.latest),
      mean: num(row?.mean),
      min: num(row?.min),
      max: num(row?.max),
      from: row?.from ? new Date(row.from).toISOString() : null,
      to: row?.to ? new Date(row.to).toISOString() : null,
    };
  },

  /** The result, and the test's latest result columns, in one statement. */
  async insert(db: Executor, r: NewResult) {
    await db.execute(sql`
      with written as (
        insert into testing_results (id, organization_id, project_id, test_id, result_status, observed_value, condition, operator, threshold, threshold_upper,
                                     value_count, data_from, data_to, error, trigger, run_by, created_at)
        values (${r.id}, ${r.organizationId}, ${r.projectId}, ${r.testId}, ${r.resultStatus}, ${r.observedValue}, ${r.condition}, ${r.operator}, ${r.threshold},
                ${r.thresholdUpper}, ${r.valueCount}, ${r.dataFrom}::timestamptz, ${r.dataTo}::timestamptz, ${r.error}, ${r.trigger}, ${r.runBy}, ${r.at}::timestamptz)
        returning id, test_id, result_status, created_at
      )
      update testing_tests tt set last_result_id = written.id, last_result_status = written.result_status, last_run_at = written.created_at
        from written where tt.id = written.test_id`);
  },

  async recordEvidence(db: Executor, rows: readonly { organizationId: string; projectId: string; resultId: string; evidenceId: string; controlId: string }[]) {
    if (rows.length === 0) return;
    await db.execute(sql`
      insert into testing_result_evidences (organization_id, project_id, result_id, evidence_id, control_id, generated)
      values ${sql.join(rows.map((r) => sql`(${r.organizationId}, ${r.projectId}, ${r.resultId}, ${r.evidenceId}, ${r.controlId}, true)`), sql`, `)}`);
  },

  /**
   * One page of results (of one test, or of the project's tests) with its total, in one statement: the
   * total counted on the results' indexes, the page read by them (newest first by default).
   */
  async list(db: Executor, organizationId: string, projectId: string, filters: ResultFilters, query: { sortBy?: ResultSort; descending: boolean; page: number; size: number }) {
    const parts: SQL[] = [sql`r.organization_id = ${organizationId}`, sql`r.project_id = ${projectId}`];
    if (filters.testId) parts.push(sql`r.test_id = ${filters.testId}`);
    if (filters.resultStatuses?.length) parts.push(sql`r.result_status::text in (${list(filters.resultStatuses)})`);
    const needsTest = Boolean(filters.name || filters.testStatuses?.length);
    if (filters.name) parts.push(sql`(tt.name ilike ${like(filters.name)} or ('T-' || tt.number) ilike ${like(filters.name)})`);
    if (filters.testStatuses?.length) parts.push(sql`tt.status::text in (${list(filters.testStatuses)})`);
    const where = sql.join(parts, sql` and `);
    const sortBy = query.sortBy ?? 'created_at';
    const direction = query.sortBy === undefined ? sql`desc` : query.descending ? sql`desc` : sql`asc`;
    const from = needsTest || sortBy === 'test_name' ? sql`testing_results r join testing_tests tt on tt.id = r.test_id` : sql`testing_results r`;
    const rows = rowsOf<ResultRow & { total: number }>(
      await db.execute(sql`
        with total as (select count(*)::int as n from ${needsTest ? sql`testing_results r join testing_tests tt on tt.id = r.test_id` : sql`testing_results r`} where ${where}),
        page as (
          select r.id, row_number() over (order by ${SORT[sortBy](direction)}, r.id) as n
            from ${from} where ${where}
           order by ${SORT[sortBy](direction)}, r.id
           limit ${query.size} offset ${offsetOf(query.page, query.size)}
        )
        select total.n as total, ${columns} from total left join page on true left join testing_results r on r.id = page.id left join testing_tests tt on tt.id = r.test_id
          left join users u on u.id = r.run_by
         order by page.n`),
    );
    const total = Number(rows[0]?.total ?? 0);
    return { items: rows.filter((row) => row.id !== null), total };
  },

  async find(db: Executor, organizationId: string, projectId: string, testId: string, id: string) {
    return rowsOf<ResultRow>(
      await db.execute(sql`
        select ${columns} from testing_results r join testing_tests tt on tt.id = r.test_id left join users u on u.id = r.run_by
         where r.organization_id = ${organizationId} and r.project_id = ${projectId} and r.test_id = ${testId} and r.id = ${id}`),
    )[0];
  },

  /** Whether the test is one of the project's. */
  async testExists(db: Executor, organizationId: string, projectId: string, testId: string) {
    return rowsOf(await db.execute(sql`select 1 from testing_tests where organization_id = ${organizationId} and project_id = ${projectId} and id = ${testId}`)).length > 0;
  },
};

const columns = sql`r.id, r.test_id, tt.number as test_number, tt.name as test_name, r.result_status, r.observed_value, r.condition, r.operator, r.threshold, r.threshold_upper,
  r.value_count, r.data_from, r.data_to, r.error, r.trigger, r.created_at, ${personJson('u')} as run_by,
  array(select re.evidence_id::text from testing_result_evidences re where re.result_id = r.id order by re.evidence_id) as evidence_ids`;
