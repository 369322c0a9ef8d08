import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type SummaryCounts = { total: number; passed: number; failed: number; error: number; never_run: number; controls_with_failing_tests: number; stale_metrics: number };
export type FailingTest = { id: string; number: number; name: string; last_run_at: Date | string | null };

/**
 * The project's tests counted by their latest result — the same column the tests list filters on
 * (`result_status`, `never_run` = no result yet) —, the controls a failing test flags and the stale metrics:
 * one statement; the failing tests, newest run first, a second.
 */
export const summaryRepository = {
  async counts(db: Executor, organizationId: string, projectId: string, now: Date): Promise<SummaryCounts> {
    const [row] = rowsOf<SummaryCounts>(
      await db.execute(sql`
        select (select count(*) from testing_tests t where t.organization_id = ${organizationId} and t.project_id = ${projectId})::int as total,
               (select count(*) from testing_tests t where t.organization_id = ${organizationId} and t.project_id = ${projectId} and t.last_result_status = 'passed')::int as passed,
               (select count(*) from testing_tests t where t.organization_id = ${organizationId} and t.project_id = ${projectId} and t.last_result_status = 'failed')::int as failed,
               (select count(*) from testing_tests t where t.organization_id = ${organizationId} and t.project_id = ${projectId} and t.last_result_status = 'error')::int as error,
               (select count(*) from testing_tests t where t.organization_id = ${organizationId} and t.project_id = ${projectId} and t.last_result_status is null)::int as never_run,
               (select count(distinct l.control_id) from testing_test_controls l
                  join testing_tests t on t.id = l.test_id and t.last_result_status = 'failed'
                  join project_controls pc on pc.id = l.control_id and pc.detached_at is null
                 where l.organization_id = ${organizationId} and l.project_id = ${projectId})::int as controls_with_failing_tests,
               (select count(*) from testing_metrics m
                 where m.organization_id = ${organizationId} and m.project_id = ${projectId} and m.expected_every_hours is not null
                   and (m.last_value_at is null or m.last_value_at < ${now.toISOString()}::timestamptz - make_interval(hours => m.expected_every_hours)))::int as stale_metrics`),
    );
    return row!;
  },

  async failing(db: Executor, organizationId: string, projectId: string, limit: number): Promise<FailingTest[]> {
    return rowsOf<FailingTest>(
      await db.execute(sql`
        select t.id, t.number, t.name, t.last_run_at from testing_tests t
         where t.organization_id = ${organizationId} and t.project_id = ${projectId} and t.last_result_status = 'failed'
         order by t.last_run_at desc nulls last, t.number
         limit ${limit}`),
    );
  },
};

/** Each test's linked live controls' codes (code order), for the report: one statement for the project. */
export async function controlCodesByTest(db: Executor, organizationId: string, projectId: string): Promise<Map<string, string[]>> {
  const rows = rowsOf<{ test_id: string; codes: string[] }>(
    await db.execute(sql`
      select l.test_id, array_agg(pc.control_code order by pc.control_code) as codes
        from testing_test_controls l join project_controls pc on pc.id = l.control_id and pc.detached_at is null
       where l.organization_id = ${organizationId} and l.project_id = ${projectId}
       group by l.test_id`),
  );
  return new Map(rows.map((row) => [row.test_id, row.codes]));
}
