import type { Database, Listener } from '../db/client';
import type { CallerLookups } from './auth';

/** The channel the database announces caller changes on (migration 0016): a user's id, or '*'. */
export const CALLER_CHANNEL = 'aegis_caller';

/** A bound for the unexpected (a change made with the triggers disabled): no entry is older than this. */
const MAX_AGE_MS = 5 * 60_000;
/** Entries kept at most; past it the cache starts over (a full scan would cost more than refilling). */
const MAX_ENTRIES = 50_000;

type Entry = { value: unknown; at: number };
type TokenRow = NonNullable<Awaited<ReturnType<CallerLookups['apiTokenByHash']>>>;

/**
 * What identifies a caller — the user, their membership and roles in the organization, whether the
 * session is open, an API token's row, their roles on a project — answered from this instance's memory
 * instead of the database on every request. The database itself says when any of it changes (triggers of
 * migration 0016 NOTIFY on one channel, whatever code made the change), and every instance listening drops
 * what it holds for that person at once. When the listening connection is lost, nothing is cached until
 * it is back: a missed notification must not leave a revoked session usable.
 *
 * A lookup that raced with a change (read before the change committed, stored after its notification)
 * would put the old answer back; the generation counter refuses such a store.
 */
export function createCallerCache(database: Pick<Database, 'listen'> | undefined, now: () => number = Date.now) {
  const byUser = new Map<string, Map<string, Entry>>();
  const tokens = new Map<string, { row: TokenRow; at: number }>();
  let entries = 0;
  let generation = 0;
  let enabled = false;
  let listener: Listener | undefined;

  const clear = () => {
    generation++;
    byUser.clear();
    tokens.clear();
    entries = 0;
  };
  const dropUser = (userId: string) => {
    generation++;
    const held = byUser.get(userId);
    if (held) {
      entries -= held.size;
      byUser.delete(userId);
    }
    for (const [hash, token] of tokens) if (token.row.userId === userId) tokens.delete(hash);
  };
  const onMessage = (payload: string) => (payload === '*' ? clear() : dropUser(payload));

  function get<T>(userId: string, key: string): T | undefined {
    const entry = byUser.get(userId)?.get(key);
    if (!entry) return undefined;
    if (now() - entry.at > MAX_AGE_MS) {
      byUser.get(userId)!.delete(key);
      entries--;
      return undefined;
    }
    return entry.value as T;
  }

  /** Runs the lookup and keeps its answer, unless a change was announced while it ran. */
  async function remember<T>(userId: string, key: string, lookup: () => Promise<T>): Promise<T> {
    if (!enabled) return lookup();
    const cached = get<T>(userId, key);
    if (cached !== undefined) return cached;
    const before = generation;
    const value = await lookup();
    if (value !== undefined && enabled && generation === before) {
      if (entries >= MAX_ENTRIES) clear();
      let held = byUser.get(userId);
      if (!held) byUser.set(userId, (held = new Map()));
      if (!held.has(key)) entries++;
      held.set(key, { value, at: now() });
    }
    return value;
  }

  return {
    /**
     * Starts listening; until it has, and whenever the connection is down, every lookup reads the database.
     * Without a database (an app built around the auth plugin alone) nothing is ever cached.
     */
    async start() {
      if (!database) return;
      listener = await database.listen(CALLER_CHANNEL, onMessage, {
        onDown: () => {
          enabled = false;
          clear();
        },
        onUp: () => {
          clear();
          enabled = true;
        },
        // Rare (a person's account, session, membership or roles changed), so every pooled connection may
        // hear them too: a write's commit then resolves with what it changed already dropped here.
        pooled: true,
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

    /**
     * Waits until what this instance itself committed has been heard: at once when its own commits
     * resolve only after that (Listener.ownWritesHeard), else a `sync`.
     */
    afterOwnWrites: () => (!listener || listener.ownWritesHeard ? Promise.resolve() : listener.sync()),

    /**
     * Keeps another fact about a person that only the announced changes can alter (their roles across
     * organizations and projects, say), under a key of the caller's choosing.
     */
    remember,

    /** Entries held, for tests and the benchmark's notes. */
    size: () => entries + tokens.size,

    /** The same lookups, answered from the cache when it holds the answer. */
    wrap(lookups: CallerLookups): CallerLookups {
      return {
        async apiTokenByHash(db, tokenHash) {
          if (!enabled) return lookups.apiTokenByHash(db, tokenHash);
          const cached = tokens.get(tokenHash);
          if (cached && now() - cached.at <= MAX_AGE_MS) return cached.row;
          const before = generation;
          const row = await lookups.apiTokenByHash(db, tokenHash);
          if (row && enabled && generation === before) {
            if (tokens.size >= MAX_ENTRIES) tokens.clear();
            tokens.set(tokenHash, { row, at: now() });
          }
          return row;
        },
        touchApiToken: lookups.touchApiToken,
        caller: (db, userId, organizationId, sessionId) =>
          remember(userId, `c|${organizationId ?? ''}|${sessionId ?? ''}`, () => lookups.caller(db, userId, organizationId, sessionId)),
        projectRoles: (db, userId, organizationId, projectId) =>
          remember(userId, `p|${organizationId}|${projectId}`, () => lookups.projectRoles(db, userId, organizationId, projectId)),
      };
    },
  };
}

export type CallerCache = ReturnType<typeof createCallerCache>;
