import pg from 'pg';
// @ts-expect-error pg-boss ships no types for its SQL plans; the texts identify the statements guarded below.
import plans from 'pg-boss/src/plans.js';
import type { Database } from '../db/client';
import type { PgliteThread } from '../db/pglite-thread';
import type { JobLog } from './registry';

type Rows = { rows: unknown[] };

/** pg-boss's `db` option: it runs every statement through `executeSql`. */
export type JobConnection = {
  executeSql(text: string, values?: unknown[]): Promise<Rows | undefined>;
  /**
   * Runs `work` while holding a lock that every instance takes for the same purpose: pg-boss creates a
   * queue's table (a partition of its job table) when asked, and two instances creating queues at once
   * deadlock. The embedded database has one instance: nothing to wait for.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** Lets the statements under way finish, then answers no more (as pg-boss's own closed connection does) and closes. */
  close(): Promise<void>;
};

/** pg-boss's multi-statement changes: `BEGIN; …; COMMIT;` in one text. */
const LOCKED = /^\s*BEGIN;([\s\S]*);\s*COMMIT;\s*$/;

/** pg-boss's own connections (PostgreSQL): few, named, apart from the pool that serves requests. */
const POOL_SIZE = 3;
/** Any fixed number, other than the migrations' (db/client.ts): all instances agree on it. */
const DECLARE_LOCK_KEY = 72_417_002;

/**
 * The connection pg-boss works through.
 *
 * PGlite (through pg-boss's `db` adapter): parameterized statements through `query`, multi-statement
 * text through `exec`. The embedded database has one session: a `BEGIN; …; COMMIT;` text runs inside
 * PGlite's `transaction`, which holds the session for it alone (the app's transactions wait their turn,
 * not the reverse) and rolls back if a statement fails, instead of leaving the one session in an
 * aborted transaction.
 *
 * PostgreSQL: a small pool of its own on the same database.
 *
 * pg-boss 10 does not await the statements that record a run's end (complete, fail) — a failure there
 * (the database restarting) would be an unhandled rejection and end the process (timgit/pg-boss#577).
 * Those two are caught and logged here; the run stays active until pg-boss's maintenance expires and
 * retries it.
 */
export function openJobConnection(database: Database, schema: string, log: JobLog): JobConnection {
  const guarded = new Set<string>([plans.completeJobs(schema), plans.failJobsById(schema)]);
  const run = database.kind === 'pglite' ? pgliteRunner(database) : postgresRunner(database);
  const underway = new Set<Promise<unknown>>();
  let closed = false;

  return {
    async executeSql(text, values) {
      if (closed) return undefined;
      const statement = run.execute(text, values);
      underway.add(statement);
      try {
        return await statement;
      } catch (error) {
        if (!guarded.has(text)) throw error;
        log.warn({ err: error instanceof Error ? error.message : String(error) }, 'could not record the end of a background job; it is retried once it expires');
        return undefined;
      } finally {
        underway.delete(statement);
      }
    },
    exclusively: (work) => run.exclusively(work),
    async close() {
      // A statement that ends may start another (a fetched job fails at once while stopping): drain
      // until nothing new starts within a turn of the event loop.
      while (underway.size > 0) {
        await Promise.allSettled([...underway]);
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      closed = true;
      await run.close();
    },
  };
}

type Runner = Pick<JobConnection, 'exclusively' | 'close'> & { execute(text: string, values?: unknown[]): Promise<Rows> };

function pgliteRunner(database: Database): Runner {
  const client = (database.db as unknown as { $client: PgliteThread }).$client;
  return {
    async execute(text, values) {
      if (values) return client.query(text, values);
      const locked = LOCKED.exec(text);
      const results = locked ? await client.transaction((tx) => tx.exec(locked[1]!)) : await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
    exclusively: (work) => work(),
    close: async () => {},
  };
}

function postgresRunner(database: Database): Runner {
  const requests = (database.db as unknown as { $client: pg.Pool }).$client;
  const pool = new pg.Pool({ connectionString: requests.options.connectionString, max: POOL_SIZE, idleTimeoutMillis: 30_000, application_name: 'aegis-jobs' });
  // A connection lost while idle must not end the process; the next statement reports it.
  pool.on('error', () => {});
  return {
    execute: (text, values) => pool.query(text, values),
    async exclusively(work) {
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [DECLARE_LOCK_KEY]);
        return await work();
      } finally {
        await holder.query('select pg_advisory_unlock($1)', [DECLARE_LOCK_KEY]).catch(() => {});
        holder.release();
      }
    },
    close: () => pool.end(),
  };
}
