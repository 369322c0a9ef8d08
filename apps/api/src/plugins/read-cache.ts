import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Listener } from '../db/client';
import type { Clock } from '../lib/clock';
import { tableUse, type TableUse } from '../db/table-use';

/** The channel the database announces committed data changes on (migration 0022). */
export const DATA_CHANNEL = 'aegis_data';

/**
 * A bound on what no notification announces: the passing of time. Answers that say "overdue" or "expires
 * in 3 days" are computed from today's date, which is part of every key; within a day, an answer is at
 * most this old.
 */
const MAX_AGE_MS = 60_000;
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json(?:;|$)/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What an answer was read from: the caller's organization, the project its URL names, the tables it read (null: unknown, any change drops it). */
type Source = { organizationId: string | null; projectId: string | null; tables: readonly string[] | null };
type Entry = Source & { text: string; type: string; headers: Record<string, string>; at: number; bytes: number };

/** A committed change as the database names it (migration 0025): a table, and the organization/project scopes of the rows (none: everything). */
export type DataChange = { table: string | null; scopes: { organizationId: string; projectId: string }[] | null };

/** "<table> <org>/<project>,…" (migration 0025); an empty or unknown payload is a change to everything. */
export function parseDataChange(payload: string): DataChange {
  const [table, list] = payload.split(' ', 2);
  if (!table) return { table: null, scopes: null };
  if (!list) return { table, scopes: null };
  return {
    table,
    scopes: list.split(',').map((scope) => {
      const [organizationId = '', projectId = ''] = scope.split('/');
      return { organizationId, projectId };
    }),
  };
}

/** True when an answer read from `source` may be made of rows the change touched. */
export function touches(change: DataChange, source: Source): boolean {
  if (change.table !== null && source.tables !== null && !source.tables.includes(change.table)) return false;
  if (change.scopes === null) return true;
  return change.scopes.some(
    (scope) =>
      (scope.organizationId === '' || source.organizationId === null || scope.organizationId === source.organizationId) &&
      (scope.projectId === '' || source.projectId === null || scope.projectId === source.projectId),
  );
}

/** How many recent changes are remembered to refuse a read that raced with one; an older read is refused. */
const RECENT_CHANGES = 512;
/** How long an identical read waits for the one under way before computing its own answer. */
const COALESCE_WAIT_MS = 5_000;
/** Reads answered from an identical read they waited for (tests, the benchmark's notes). */
let coalesced = 0;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` keeps a GET route's answers out of the read cache: an answer with a revalidation of its own
     * (the current user), or one that must be computed at each call. Every other authenticated GET route
     * whose answer is JSON is cached (see createReadCache).
     */
    readCache?: boolean;
  }
  interface FastifyInstance {
    readCache: ReadCache;
  }
  interface FastifyRequest {
    readCacheKey?: string;
    readCacheGeneration?: number;
    /** The tables this request's statements named so far (db/table-use.ts). */
    tableUse?: TableUse;
    /** Wakes the identical reads waiting for this one's answer (set while it is the one under way). */
    readCacheRelease?: () => void;
  }
}

/**
 * The answers of recent authenticated reads, kept in this instance's memory and sent again as they were
 * written while nothing they are made of has changed. The database says what changed: a trigger on every
 * table an answer is read from NOTIFYs on one channel when a transaction commits (migrations 0022, 0025),
 * naming the table and the organizations and projects of the changed rows, whatever made the change. Each
 * kept answer records what it was read from — the tables its statements named (db/table-use.ts), the
 * caller's organization and the project its URL names — and a change drops only the answers that read
 * the table, in that organization, for that project or for none in particular (issue 31, item 3). A
 * write this instance answers drops what read the tables it wrote before its answer goes out, so its
 * caller's next read never meets what the write replaced; another instance hears it within the
 * notification's delay.
 *
 * An answer is kept per caller (user, organization, narrowed token), per exact URL and Accept header, and
 * per day; only 200 answers that are JSON text are kept, so files, exports and streams never are. Access
 * is checked before the cache is asked (the auth plugin's hook runs first), so a caller who lost a right
 * is refused as before and never reaches an answer kept for them. When the listening connection is lost,
 * nothing is kept until it is back. A read that raced with a change to what it read (began before it,
 * ended after its notification) is not kept.
 */
export function createReadCache(database: Pick<Database, 'listen'> | undefined, options: { maxBytes: number; clock: Clock }) {
  const entries = new Map<string, Entry>();
  /** Keys by table read; `*` holds the answers whose tables are unknown. */
  const byTable = new Map<string, Set<string>>();
  let bytes = 0;
  /** Changes heard so far (a read records the count when it begins); the last RECENT_CHANGES of them. */
  let heard = 0;
  const recent: DataChange[] = [];
  let enabled = false;
  let listener: Listener | undefined;
  let hits = 0;
  let misses = 0;
  let dropped = 0;

  const index = (key: string, tables: readonly string[] | null, add: boolean) => {
    for (const table of tables ?? ['*']) {
      let keys = byTable.get(table);
      if (add) {
        if (!keys) byTable.set(table, (keys = new Set()));
        keys.add(key);
      } else if (keys) {
        keys.delete(key);
        if (keys.size === 0) byTable.delete(table);
      }
    }
  };
  const drop = (key: string, entry: Entry) => {
    entries.delete(key);
    index(key, entry.tables, false);
    bytes -= entry.bytes;
  };
  const clear = () => {
    heard++;
    recent.push({ table: null, scopes: null });
    if (recent.length > RECENT_CHANGES) recent.shift();
    entries.clear();
    byTable.clear();
    bytes = 0;
  };
  /** Drops what the change may touch, and remembers it for the reads under way. */
  const changed = (change: DataChange) => {
    heard++;
    recent.push(change);
    if (recent.length > RECENT_CHANGES) recent.shift();
    if (change.table === null) {
      dropped += entries.size;
      entries.clear();
      byTable.clear();
      bytes = 0;
      return;
    }
    for (const table of [change.table, '*']) {
      for (const key of [...(byTable.get(table) ?? [])]) {
        const entry = entries.get(key);
        if (entry && touches(change, entry)) {
          drop(key, entry);
          dropped++;
        }
      }
    }
  };

  return {
    async start() {
      if (!database || options.maxBytes <= 0) return;
      listener = await database.listen(DATA_CHANNEL, (payload) => changed(parseDataChange(payload)), {
        onDown: () => {
          enabled = false;
          clear();
        },
        onUp: () => {
          clear();
          enabled = true;
        },
      });
      enabled = true;
    },
    async stop() {
      enabled = false;
      clear();
      await listener?.stop();
      listener = undefined;
    },
    /** Waits until the changes committed so far have been heard (see Listener.sync). */
    sync: () => listener?.sync() ?? Promise.resolve(),
    /** Drops everything held (a change this instance knows of, with no more said of it). */
    clear,
    /** Drops what a change this instance made may touch, before the database says so. */
    changed,
    get enabled() {
      return enabled;
    },
    /** The count of changes heard: what a read records when it begins (`set`'s `since`). */
    generation: () => heard,
    get(key: string): Entry | undefined {
      if (!enabled) return undefined;
      const entry = entries.get(key);
      if (!entry) {
        misses++;
        return undefined;
      }
      if (options.clock.now().getTime() - entry.at > MAX_AGE_MS) {
        drop(key, entry);
        misses++;
        return undefined;
      }
      // Least recently used first: a hit moves to the end of the map's order.
      entries.delete(key);
      entries.set(key, entry);
      hits++;
      return entry;
    },
    /** Keeps an answer, unless a change to what it was read from was heard since the read began (`since`). */
    set(key: string, since: number, value: Omit<Entry, 'at' | 'bytes'>) {
      if (!enabled) return;
      const missed = heard - since;
      if (missed > recent.length) return;
      for (let i = recent.length - missed; i < recent.length; i++) if (touches(recent[i]!, value)) return;
      const size = value.text.length * 2 + key.length * 2 + 200;
      if (size > options.maxBytes / 8) return;
      const held = entries.get(key);
      if (held) drop(key, held);
      entries.set(key, { ...value, at: options.clock.now().getTime(), bytes: size });
      index(key, value.tables, true);
      bytes += size;
      for (const [oldest, entry] of entries) {
        if (bytes <= options.maxBytes) break;
        drop(oldest, entry);
      }
    },
    /** Entries, bytes held, hits, misses and answers dropped by changes, for tests and the benchmark's notes. */
    stats: () => ({ entries: entries.size, bytes, hits, misses, dropped, coalesced }),
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;

/** Response headers a route sets that belong to the answer (the others are each request's own). */
const KEPT_HEADERS = ['content-disposition', 'content-language', 'cache-control', 'link'];

function keyOf(request: FastifyRequest, clock: Clock): string | undefined {
  if (request.method !== 'GET') return undefined;
  const config = request.routeOptions.config;
  const access = config?.access;
  if (!access || access.kind === 'public' || config.readCache === false || config.rateLimit || !request.ctx) return undefined;
  const ctx = request.ctx;
  const day = clock.now().toISOString().slice(0, 10);
  // A token narrowed to some rights or to one project is a caller of its own: it never meets an answer kept for the user.
  const narrowed = ctx.narrowedRights || ctx.narrowedProjectId ? (ctx.token.id ?? 'narrowed') : '';
  return `${ctx.user.id}|${ctx.organizationId ?? ''}|${narrowed}|${day}|${request.headers.accept ?? ''}|${request.url}`;
}

function replay(reply: FastifyReply, entry: Entry) {
  for (const [name, value] of Object.entries(entry.headers)) reply.header(name, value);
  return reply.type(entry.type).send(entry.text);
}

/**
 * What "who is calling" is read from (the caller cache, migration 0016): every answer depends on it — the
 * caller's rights and roles shape what it says — though the auth hook reads it before the answer's own
 * statements are noted, or from its own cache without a statement.
 */
const CALLER_TABLES = ['users', 'organizations', 'organization_memberships', 'organization_member_roles', 'projects', 'project_memberships', 'api_tokens'];

type Params = Record<string, string | undefined> | undefined;

/** The project a request's URL names (`/api/projects/:project_id/…`), or null. */
const projectOf = (request: FastifyRequest): string | null => (request.params as Params)?.project_id ?? null;

/** The organization a request's URL names (`/api/organizations/:organization_id/…`), else the caller's. */
const organizationOf = (request: FastifyRequest): string | null => (request.params as Params)?.organization_id ?? request.ctx?.organizationId ?? null;

/**
 * Registered after the auth plugin (whose onRequest hook authorizes first) and before compression (whose
 * onSend hook must see the text before it is encoded).
 */
export default fp(async function readCachePlugin(app: FastifyInstance, options: { maxBytes: number }) {
  const clock = app.deps.clock;
  const cache = createReadCache(app.deps.database, { maxBytes: options.maxBytes, clock });
  app.decorate('readCache', cache);
  try {
    await cache.start();
  } catch (error) {
    app.log.warn({ err: error }, 'read cache disabled: cannot listen for data changes');
  }
  app.addHook('onClose', async () => cache.stop());

  /**
   * The reads under way, by key: the same caller asking the same URL again before the first answer is
   * written waits for it instead of computing it again (a burst of identical cold reads — a screen opened in
   * several tabs, a dashboard polled — costs one read). Bounded: a waiter gives up after COALESCE_WAIT_MS.
   */
  const inflight = new Map<string, Promise<void>>();
  const release = (request: FastifyRequest) => {
    const key = request.readCacheKey;
    if (!key || !request.readCacheRelease) return;
    request.readCacheRelease();
    request.readCacheRelease = undefined;
    inflight.delete(key);
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!cache.enabled) return;
    // From here on, the tables the request's statements name are noted (db/table-use.ts).
    request.tableUse = tableUse.start();
    const key = keyOf(request, clock);
    if (!key) return;
    let entry = cache.get(key);
    const pending = entry ? undefined : inflight.get(key);
    if (pending) {
      await Promise.race([pending, new Promise((resolve) => setTimeout(resolve, COALESCE_WAIT_MS).unref())]);
      entry = cache.get(key);
      if (entry) coalesced++;
    }
    // Whether this answer was kept: for operators and the benchmark's hit rate (the caller's own answer either way).
    reply.header('x-read-cache', entry ? 'hit' : 'miss');
    if (entry) return replay(reply, entry);
    request.readCacheKey = key;
    request.readCacheGeneration = cache.generation();
    if (!inflight.has(key)) inflight.set(key, new Promise<void>((resolve) => (request.readCacheRelease = resolve)));
  });
  app.addHook('onResponse', async (request) => release(request));
  app.addHook('onRequestAbort', async (request) => release(request));

  app.addHook('onSend', async (request, reply, payload) => {
    if (!SAFE_METHODS.has(request.method)) {
      // A write has committed by now: drop what read the tables it wrote, in its organization (and its
      // project when its URL names one), before its answer goes out, so its caller's next read never meets
      // what it replaced. The database's notification tells the other instances, and this one again.
      const organizationId = organizationOf(request) ?? '';
      const projectId = projectOf(request) ?? '';
      for (const table of request.tableUse?.written ?? []) cache.changed({ table, scopes: [{ organizationId, projectId }] });
      return payload;
    }
    const key = request.readCacheKey;
    if (!key || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!JSON_TYPE.test(type)) return payload;
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    const read = request.tableUse?.read;
    cache.set(key, request.readCacheGeneration!, {
      text: payload,
      type,
      headers,
      organizationId: organizationOf(request),
      projectId: projectOf(request),
      // No statement noted: the answer came from somewhere this cannot see, so any change drops it.
      tables: read && read.size > 0 ? [...new Set([...read, ...CALLER_TABLES])] : null,
    });
    // Those waiting for this answer find it kept now.
    release(request);
    return payload;
  });
});
