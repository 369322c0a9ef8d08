import rateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { AppError } from '../lib/errors';

/**
 * Rate-limit counters live in PostgreSQL so that every API instance counts the same window:
 * a limit kept in one process's memory would multiply with the number of instances.
 */
class PostgresStore implements FastifyRateLimitStore {
  constructor(
    private readonly db: Db,
    private readonly scope = '',
  ) {}

  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
    const fullKey = `${this.scope}|${key}`;
    this.db
      .execute(sql`
        insert into rate_limits (key, count, reset_at)
        values (${fullKey}, 1, now() + ${timeWindow} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
        returning count, greatest(0, extract(epoch from (reset_at - now())) * 1000)::float8 as ttl`)
      .then((result) => {
        const row = (result as unknown as { rows: { count: number; ttl: number }[] }).rows[0]!;
        callback(null, { current: Number(row.count), ttl: Math.ceil(Number(row.ttl)) });
        if (Math.random() < 0.01) {
          this.db.execute(sql`delete from rate_limits where reset_at < now()`).catch(() => {});
        }
      })
      .catch((error: Error) => callback(error));
  }

  child(routeOptions: { method?: unknown; url?: string; routeInfo?: { method?: unknown; url?: string } }) {
    const info = routeOptions.routeInfo ?? routeOptions;
    return new PostgresStore(this.db, `${String(info.method)} ${info.url ?? ''}`);
  }
}

/**
 * A route's limit counted per signed-in user (all their tokens, sessions and addresses together), for
 * calls that cost the server much, such as the PDF export. The auth plugin's onRequest hook runs before
 * a route's own, so `ctx` is known here and only calls that passed the access check count.
 */
export function perUserRateLimit(max: number, timeWindow: string): RateLimitOptions {
  return { max, timeWindow, keyGenerator: (request: FastifyRequest) => (request.ctx ? `user:${request.ctx.user.id}` : `ip:${request.ip}`) };
}

/** Limits are opt-in per route (`config.rateLimit`); the auth endpoints use them. */
export default fp(async function rateLimits(app: FastifyInstance) {
  const db = app.deps.db;
  await app.register(rateLimit, {
    global: false,
    store: class extends PostgresStore {
      constructor() {
        super(db);
      }
    },
    // A database outage must not lock everybody out of signing in; other checks still apply.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, `Too many requests; try again in ${Math.ceil(context.ttl / 1000)} seconds`, 'too_many_requests'),
  });
});
