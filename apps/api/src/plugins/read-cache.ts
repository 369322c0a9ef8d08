import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Listener } from '../db/client';
import type { Clock } from '../lib/clock';

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

type Entry = { text: string; type: string; headers: Record<string, string>; at: number; bytes: number };

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
  }
}

/**
 * The answers of recent authenticated reads, kept in this instance's memory and sent again as they were
 * written while nothing they may be made of has changed. The database says when something changed: a
 * trigger on every table an answer is read from NOTIFYs on one channel when a transaction commits
 * (migration 0022), whatever made the change, and every instance listening drops everything it holds. A
 * write this instance answers drops it before the answer goes out, so its caller's next read never meets
 * what the write replaced; another instance hears it within the notification's delay.
 *
 * An answer is kept per caller (user, organization, narrowed token), per exact URL and Accept header, and
 * per day; only 200 answers that are JSON text are kept, so files, exports and streams never are. Access
 * is checked before the cache is asked (the auth plugin's hook runs first), so a caller who lost a right
 * is refused as before and never reaches an answer kept for them. When the listening connection is lost,
 * nothing is kept until it is back. A read that raced with a change (began before it, ended after its
 * notification) is not kept: the generation counter refuses it.
 */
export function createReadCache(database: Pick<Database, 'listen'> | undefined, options: { maxBytes: number; clock: Clock }) {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let generation = 0;
  let enabled = false;
  let listener: Listener | undefined;
  let hits = 0;
  let misses = 0;

  const clear = () => {
    generation++;
    entries.clear();
    bytes = 0;
  };
  const drop = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.bytes;
  };

  return {
    async start() {
      if (!database || options.maxBytes <= 0) return;
      listener = await database.listen(DATA_CHANNEL, clear, {
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
    /** Drops everything held (a change this instance knows of before the database says so). */
    clear,
    get enabled() {
      return enabled;
    },
    generation: () => generation,
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
    /** Keeps an answer, unless a change was heard since the read began (`since`). */
    set(key: string, since: number, value: Omit<Entry, 'at' | 'bytes'>) {
      if (!enabled || since !== generation) return;
      const size = value.text.length * 2 + key.length * 2 + 200;
      if (size > options.maxBytes / 8) return;
      const held = entries.get(key);
      if (held) drop(key, held);
      entries.set(key, { ...value, at: options.clock.now().getTime(), bytes: size });
      bytes += size;
      for (const [oldest, entry] of entries) {
        if (bytes <= options.maxBytes) break;
        drop(oldest, entry);
      }
    },
    /** Entries, bytes held and the hit count, for tests and the benchmark's notes. */
    stats: () => ({ entries: entries.size, bytes, hits, misses }),
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
  const narrowed = ctx.narrowedRights ? (ctx.token.id ?? 'narrowed') : '';
  return `${ctx.user.id}|${ctx.organizationId ?? ''}|${narrowed}|${day}|${request.headers.accept ?? ''}|${request.url}`;
}

function replay(reply: FastifyReply, entry: Entry) {
  for (const [name, value] of Object.entries(entry.headers)) reply.header(name, value);
  return reply.type(entry.type).send(entry.text);
}

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

  app.addHook('onRequest', async (request, reply) => {
    if (!cache.enabled) return;
    const key = keyOf(request, clock);
    if (!key) return;
    const entry = cache.get(key);
    if (entry) return replay(reply, entry);
    request.readCacheKey = key;
    request.readCacheGeneration = cache.generation();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!SAFE_METHODS.has(request.method)) {
      // A write has committed by now: drop what this instance holds before its answer goes out, so its
      // caller's next read never meets what it replaced (a read still running keeps nothing: the generation
      // moved). The database's notification tells the other instances, and this one again.
      cache.clear();
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
    cache.set(key, request.readCacheGeneration!, { text: payload, type, headers });
    return payload;
  });
});
