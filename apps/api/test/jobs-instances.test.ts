import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/client';
import type { Deps } from '../src/deps';
import { createJobEngine, type JobEngine, type JobEngineOptions } from '../src/jobs/engine';
import type { JobDefinition, JobLog } from '../src/jobs/registry';

/**
 * Two instances on one PostgreSQL database, each with its own connections and its own job engine, as
 * two API processes behind a load balancer: a scheduled job runs once per slot across both, its
 * schedule is declared once, each job sent is run by one of them only, and a run that failed on one is
 * retried. PostgreSQL only (CI's second pass), on a scratch database of its own.
 */
const serverUrl = process.env.DATABASE_URL;
const FAST: JobEngineOptions = { pollingSeconds: 0.5, cronCheckSeconds: 1, cronWorkerSeconds: 1 };
const poll = { timeout: 20_000, interval: 100 };

type Run = { instance: string; job: string; key: string; attempt: number };
const runs: Run[] = [];
const logged: string[] = [];

function jobs(instance: string): JobDefinition<never>[] {
  const tick: JobDefinition<unknown> = {
    name: 'tick',
    label: 'Every minute',
    schedule: { cron: '* * * * *', everyMinutes: 1 },
    retry: { limit: 0, delaySeconds: 0 },
    run: async ({ attempt }) => void runs.push({ instance, job: 'tick', key: 'tick', attempt }),
  };
  const bulk: JobDefinition<{ key: string }> = {
    name: 'bulk',
    label: 'Sent on demand',
    retry: { limit: 0, delaySeconds: 0 },
    run: async ({ data, attempt }) => {
      runs.push({ instance, job: 'bulk', key: data.key, attempt });
      // Long enough that the other instance polls while this one works.
      await new Promise((resolve) => setTimeout(resolve, 100));
    },
  };
  const flaky: JobDefinition<{ key: string }> = {
    name: 'flaky',
    label: 'Fails once',
    retry: { limit: 2, delaySeconds: 2 },
    run: async ({ data, attempt }) => {
      runs.push({ instance, job: 'flaky', key: data.key, attempt });
      if (attempt === 1) throw new Error(`attempt ${attempt} on ${instance} fails`);
    },
  };
  return [tick, bulk, flaky] as JobDefinition<never>[];
}

const log = (instance: string): JobLog => ({ info: () => {}, warn: (_details, message) => void logged.push(`${instance}: ${message}`) });

let name: string;
let admin: pg.Client;
/** A connection of the test's own to the scratch database, to look into pg-boss's tables. */
let probe: pg.Client;
const databases: Database[] = [];
const engines: JobEngine[] = [];

describe.skipIf(!serverUrl)('two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    name = `aegis_jobs_${randomBytes(6).toString('hex')}`;
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    probe = new pg.Client({ connectionString: url.href });
    await probe.connect();
    for (const instance of ['a', 'b']) {
      const database = await createDatabase({ databaseUrl: url.href });
      databases.push(database);
      engines.push(createJobEngine({ database, jobs: jobs(instance), log: log(instance), options: FAST }));
    }
    // Both start at once, as instances of one deployment do: both install pg-boss's schema, declare the
    // queues and the schedule, and watch the clock.
    await Promise.all(engines.map((engine, index) => engine.start({ deps: {} as Deps, log: log(['a', 'b'][index]!) })));
  });

  afterAll(async () => {
    for (const engine of engines) await engine.stop();
    for (const database of databases) await database.close();
    await probe?.end();
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });

  const query = async <T,>(text: string, values: unknown[] = []) => (await probe.query(text, values)).rows as T[];
  const idle = async (queue: string) => (await query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'retry', 'active')`, [queue]))[0]!.n === 0;

  it('declares the schedule once, and runs it once per minute slot across both', async () => {
    expect(await query(`select name, cron from pgboss.schedule`)).toEqual([{ name: 'tick', cron: '* * * * *' }]);
    await expect.poll(() => runs.filter((run) => run.job === 'tick').length, poll).toBeGreaterThanOrEqual(1);
    // Both instances check the clock every second: give them several chances to run the slot again.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    await expect.poll(async () => (await idle('__pgboss__send-it')) && (await idle('tick')), poll).toBe(true);

    // Each slot (minute) that came due is one hand-over job: pg-boss's singleton per schedule and minute.
    const slots = await query<{ slot: Date }>(`select singleton_on as slot from pgboss.job where name = '__pgboss__send-it' and data->>'name' = 'tick'`);
    const ticks = runs.filter((run) => run.job === 'tick');
    expect(slots.length).toBeGreaterThanOrEqual(1);
    // The observation lasted seconds: at most two minutes were due.
    expect(slots.length).toBeLessThanOrEqual(2);
    expect(new Set(slots.map((slot) => slot.slot.toISOString())).size).toBe(slots.length);
    expect(ticks).toHaveLength(slots.length);
    expect(await query(`select state, count(*)::int as n from pgboss.job where name = 'tick' group by state`)).toEqual([{ state: 'completed', n: slots.length }]);
  });

  it('runs each job sent once, the two instances sharing the work', async () => {
    const keys = Array.from({ length: 20 }, (_, index) => `job-${index}`);
    for (const key of keys) await engines[0]!.send('bulk', { key });
    await expect.poll(() => runs.filter((run) => run.job === 'bulk').length, poll).toBe(keys.length);
    await expect.poll(() => idle('bulk'), poll).toBe(true);
    const bulk = runs.filter((run) => run.job === 'bulk');
    expect(bulk.map((run) => run.key).sort()).toEqual([...keys].sort());
    expect(new Set(bulk.map((run) => run.instance))).toEqual(new Set(['a', 'b']));
  });

  it('retries a run that failed, and both instances show it waiting meanwhile', async () => {
    await engines[1]!.send('flaky', { key: 'once' });
    // The first attempt fails; its retry is due two seconds later. Every instance reads the same queue.
    for (const engine of engines) {
      await expect.poll(async () => (await engine.state()).queues.find((queue) => queue.name === 'flaky'), poll).toMatchObject({ retrying: 1, status: 'degraded' });
    }
    await expect.poll(async () => (await engines[0]!.state()).queues.find((queue) => queue.name === 'flaky')?.status, poll).toBe('ok');
    const flaky = runs.filter((run) => run.job === 'flaky');
    expect(flaky.map((run) => run.attempt)).toEqual([1, 2]);
    expect(logged.filter((line) => line.endsWith('background job failed; it will be retried'))).toHaveLength(1);
    expect(await query(`select state, retry_count from pgboss.job where name = 'flaky'`)).toEqual([{ state: 'completed', retry_count: 1 }]);
    for (const engine of engines) {
      expect((await engine.state()).queues.find((queue) => queue.name === 'flaky')).toMatchObject({ status: 'ok', queued: 0, active: 0, retrying: 0, failed: 0, lastCompletedAt: expect.any(Date) });
    }
  });

  it('stops cleanly: nothing runs after stop, and the other instance takes what is sent', async () => {
    await engines[0]!.stop();
    const before = runs.length;
    await engines[1]!.send('bulk', { key: 'after-stop' });
    await expect.poll(() => runs.length, poll).toBe(before + 1);
    expect(runs.at(-1)).toMatchObject({ instance: 'b', key: 'after-stop' });
    expect(logged.filter((line) => !line.endsWith('background job failed; it will be retried'))).toEqual([]);
  });
});
