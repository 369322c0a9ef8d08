import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import type { Deps } from '../deps';
import { openJobConnection, type JobConnection } from './connection';
import { readQueueStates, type QueueState } from './queue-states';
import type { JobDefinition, JobLog } from './registry';

/** pg-boss's own tables (its engine's, not ours: our migrations create no job table). */
export const JOB_SCHEMA = 'pgboss';

export type JobEngineOptions = {
  /**
   * Work the queues and watch the schedules in this instance (default). Without, it still sends jobs,
   * keeps the schedules declared and reads the queues' state: other instances do the work.
   */
  workers?: boolean;
  /**
   * How often each queue is asked for work, in seconds (at least 0.5). A job sent from this instance
   * wakes its worker at once; this bounds how long one sent elsewhere, or retried, waits.
   */
  pollingSeconds?: number;
  /** How often an instance checks whether a schedule is due (1–45 s; the cron has minute granularity). */
  cronCheckSeconds?: number;
  /** How often due schedules are turned into jobs (1–45 s). */
  cronWorkerSeconds?: number;
  /** How often runs past their time limit are failed (and so retried) and old ones archived. */
  maintenanceSeconds?: number;
};

/**
 * Modest polling: on the embedded database every statement runs on the server's own thread (a poll of
 * a queue costs about 15 ms there), and an idle instance should stay idle. A job sent from this instance
 * starts at once whatever the polling; a scheduled one starts within about a minute and a half of its slot.
 */
const DEFAULTS = { workers: true, pollingSeconds: 60, cronCheckSeconds: 30, cronWorkerSeconds: 45, maintenanceSeconds: 300 } satisfies Required<JobEngineOptions>;

/** How long stopping waits for runs under way; what is still running then fails and is retried later. */
const STOP_TIMEOUT_MS = 5_000;
/** Finished runs stay in the job table a day, so the health check sees a daily job's last run. */
const ARCHIVE_AFTER_SECONDS = 25 * 60 * 60;
const DEFAULT_TIMEOUT_SECONDS = 15 * 60;

export type JobContext = { deps: Deps; log: JobLog };

export type JobEngineState = {
  /** Whether this instance's engine is running (and working the queues, when `workers`). */
  running: boolean;
  workers: boolean;
  /** The database's clock, which the queues' times are on. */
  now: Date;
  queues: QueueState[];
};

const bossOptions = (options: Required<JobEngineOptions>) => ({
  schema: JOB_SCHEMA,
  migrate: true,
  schedule: options.workers,
  supervise: options.workers,
  pollingIntervalSeconds: options.pollingSeconds,
  cronMonitorIntervalSeconds: options.cronCheckSeconds,
  cronWorkerIntervalSeconds: options.cronWorkerSeconds,
  maintenanceIntervalSeconds: options.maintenanceSeconds,
  archiveCompletedAfterSeconds: ARCHIVE_AFTER_SECONDS,
  deleteAfterDays: 7,
});

/** pg-boss's queue for turning due schedules into jobs: made here so that instances start without DDL. */
const SCHEDULE_QUEUE = '__pgboss__send-it';

/**
 * Creates pg-boss's schema and the declared queues if the database lacks them, or brings them up to
 * date: start-up's preparation and `npm run migrate` run it, so that instances (and the tests' prepared
 * database) start without creating tables (a queue is a table: a few hundred ms on the embedded database).
 */
export async function installJobEngine(database: Database, jobs: JobDefinition<never>[], log: JobLog = consoleLog): Promise<void> {
  const connection = openJobConnection(database, JOB_SCHEMA, log);
  const boss = new PgBoss({ db: connection as unknown as PgBoss.Db, ...bossOptions({ ...DEFAULTS, workers: false }) });
  boss.on('error', (error: unknown) => log.warn({ err: errorText(error) }, 'job engine error'));
  try {
    await boss.start();
    await connection.exclusively(async () => {
      await boss.createQueue(SCHEDULE_QUEUE);
      await declareQueues(boss, jobsOn(database, jobs));
    });
    await boss.stop({ graceful: false, timeout: 1_000 });
  } finally {
    await connection.close();
  }
}

const jobsOn = (database: Database, jobs: JobDefinition<never>[]) => jobs.filter((job) => !job.onlyOn || job.onlyOn === database.kind);

/** Creates the missing queues and schedules and updates the changed ones: two reads when nothing changed. */
async function declareQueues(running: PgBoss, definitions: JobDefinition<never>[]) {
  const queues = new Map((await running.getQueues()).map((queue) => [queue.name, queue]));
  const schedules = new Map((await running.getSchedules()).map((schedule) => [schedule.name, schedule]));
  for (const job of definitions) {
    const policy = {
      name: job.name,
      retryLimit: job.retry.limit,
      retryDelay: job.retry.delaySeconds,
      retryBackoff: job.retry.backoff ?? false,
      expireInSeconds: job.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
    };
    const existing = queues.get(job.name);
    if (!existing) await running.createQueue(job.name, policy);
    else if ((['retryLimit', 'retryDelay', 'retryBackoff', 'expireInSeconds'] as const).some((key) => existing[key] !== policy[key])) {
      await running.updateQueue(job.name, policy);
    }
    if (job.schedule && schedules.get(job.name)?.cron !== job.schedule.cron) {
      await running.schedule(job.name, job.schedule.cron, undefined, { tz: 'UTC' });
    }
  }
  // A schedule no release declares any more would keep filling a queue nobody works.
  const declared = new Set(definitions.filter((job) => job.schedule).map((job) => job.name));
  for (const name of schedules.keys()) {
    if (!declared.has(name)) await running.unschedule(name);
  }
}

/**
 * The job engine: pg-boss on the app's database (PostgreSQL, or PGlite through pg-boss's `db` adapter),
 * one queue per declared job. Scheduled jobs run once per slot across all instances (pg-boss keeps the
 * schedules in its tables and lets one instance at a time turn them into jobs); each job is fetched by
 * one worker (`FOR UPDATE SKIP LOCKED`), and a failed run is retried by its queue's policy.
 */
export function createJobEngine({ database, jobs, log, options = {} }: { database: Database; jobs: JobDefinition<never>[]; log: JobLog; options?: JobEngineOptions }) {
  const settings = { ...DEFAULTS, ...options };
  const definitions = jobsOn(database, jobs);
  const workerIds = new Map<string, string>();
  let boss: PgBoss | undefined;
  let connection: JobConnection | undefined;
  let startedAt: Date | undefined;
  let stopping = false;

  const definition = (name: string) => {
    const found = definitions.find((job) => job.name === name);
    if (!found) throw new Error(`No job named ${name} is declared`);
    return found;
  };

  async function startWorkers(running: PgBoss, context: JobContext) {
    for (const job of definitions) {
      const id = await running.work<unknown>(job.name, { pollingIntervalSeconds: settings.pollingSeconds, includeMetadata: true }, async ([run]) => {
        if (stopping) throw new Error('the job engine stopped before this run began');
        const attempt = run!.retryCount + 1;
        try {
          return (await job.run({ data: run!.data as never, deps: context.deps, log: context.log, attempt })) ?? null;
        } catch (error) {
          const retried = attempt <= job.retry.limit;
          context.log.warn({ job: job.name, attempt, err: errorText(error) }, retried ? 'background job failed; it will be retried' : 'background job failed on its last attempt');
          throw error;
        } finally {
          // pg-boss's loop skips its polling delay only when notified during the run: without this, a burst
          // of sends (five uploads' text jobs) would drain one job per polling interval after the second.
          wake(job.name);
        }
      });
      workerIds.set(job.name, id);
    }
    for (const job of definitions.filter((each) => each.atStart)) {
      // One start-up run a minute, however many instances start.
      await running.send(job.name, {}, { singletonKey: 'start', singletonSeconds: 60 });
      wake(job.name);
    }
  }

  const wake = (name: string) => {
    const id = workerIds.get(name);
    if (id) boss?.notifyWorker(id);
  };

  /** Waits a few seconds for runs under way (what still runs then fails and is retried later), then closes. */
  async function stop() {
    const running = boss;
    if (!running || stopping) return;
    stopping = true;
    try {
      await running.stop({ graceful: true, timeout: STOP_TIMEOUT_MS, wait: true, close: false });
    } finally {
      await connection?.close();
      boss = undefined;
      connection = undefined;
      workerIds.clear();
    }
  }

  return {
    definitions,
    options: settings,

    /** Installs or updates pg-boss's schema when needed, declares the queues and schedules, starts the workers. */
    async start(context: JobContext) {
      if (boss) return;
      stopping = false;
      const opened = openJobConnection(database, JOB_SCHEMA, log);
      connection = opened;
      const starting = new PgBoss({ db: opened as unknown as PgBoss.Db, ...bossOptions(settings) });
      starting.on('error', (error: unknown) => log.warn({ err: errorText(error) }, 'job engine error'));
      boss = starting;
      try {
        await starting.start();
        const clock = await opened.executeSql('select now() as now');
        startedAt = new Date((clock?.rows[0] as { now: Date | string }).now);
        await opened.exclusively(() => declareQueues(starting, definitions));
        if (settings.workers) await startWorkers(starting, context);
      } catch (error) {
        await stop();
        throw error;
      }
    },

    stop,

    /**
     * Sends a job on demand; this instance's worker takes it at once, another instance's at its next poll.
     * `singletonKey` + `singletonSeconds`: at most one such job in that window. Send after the change
     * that calls for it has committed: on the embedded database a send inside a transaction waits for
     * that transaction forever.
     */
    async send(name: string, data: object = {}, options: { singletonKey?: string; singletonSeconds?: number; startAfter?: Date } = {}) {
      definition(name);
      if (!boss || stopping) throw new Error('The job engine is not running');
      const id = await boss.send(name, data, options);
      wake(name);
      return id;
    },

    /** Each declared queue's counts and health; throws when the engine is not running or the database does not answer. */
    async state(): Promise<JobEngineState> {
      if (!boss || !connection || !startedAt || stopping) throw new Error('The job engine is not running');
      const { now, queues } = await readQueueStates(connection, JOB_SCHEMA, definitions, startedAt);
      return { running: true, workers: settings.workers, now, queues };
    },

    get running() {
      return Boolean(boss) && !stopping;
    },
  };
}

export type JobEngine = ReturnType<typeof createJobEngine>;

const consoleLog: JobLog = { info: () => {}, warn: (details, message) => console.warn(message, details) };

function errorText(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}
