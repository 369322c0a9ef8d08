import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createDatabase, type Database } from '../src/db/client';
import { build, testConfig, type TestApp } from './helper';

// Who is calling is answered from each instance's memory (plugins/caller-cache.ts); the database announces
// every change to it (migration 0016) and every instance drops what it holds at once.

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t?.close();
});

async function organizationOf(as: ReturnType<TestApp['as']>) {
  return (await as({ method: 'GET', url: '/api/users/me' })).json().organization.id as string;
}

describe('one instance', () => {
  it('answers repeated calls from memory and forgets a person the moment they change', async () => {
    const auditor = await t.login('auditor@demo.local');
    const admin = await t.login('admin@demo.local');
    const organizationId = await organizationOf(admin);
    const me = await auditor({ method: 'GET', url: '/api/users/me' });
    expect(me.statusCode).toBe(200);
    expect(t.app.callerCache.size()).toBeGreaterThan(0);

    // A rename made behind the API's back (a database console) is still heard: the trigger speaks for it.
    await t.database.db.execute(sql`update users set firstname = 'Renamed' where email = 'auditor@demo.local'`);
    await t.app.callerCache.sync();
    expect((await auditor({ method: 'GET', url: '/api/users/me' })).json().firstname).toBe('Renamed');

    const off = await admin({ method: 'PATCH', url: `/api/organizations/${organizationId}/users/${me.json().id}/status`, payload: { status: 'deactivated' } });
    expect(off.statusCode).toBe(200);
    expect((await auditor({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
    const on = await admin({ method: 'PATCH', url: `/api/organizations/${organizationId}/users/${me.json().id}/status`, payload: { status: 'active' } });
    expect(on.statusCode).toBe(200);
  });

  it('forgets a project role the moment it is removed', async () => {
    const owner = await t.login('owner@demo.local');
    const editorToken = (await t.tokensFor('editor@demo.local')).access_token;
    const editor = t.as(editorToken);
    const projects = (await editor({ method: 'GET', url: `/api/organizations/${await organizationOf(owner)}/projects` })).json().items as { id: string }[];
    const projectId = projects[0]!.id;
    expect((await editor({ method: 'GET', url: `/api/projects/${projectId}` })).statusCode).toBe(200);
    await t.database.db.execute(
      sql`delete from project_memberships where project_id = ${projectId} and user_id = (select id from users where email = 'editor@demo.local')`,
    );
    await t.app.callerCache.sync();
    expect((await editor({ method: 'GET', url: `/api/projects/${projectId}` })).statusCode).toBe(403);
  });
});

describe('own writes', () => {
  // A write's answer goes out only once this instance has dropped what the write changed. With PostgreSQL,
  // the pooled connections listen too, so a commit resolves after its own notifications reached the cache
  // (no round trip on the listening connection after every write); PGlite delivers them before that anyway.
  it('are heard before their commit resolves, in a transaction or a single statement', async () => {
    const heard: string[] = [];
    const listener = await t.database.listen('aegis_test_own_writes', (payload) => heard.push(payload), { pooled: true });
    try {
      expect(listener.ownWritesHeard).toBe(true);
      for (let i = 0; i < 20; i++) {
        await t.database.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_notify('aegis_test_own_writes', ${`tx ${i}`})`);
        });
        expect(heard).toContain(`tx ${i}`);
        await t.database.db.execute(sql`select pg_notify('aegis_test_own_writes', ${`single ${i}`})`);
        expect(heard).toContain(`single ${i}`);
      }
    } finally {
      await listener.stop();
    }
  });
});

// Two instances on one PostgreSQL database: what one of them changes, the other hears within a second.
describe.skipIf(!process.env.DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let second: { app: Awaited<ReturnType<typeof buildApp>>; database: Database };
  beforeAll(async () => {
    const database = await createDatabase({ databaseUrl: t.databaseUrl! });
    const app = await buildApp({ config: testConfig(), database, logger: false });
    await app.ready();
    second = { app, database };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
  });

  it('refuses a deactivated user on both instances within a second', async () => {
    const token = (await t.tokensFor('reviewer@demo.local')).access_token;
    const onFirst = () => t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    const onSecond = () => second.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    // Both instances hold the reviewer now.
    expect((await onFirst()).statusCode).toBe(200);
    const reviewerId = (await onSecond()).json().id as string;
    expect((await onSecond()).statusCode).toBe(200);
    expect(second.app.callerCache.size()).toBeGreaterThan(0);

    const admin = await t.login('admin@demo.local');
    const organizationId = await organizationOf(admin);
    const deactivatedAt = Date.now();
    const off = await admin({ method: 'PATCH', url: `/api/organizations/${organizationId}/users/${reviewerId}/status`, payload: { status: 'deactivated' } });
    expect(off.statusCode).toBe(200);
    expect((await onFirst()).statusCode).toBe(401);
    let refusedAfter: number | undefined;
    while (Date.now() - deactivatedAt < 1_000) {
      if ((await onSecond()).statusCode === 401) {
        refusedAfter = Date.now() - deactivatedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(refusedAfter, 'the second instance still served the deactivated user a second later').toBeDefined();

    const on = await admin({ method: 'PATCH', url: `/api/organizations/${organizationId}/users/${reviewerId}/status`, payload: { status: 'active' } });
    expect(on.statusCode).toBe(200);
  });

  it('ends a signed-out session on the other instance too', async () => {
    const token = (await t.tokensFor('auditor@demo.local')).access_token;
    const onSecond = () => second.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect((await onSecond()).statusCode).toBe(200);
    const revoked = await t.app.inject({ method: 'POST', url: '/api/auth/revoke', payload: { token } });
    expect(revoked.statusCode).toBeLessThan(300);
    const started = Date.now();
    let status = 200;
    while (Date.now() - started < 1_000 && status === 200) {
      status = (await onSecond()).statusCode;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(status).toBe(401);
  });
});
