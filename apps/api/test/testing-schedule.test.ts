import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/client';
import { projects } from '../src/db/schema';
import type { Deps } from '../src/deps';
import { createJobEngine, type JobEngine } from '../src/jobs/engine';
import type { JobDefinition, JobLog } from '../src/jobs/registry';
import { runScheduledTests, testScheduleJob } from '../src/modules/testing/test-schedule-job';
import { organizationId } from './factories';
import { build, type TestApp } from './helper';

let t: TestApp;
let demo: string;
let project: string;
const DAY = 86_400_000;
const warnings: string[] = [];
const log: JobLog = { info: () => {}, warn: (_details, message) => void warnings.push(message) };

beforeAll(async () => {
  t = await build();
  demo = await organizationId(t, 'Demo Organization');
  project = (await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model')))[0]!.id;
});
afterAll(() => t.close());

const rows = <T,>(result: unknown) => (result as { rows: T[] }).rows;

/** A metric with a recent value and a test of each schedule on it. */
async function testsOnAMetric() {
  const [source] = rows<{ id: string }>(await t.db.execute(sql`insert into testing_sources (organization_id, project_id, name, kind) values (${demo}, ${project}, ${`Scheduled ${Math.random()}`}, 'api') returning id`));
  const [metric] = rows<{ id: string }>(await t.db.execute(sql`insert into testing_metrics (organization_id, project_id, source_id, name) values (${demo}, ${project}, ${source!.id}, 'auc') returning id`));
  await t.db.execute(sql`insert into testing_values (organization_id, project_id, metric_id, value, observed_at) values (${demo}, ${project}, ${metric!.id}, 0.91, ${t.clock.now().toISOString()}::timestamptz)`);
  const editor = await t.login('editor@demo.local');
  const ids: Record<string, string> = {};
  for (const schedule of ['manual', 'on_new_value', 'daily', 'weekly']) {
    const response = await editor({ method: 'POST', url: `/api/v1/projects/${project}/testing/tests`, payload: { name: `AUC ${schedule}`, metric_id: metric!.id, operator: '>=', threshold: 0.9, schedule } });
    expect(response.statusCode, response.body).toBe(201);
    ids[schedule] = response.json().id;
  }
  return ids;
}

const resultsOf = async (testId: string) =>
  rows<{ trigger: string; result_status: string }>(await t.db.execute(sql`select trigger, result_status from testing_results where test_id = ${testId} order by created_at`));

describe('the schedule job', () => {
  it('is declared hourly', () => {
    expect(testScheduleJob).toMatchObject({ name: 'testing_schedule', schedule: { cron: expect.stringMatching(/^0 /), everyMinutes: 60 } });
  });

  it('runs a daily test once a day and a weekly one once a week, never the others', async () => {
    const ids = await testsOnAMetric();
    await t.db.execute(sql`update testing_tests set last_run_at = now() where schedule in ('daily', 'weekly') and id not in (${ids.daily!}, ${ids.weekly!})`);
    expect(await runScheduledTests(t.app.deps, log)).toEqual({ ran: 2, failed: 0 });
    expect(await resultsOf(ids.daily!)).toEqual([{ trigger: 'schedule', result_status: 'passed' }]);
    expect(await resultsOf(ids.weekly!)).toHaveLength(1);
    // The next slot finds nothing due.
    expect(await runScheduledTests(t.app.deps, log)).toEqual({ ran: 0, failed: 0 });
    const editor = await t.login('editor@demo.local');
    const listed = (await editor({ method: 'GET', url: `/api/v1/projects/${project}/testing/tests/${ids.daily}` })).json();
    const lastRun = new Date(listed.last_result.created_at).getTime();
    expect(new Date(listed.next_run_at).getTime()).toBeGreaterThan(lastRun + DAY - 11 * 60_000);
    expect(new Date(listed.next_run_at).getTime()).toBeLessThanOrEqual(lastRun + DAY + 3_600_000);
    t.clock.advance(DAY);
    expect(await runScheduledTests(t.app.deps, log)).toEqual({ ran: 1, failed: 0 });
    expect(await resultsOf(ids.daily!)).toHaveLength(2);
    expect(await resultsOf(ids.weekly!)).toHaveLength(1);
    t.clock.advance(6 * DAY);
    expect(await runScheduledTests(t.app.deps, log)).toEqual({ ran: 2, failed: 0 });
    expect(await resultsOf(ids.weekly!)).toHaveLength(2);
    expect(await resultsOf(ids.manual!)).toEqual([]);
    expect(await resultsOf(ids.on_new_value!)).toEqual([]);
    expect(warnings).toEqual([]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two instances on one PostgreSQL', () => {
  const databases: Database[] = [];
  const engines: JobEngine[] = [];
  afterAll(async () => {
    for (const engine of engines) await engine.stop();
    for (const database of databases) await database.close();
  });

  it('run a due test once, however many instances watch the schedule', async () => {
    const ids = await testsOnAMetric();
    // Only this test is due: the others ran just now.
    await t.db.execute(sql`update testing_tests set last_run_at = ${t.clock.now().toISOString()}::timestamptz where schedule in ('daily', 'weekly') and id <> ${ids.daily!}`);
    // The product's job, on a schedule of every minute so that the test need not wait for the hour.
    const everyMinute: JobDefinition = { ...testScheduleJob, name: 'testing_schedule_probe', schedule: { cron: '* * * * *', everyMinutes: 1 } };
    for (const instance of ['a', 'b']) {
      const database = await createDatabase({ databaseUrl: t.databaseUrl! });
      databases.push(database);
      const deps: Deps = { ...t.app.deps, db: database.db };
      const engine = createJobEngine({ database, jobs: [everyMinute as JobDefinition<never>], log, options: { pollingSeconds: 0.5, cronCheckSeconds: 1, cronWorkerSeconds: 1 } });
      engines.push(engine);
      await engine.start({ deps, log: { ...log, info: () => {} } });
      void instance;
    }
    await expect.poll(async () => (await resultsOf(ids.daily!)).length, { timeout: 70_000, interval: 250 }).toBe(1);
    // Both instances keep checking the clock: give them several chances to run it again.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(await resultsOf(ids.daily!)).toEqual([{ trigger: 'schedule', result_status: 'passed' }]);
    const completed = rows<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'testing_schedule_probe' and state = 'completed'`))[0]!.n;
    expect(completed).toBeGreaterThanOrEqual(1);
  }, 90_000);
});
