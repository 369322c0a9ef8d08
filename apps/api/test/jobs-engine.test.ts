import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { HealthReport } from '@aegis/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { storagePurges } from '../src/db/schema';
import type { JobEngineOptions } from '../src/jobs/engine';
import { registerJob } from '../src/jobs/registry';
import type { FileStorage } from '../src/lib/storage';
import { localStorage } from '../src/lib/storage/local-storage';
import { createTestDatabase } from './database';
import { testConfig } from './helper';

/**
 * The job engine inside the app, on this run's database (PGlite by default, PostgreSQL in CI's second
 * pass): the jobs that used to run on timers (file removal, statistics) run on pg-boss, a failed run is
 * retried, and the health check shows each queue's state. Intervals are shortened: pg-boss's cron has
 * minute granularity, but a schedule is due for the whole minute after its slot, so `* * * * *` runs
 * within a second or two of start.
 */
const FAST: JobEngineOptions = { pollingSeconds: 0.5, cronCheckSeconds: 1, cronWorkerSeconds: 1 };

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'aegis-jobs-'));
const disk = localStorage(root);
/** Removals fail while `down` is set, as when the bucket is unreachable. */
let down = false;
const storage: FileStorage = { ...disk, removePrefix: (prefix) => (down ? Promise.reject(new Error('storage unreachable')) : disk.removePrefix(prefix)) };

/** A job with no retry that fails unless told to succeed. */
registerJob<{ succeed?: boolean }>({
  name: 'test_broken',
  label: 'Broken test job',
  retry: { limit: 0, delaySeconds: 0 },
  async run({ data }) {
    if (!data.succeed) throw new Error('broken');
  },
});

/** A job that fails its first attempt and succeeds on the retry, one second later. */
const flakyRuns: number[] = [];
registerJob<{ n: number }>({
  name: 'test_flaky',
  label: 'Flaky test job',
  retry: { limit: 2, delaySeconds: 1 },
  async run({ data, attempt }) {
    flakyRuns.push(attempt);
    if (attempt === 1) throw new Error(`first attempt of ${data.n} fails`);
    return { done: data.n };
  },
});

type Built = Awaited<ReturnType<typeof start>>;
let t: Built;

async function start() {
  const { database, drop } = await createTestDatabase();
  // Owed before the app starts: the start-up run of file removal takes it.
  await storage.put('organizations/o1/projects/p1/evidence/a.pdf', Buffer.from('%PDF'), 'application/pdf');
  await database.db.insert(storagePurges).values({ prefix: 'organizations/o1/projects/p1/' });
  const app = await buildApp({ config: testConfig(), database, logger: false, storage, jobs: FAST });
  await app.ready();
  return { app, database, db: database.db, close: async () => (await app.close(), await drop()) };
}

beforeAll(async () => {
  t = await start();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const health = async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).json() as HealthReport;
const queue = async (name: string) => (await health()).components.background_jobs.queues.find((each) => each.name === name)!;
const poll = { timeout: 15_000, interval: 100 };

describe('the job engine in the app', () => {
  it('runs the owed file removals at start-up, and shows the queue with its schedule', async () => {
    await expect.poll(async () => (await queue('file_removal')).last_completed_at, poll).not.toBeNull();
    expect(await t.db.select().from(storagePurges)).toEqual([]);
    expect(await storage.read('organizations/o1/projects/p1/evidence/a.pdf')).toBeNull();
    expect(await queue('file_removal')).toMatchObject({ label: 'Removal of deleted projects’ files', status: 'ok', schedule: '*/5 * * * *', queued: 0, active: 0, retrying: 0, failed: 0, last_failed_at: null });
    expect((await health()).components.background_jobs.detail).toMatch(/Removal of deleted projects’ files: last ran just now/);
  });

  it('runs the statistics refresh on its minute schedule on the embedded database, and on demand', async () => {
    if (t.database.kind !== 'pglite') {
      // PostgreSQL's autovacuum analyzes: the job is not declared there.
      const names = (await health()).components.background_jobs.queues.map((each) => each.name);
      expect(names).toContain('file_removal');
      expect(names).not.toContain('statistics');
      return;
    }
    await expect.poll(async () => (await queue('statistics')).last_completed_at, poll).not.toBeNull();
    expect(await queue('statistics')).toMatchObject({ label: 'Database statistics refresh', status: 'ok', schedule: '* * * * *' });

    await t.db.execute(sql`create table jobs_probe (n int)`);
    await t.db.execute(sql`insert into jobs_probe select generate_series(1, 500)`);
    const analyzed = async () => {
      const result = (await t.db.execute(sql`select last_analyze as at from pg_stat_user_tables where relname = 'jobs_probe'`)) as unknown as { rows: { at: Date | null }[] };
      return result.rows[0]?.at ?? null;
    };
    expect(await analyzed()).toBeNull();
    await t.app.deps.jobs.send('statistics');
    await expect.poll(analyzed, poll).not.toBeNull();
  });

  it('retries a failed run, shows it waiting meanwhile, and then the success', async () => {
    await t.app.deps.jobs.send('test_flaky', { n: 7 });
    // Between the failure and the retry a second later, the queue shows it waiting and the component degraded.
    await expect.poll(async () => (await queue('test_flaky')).retrying, { timeout: 15_000, interval: 50 }).toBe(1);
    const waiting = await health();
    expect(waiting.components.background_jobs.status).toBe('degraded');
    expect(waiting.components.background_jobs.detail).toMatch(/Flaky test job: 1 waiting to be retried \(not run yet\)/);
    expect(waiting.status).toBe('degraded');

    await expect.poll(async () => (await queue('test_flaky')).last_completed_at, poll).not.toBeNull();
    expect(flakyRuns).toEqual([1, 2]);
    expect(await queue('test_flaky')).toMatchObject({ status: 'ok', schedule: null, queued: 0, active: 0, retrying: 0, failed: 0 });
    expect((await health()).components.background_jobs.status).toBe('ok');
  });

  it('keeps a file removal that failed for its retry, and shows it waiting', async () => {
    down = true;
    try {
      await t.db.insert(storagePurges).values({ prefix: 'organizations/o1/projects/p2/' });
      await t.app.deps.jobs.send('file_removal');
      await expect.poll(async () => (await queue('file_removal')).retrying, poll).toBe(1);
      expect((await health()).components.background_jobs.detail).toMatch(/Removal of deleted projects’ files: 1 waiting to be retried \(last ran just now\)/);
      expect(await t.db.select({ attempts: storagePurges.attempts, error: storagePurges.lastError }).from(storagePurges)).toEqual([{ attempts: 1, error: 'storage unreachable' }]);
    } finally {
      down = false;
    }
  });

  it('shows a job whose attempts are all spent as failed, until a run succeeds', async () => {
    await t.app.deps.jobs.send('test_broken');
    await expect.poll(async () => (await queue('test_broken')).failed, poll).toBe(1);
    const failed = await health();
    expect(failed.components.background_jobs.status).toBe('unavailable');
    expect(failed.components.background_jobs.detail).toMatch(/Broken test job: the last run failed \(just now\)/);
    expect(await queue('test_broken')).toMatchObject({ status: 'unavailable', last_completed_at: null, last_failed_at: expect.any(String) });
    // Only the database decides that the service is down.
    expect(failed.status).toBe('degraded');

    await t.app.deps.jobs.send('test_broken', { succeed: true });
    await expect.poll(async () => (await queue('test_broken')).status, poll).toBe('ok');
    expect(await queue('test_broken')).toMatchObject({ failed: 1, last_completed_at: expect.any(String) });
  });

  it('refuses to send a job nobody declared', async () => {
    await expect(t.app.deps.jobs.send('no_such_job')).rejects.toThrow('No job named no_such_job is declared');
  });
});

describe('stopping', () => {
  it('stops with the app and says so in the health check of an app whose engine is not running', async () => {
    const other = await start();
    try {
      expect(other.app.deps.jobs.running).toBe(true);
      await other.app.deps.jobs.stop();
      expect(other.app.deps.jobs.running).toBe(false);
      const report = (await other.app.inject({ method: 'GET', url: '/api/health' })).json() as HealthReport;
      expect(report.components.background_jobs).toMatchObject({ status: 'unavailable', queues: [] });
      expect(report.components.background_jobs.detail).toMatch(/^The job engine is not running; Report rendering/);
      await expect(other.app.deps.jobs.send('file_removal')).rejects.toThrow('The job engine is not running');
    } finally {
      await other.close();
    }
  });
});
