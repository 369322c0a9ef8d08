import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { TestColumns } from './test-repository';
import { list, rowsOf } from './test-sql';

/** Runs of the hourly job start a little after the hour: a test run at 10:00:30 is due again at 10:00 the next day. */
export const SLACK_MINUTES = 10;
const SLACK = `${SLACK_MINUTES} minutes`;

/** `source_failing`: the metric's source cannot give values any more (a model-card source whose card was deleted). */
export type TestForRun = TestColumns & { organization_id: string; metric_name: string | null; metric_unit: string | null; source_name: string | null; source_failing: boolean };

/** What a run reads besides the values: the test with its metric, the controls it is linked to, whom a failure tells. */
export const runRepository = {
  async test(db: Executor, organizationId: string, projectId: string, testId: string): Promise<TestForRun | undefined> {
    return rowsOf<TestForRun>(
      await db.execute(sql`
        select tt.id, tt.organization_id, tt.project_id, tt.number, tt.name, tt.description, tt.metric_id, tt.operator, tt.threshold, tt.threshold_upper, tt.aggregation,
               tt.window_kind, tt.window_size, tt.lookback_days, tt.schedule, tt.status, tt.last_run_at, m.name as metric_name, m.unit as metric_unit, s.name as source_name,
               coalesce(s.kind = 'asset_card' and s.asset_card_id is null, false) as source_failing
          from testing_tests tt left join testing_metrics m on m.id = tt.metric_id left join testing_sources s on s.id = m.source_id
         where tt.organization_id = ${organizationId} and tt.project_id = ${projectId} and tt.id = ${testId}`),
    )[0];
  },

  /** The live controls of the project the test is linked to. */
  async controls(db: Executor, organizationId: string, testId: string) {
    return rowsOf<{ id: string; control_code: string; title: string }>(
      await db.execute(sql`
        select pc.id, pc.control_code, d.title
          from testing_test_controls tc join project_controls pc on pc.id = tc.control_id and pc.detached_at is null join control_definitions d on d.id = pc.control_id
         where tc.organization_id = ${organizationId} and tc.test_id = ${testId}
         order by pc.control_code`),
    );
  },

  /** The assignees of the test and of these controls. */
  async assignees(db: Executor, testId: string, controlIds: readonly string[]) {
    const controls = controlIds.length > 0 ? sql`or (w.item_type = 'control' and w.item_id in (${list(controlIds)}))` : sql``;
    return rowsOf<{ user_id: string }>(
      await db.execute(sql`select distinct w.user_id from work_item_people w where w.role = 'assignee' and ((w.item_type = 'test' and w.item_id = ${testId}) ${controls})`),
    ).map((row) => row.user_id);
  },

  /** The tests judging these metrics on every new value (out-of-scope ones excepted). */
  async onNewValue(db: Executor, organizationId: string, projectId: string, metricIds: readonly string[]) {
    if (metricIds.length === 0) return [];
    return rowsOf<{ id: string }>(
      await db.execute(sql`
        select tt.id from testing_tests tt
         where tt.organization_id = ${organizationId} and tt.project_id = ${projectId} and tt.metric_id in (${list(metricIds)})
           and tt.schedule = 'on_new_value' and tt.status <> 'out_of_scope'
         order by tt.number`),
    ).map((row) => row.id);
  },

  /**
   * A batch of scheduled tests due at `now` (daily: last run a day ago or more, weekly: a week; never run:
   * due), after `afterId` in id order, every organization's: the schedule job's work.
   */
  async due(db: Executor, now: string, afterId: string | null, size: number) {
    return rowsOf<{ id: string; organization_id: string; project_id: string }>(
      await db.execute(sql`
        select tt.id, tt.organization_id, tt.project_id from testing_tests tt
         where tt.schedule in ('daily', 'weekly') and tt.status <> 'out_of_scope'
           and (tt.last_run_at is null
                or (tt.schedule = 'daily' and tt.last_run_at <= ${now}::timestamptz - interval '1 day' + ${SLACK}::interval)
                or (tt.schedule = 'weekly' and tt.last_run_at <= ${now}::timestamptz - interval '7 days' + ${SLACK}::interval))
           and tt.id > coalesce(${afterId}::uuid, '00000000-0000-0000-0000-000000000000'::uuid)
         order by tt.id
         limit ${size}`),
    );
  },
};
