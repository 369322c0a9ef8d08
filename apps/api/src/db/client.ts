import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { findUp } from '../lib/paths';
import { PgliteThread } from './pglite-thread';
import { noteStatement } from './table-use';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repository methods take either the database or a transaction. */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * True while the embedded database runs someone's statement or transaction, so that a statement sent
   * now would wait its turn (PGlite has one session). Always false on PostgreSQL (a pool of connections).
   */
  busy(): boolean;
  /**
   * Refreshes the planner's statistics. PGlite has no autovacuum, so the embedded mode calls this after
   * loading data and from time to time; PostgreSQL's autovacuum does it on its own (a no-op there).
   */
  analyze(): Promise<void>;
  /**
   * Analyzes only the tables that changed enough since their last analyze, by autovacuum's default rule
   * (50 rows plus 10% of the table): what the embedded mode runs every minute. A no-op on PostgreSQL.
   */
  analyzeChanged(): Promise<string[]>;
  /** PGlite only: the whole data directory as a tarball, to start other in-memory databases from. */
  dump?(): Promise<Blob>;
  /** LISTENs on a channel (on a dedicated connection with PostgreSQL). */
  listen(channel: string, onMessage: (payload: string) => void, hooks?: ListenHooks): Promise<Listener>;
  close(): Promise<void>;
};

/**
 * What a listener's owner hears about its connection: `onDown` when it is lost (notifications may be
 * missed from then on), `onUp` when LISTEN is in place again after a loss.
 */
export type ListenHooks = {
  onDown?(): void;
  onUp?(): void;
  /**
   * PostgreSQL: every pooled connection LISTENs on the channel too, so a commit through the pool resolves
   * only after its own notifications (and those committed before it) reached `onMessage` — PostgreSQL
   * sends a listening session's pending notifications before it says it is ready after a commit. The
   * listener's `ownWritesHeard` is then true, and a writer need not `sync`. Only for rare notifications:
   * each one reaches every pooled connection. (PGlite delivers before the committing statement resolves.)
   */
  pooled?: boolean;
};

export type Listener = {
  stop(): Promise<void>;
  /**
   * Resolves once every notification committed before the call has reached `onMessage`. PostgreSQL
   * sends a listening session's pending notifications before answering its next query, so one round
   * trip on the listening connection is enough; PGlite delivers them before the committing statement
   * resolves, so there it is immediate. Resolves at once when the connection is down (`onDown` said so).
   */
  sync(): Promise<void>;
  /**
   * True when what this process commits is heard before its commit resolves (see ListenHooks.pooled):
   * a writer that only needs its own changes heard has nothing to wait for.
   */
  ownWritesHeard: boolean;
};

/** Any fixed number: all instances agree on it, so only one migrates at a time. */
const MIGRATION_LOCK_KEY = 72_417_001;

function migrationsFolder(): string {
  const folder = findUp('drizzle', 'meta/_journal.json');
  if (!folder) throw new Error('Cannot find the drizzle migrations folder');
  return folder;
}

/**
 * PGlite's WebAssembly memory only ever grows, so what PostgreSQL may allocate is what the process keeps.
 * Its defaults (128 MB of shared buffers, 64 MB for maintenance) held about 200 MB of an idle instance;
 * the files sit in the operating system's page cache anyway, so small buffers cost little
 * (docs/benchmarks.md, "Idle memory").
 */
const EMBEDDED_SETTINGS = ['-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=16MB', '-c', 'temp_buffers=2MB', '-c', 'wal_buffers=1MB'];

/** `loadDataDir`: start an in-memory PGlite from a dump (the tests' prepared database). */
export type DatabaseOptions = { databaseUrl?: string; dataDir?: string; inMemory?: boolean; loadDataDir?: Blob };

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return createPostgres(options.databaseUrl);
  let dataPath: string | undefined;
  if (!options.inMemory) {
    dataPath = path.join(options.dataDir ?? './data', 'db');
    fs.mkdirSync(dataPath, { recursive: true });
  }
  // On a thread of its own: a slow statement never holds the API's event loop (pglite-thread.ts).
  const client = new PgliteThread({ dataDir: dataPath, loadDataDir: options.loadDataDir, startParams: EMBEDDED_SETTINGS });
  await client.waitReady;
  const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    busy: () => client.busySince() !== undefined,
    ping: async () => {
      if (client.closed) throw new Error('database is closed');
      // PGlite runs one statement at a time, and a transaction holds it whole: a health check would wait
      // for the statement under way (a large template's upload, a content search) and report it as an
      // outage. An embedded database at work is up; only one busy with the same turn for 30 s is asked.
      const busySince = client.busySince();
      if (busySince !== undefined && Date.now() - busySince < 30_000) return;
      await client.query('select 1');
    },
    analyze: async () => {
      if (client.closed) return;
      // Counted changes reach the statistics when flushed: flush first, so analyze settles them.
      await client.query('select pg_stat_force_next_flush()');
      await client.query('analyze');
    },
    analyzeChanged: async () => {
      if (client.closed) return [];
      // This backend's counters reach pg_stat_user_tables when flushed: flush them now.
      await client.query('select pg_stat_force_next_flush()');
      const changed = await client.query<{ name: string }>(
        `select quote_ident(schemaname) || '.' || quote_ident(relname) as name from pg_stat_user_tables
          where n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 0) order by relname`,
      );
      const names = changed.rows.map((row) => row.name);
      // One table at a time: one statement analyzing every grown table would hold every other request's
      // statements until the last table is done; between two, they take their turn.
      for (const name of names) await client.query(`analyze ${name}`);
      return names;
    },
    dump: () => client.dumpDataDir('none'),
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      // The thread posts a notification before the answer to the statement that committed it.
      return {
        stop: async () => {
          if (!client.closed) await stop();
        },
        sync: async () => {},
        ownWritesHeard: true,
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

function createPostgres(url: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    // JIT compilation pays off for long analytical queries, never for ours: the statement of applicability's
    // one query (estimated above jit_above_cost) spent 36 ms compiling for 3.4 ms of work (docs/benchmarks.md).
    options: '-c jit=off',
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on('error', () => {});
  pool.on('connect', (client) => wrapConnection(client));
  const pooled = pooledListening(pool);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    busy: () => false,
    analyze: async () => {},
    analyzeChanged: async () => [],
    listen: async (channel, onMessage, hooks) => {
      const listener = await listenPostgres(url, channel, onMessage, () => closed, hooks);
      if (!hooks?.pooled) return listener;
      const unlisten = pooled.add(channel, onMessage);
      return {
        ...listener,
        ownWritesHeard: true,
        async stop() {
          unlisten();
          await listener.stop();
        },
      };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** Named statements kept per connection; past it, further statements go unnamed (parsed at each call). */
const MAX_PREPARED_PER_CONNECTION = 250;
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `a${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
    if (statementNames.size >= 5_000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/** What the connections' wrapper saw: the most statements one connection ever had under way at once (tests). */
export const connectionStats = { maxInFlight: 0 };

/**
 * Every pooled connection's `query`, wrapped once, in the one place every statement passes:
 *
 * - **One statement at a time.** A caller that sends a statement while the connection still runs one
 *   (a `Promise.all` over a transaction's client) waits for it here, in order: pg queues such statements
 *   with a deprecation warning today and refuses them from its next major version (issue 31, item 6).
 * - **Prepared once.** Each parameterized statement is prepared once per connection, as a named
 *   statement, instead of parsing and planning it at every call: on the 10-writer status bench,
 *   PostgreSQL spent more time parsing and planning the three larger statements of a status change (the
 *   locked row, the viewers told, the answer) than running them (docs/benchmarks.md). The name is the
 *   text's hash, so one text is one statement whatever code sends it; PostgreSQL plans a prepared
 *   statement for its values five times, then keeps a generic plan only when it costs no more.
 *   Statements without values (BEGIN, COMMIT, DDL) stay unnamed.
 * - **Noted.** The tables each statement names are noted for the request sending it (table-use.ts).
 *
 * Streams (a `submit`-able query: cursors, COPY) are passed through as they are.
 */
function wrapConnection(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const prepared = new Set<string>();
  let tail: Promise<unknown> = Promise.resolve();
  let inFlight = 0;
  const send = (config: unknown, rest: unknown[]) => {
    if (config && typeof config === 'object' && !('submit' in config)) {
      const given = config as { text?: unknown; name?: unknown; values?: unknown[] };
      noteStatement(given.text);
      const values = Array.isArray(rest[0]) ? rest[0] : given.values;
      if (typeof given.text === 'string' && given.name === undefined && values && values.length > 0) {
        const name = statementName(given.text);
        if (prepared.has(name) || prepared.size < MAX_PREPARED_PER_CONNECTION) {
          prepared.add(name);
          return query({ ...given, name }, ...rest);
        }
      }
    } else noteStatement(config);
    return query(config, ...rest);
  };
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    // Callback-style calls and streams keep pg's own handling (none of ours use them for statements in a row).
    if ((config && typeof config === 'object' && 'submit' in config) || typeof rest.at(-1) === 'function') return send(config, rest);
    const run = () => {
      inFlight++;
      if (inFlight > connectionStats.maxInFlight) connectionStats.maxInFlight = inFlight;
      return Promise.resolve(send(config, rest)).finally(() => inFlight--);
    };
    const result = tail.then(run, run);
    tail = result.catch(() => {});
    return result;
  };
}

/**
 * The channels every pooled connection LISTENs on (ListenHooks.pooled). A connection takes its LISTENs
 * when the pool hands it out and lacks one, queued ahead of its borrower's first statement (pg runs a
 * connection's queries in order), never inside a transaction someone else holds.
 */
function pooledListening(pool: pg.Pool) {
  const channels = new Map<string, Set<(payload: string) => void>>();
  const heard = new WeakMap<pg.PoolClient, Set<string>>();
  pool.on('acquire', (client) => {
    if (channels.size === 0) return;
    let listening = heard.get(client);
    if (!listening) {
      heard.set(client, (listening = new Set()));
      client.on('notification', (message) => {
        if (message.payload === undefined) return;
        for (const onMessage of channels.get(message.channel) ?? []) onMessage(message.payload);
      });
    }
    for (const channel of channels.keys()) {
      if (listening.has(channel)) continue;
      listening.add(channel);
      // Errors reach the borrower's next statement (the connection is broken) or are the pool's to drop.
      client.query(`listen "${channel.replaceAll('"', '""')}"`).catch(() => listening.delete(channel));
    }
  });
  return {
    add(channel: string, onMessage: (payload: string) => void) {
      let handlers = channels.get(channel);
      if (!handlers) channels.set(channel, (handlers = new Set()));
      handlers.add(onMessage);
      return () => {
        handlers.delete(onMessage);
        if (handlers.size === 0) channels.delete(channel);
      };
    },
  };
}

const RECONNECT_DELAY_MS = 1_000;

/**
 * LISTEN needs a connection of its own that stays open; when it drops, reconnect and LISTEN again,
 * so notifications from other instances keep arriving after a database restart.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  isClosed: () => boolean,
  hooks: ListenHooks = {},
): Promise<Listener> {
  let client: pg.Client | undefined;
  let stopped = false;
  const quoted = `"${channel.replaceAll('"', '""')}"`;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
    });
    next.on('error', () => reconnect(next));
    next.on('end', () => reconnect(next));
    await next.connect();
    await next.query(`listen ${quoted}`);
    client = next;
  };
  let down = false;

  const reconnect = (broken: pg.Client) => {
    if (stopped || isClosed() || client !== broken) return;
    client = undefined;
    broken.removeAllListeners();
    broken.end().catch(() => {});
    if (!down) {
      down = true;
      hooks.onDown?.();
    }
    const retry = () => {
      if (stopped || isClosed()) return;
      connect().then(
        () => {
          down = false;
          hooks.onUp?.();
        },
        () => setTimeout(retry, RECONNECT_DELAY_MS).unref(),
      );
    };
    setTimeout(retry, RECONNECT_DELAY_MS).unref();
  };

  // One round trip at a time on the connection (pg refuses overlapping queries): a caller arriving while
  // one is out waits for the next, which starts after it — the one out may have left before its commit.
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const trip = (): Promise<void> => {
    const done: Promise<void> = (client ? client.query('select 1') : Promise.resolve()).then(
      () => {
        if (running === done) running = undefined;
      },
      () => {
        if (running === done) running = undefined;
      },
    );
    return done;
  };
  const sync = (): Promise<void> => {
    if (!client) return Promise.resolve();
    if (!running) return (running = trip());
    return (next ??= running.then(() => {
      next = undefined;
      return (running = trip());
    }));
  };

  await connect();
  return {
    async stop() {
      stopped = true;
      const current = client;
      client = undefined;
      if (current) {
        current.removeAllListeners();
        await current.end().catch(() => {});
      }
    },
    sync,
    ownWritesHeard: false,
  };
}
