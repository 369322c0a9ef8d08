import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { seedDemo } from '../src/demo/seed';
import { syncBuiltInFrameworks } from '../src/modules/frameworks/built-in-sync';
import type { JobEngineOptions } from '../src/jobs/engine';
import type { Clock } from '../src/lib/clock';
import type { FileStorage } from '../src/lib/storage';
import { createTestDatabase } from './database';

export const PUBLIC_URL = 'http://localhost:3000';

/** A clock that tests move forward instead of sleeping. */
export function testClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
    },
  } satisfies Clock & { advance(ms: number): void };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ PUBLIC_URL, AUTH_DUMMY_ENABLED: 'true', AUTH_RATE_LIMIT_MAX: '10000', LOG_LEVEL: 'silent', RESPONSE_VALIDATION: 'true', ...env });
}

/**
 * Builds the real app on a fresh, migrated and seeded database. Its background jobs are declared but
 * not worked (no polling, no schedules) unless `jobs` asks: a run starting in the middle of a test would
 * change what it sees. The product works them; test/jobs-*.test.ts and health.test.ts test that.
 */
export async function build(
  env: Record<string, string> = {},
  hooks: { beforeReady?: (app: FastifyInstance) => void; storage?: FileStorage; webRoot?: string; jobs?: JobEngineOptions } = {},
) {
  const { database, url: databaseUrl, drop, prepared } = await createTestDatabase();
  if (!prepared) {
    await database.migrate();
    await syncBuiltInFrameworks(database.db);
    await seedDemo(database.db);
    await database.analyze();
  }
  const clock = testClock();
  const app = await buildApp({ config: testConfig(env), database, clock, logger: false, storage: hooks.storage, webRoot: hooks.webRoot, jobs: hooks.jobs ?? { workers: false } });
  hooks.beforeReady?.(app);
  await app.ready();

  /** Tokens for a seeded or created user through the dummy endpoint. */
  async function tokensFor(email: string, rights?: string[]) {
    const query = new URLSearchParams({ x: email, ...(rights ? { rights: rights.join(',') } : {}) });
    const response = await app.inject({ method: 'GET', url: `/api/auth/dummy?${query}` });
    if (response.statusCode !== 200) throw new Error(`dummy token for ${email}: ${response.statusCode} ${response.body}`);
    return response.json() as { access_token: string; refresh_token: string };
  }

  /** An `inject` that carries the given bearer token. */
  function as(token: string) {
    return (options: InjectOptions & { url: string }) =>
      app.inject({ ...options, headers: { authorization: `Bearer ${token}`, ...(options.headers ?? {}) } });
  }

  async function login(email: string, rights?: string[]) {
    return as((await tokensFor(email, rights)).access_token);
  }

  return {
    app,
    clock,
    database,
    /** The PostgreSQL URL of this file's database; undefined on PGlite. */
    databaseUrl,
    db: database.db,
    tokensFor,
    as,
    login,
    async close() {
      await app.close();
      await drop();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof build>>;
