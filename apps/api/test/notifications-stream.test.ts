import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createDatabase, type Database } from '../src/db/client';
import { users } from '../src/db/schema';
import { notifyUsers } from '../src/modules/notifications/notify';
import { organizationId } from './factories';
import { build, testConfig, type TestApp } from './helper';
import { openEventStream } from './stream-reader';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await build();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(() => t.close());

const STREAM = '/api/notifications/unread/stream/';

async function notify(email: string, db = t.db) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  await notifyUsers(db, { organizationId: await organizationId(t, 'Demo Organization'), userIds: [user!.id], name: 'Something happened' });
}

describe('unread notifications stream', () => {
  it('sends the count on connect, on a new notification and when one is read', async () => {
    const { access_token } = await t.tokensFor('owner@demo.local');
    const stream = await openEventStream(`${base}${STREAM}`, access_token);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      const initial = (await stream.next()) as { type: string; count: number };
      expect(initial.type).toBe('unread_notifications');

      await notify('owner@demo.local');
      expect(await stream.next()).toEqual({ type: 'unread_notifications', count: initial.count + 1 });

      const owner = t.as(access_token);
      const newest = (await owner({ method: 'GET', url: '/api/notifications?notification_status=unread' })).json().items[0];
      await owner({ method: 'PATCH', url: `/api/notifications/${newest.notification_id}?notification_status=read` });
      expect(await stream.next()).toEqual({ type: 'unread_notifications', count: initial.count });

      // Someone else's notification does not reach this stream.
      await notify('editor@demo.local');
      await expect(stream.next(500)).rejects.toThrow('no event in time');
    } finally {
      stream.close();
    }
  });

  it('answers 401 without a token, before any stream starts', async () => {
    const response = await fetch(`${base}${STREAM}`);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/json');
  });

  it('ends the stream when the access token expires, so the client refreshes', async () => {
    const { access_token } = await t.tokensFor('owner@demo.local');
    t.clock.advance(15 * 60_000 - 2_000);
    const stream = await openEventStream(`${base}${STREAM}`, access_token);
    try {
      await stream.next();
      await expect(stream.next(4_000)).rejects.toThrow('stream ended');
    } finally {
      t.clock.advance(-(15 * 60_000 - 2_000));
      stream.close();
    }
  });

  it('reaches a stream served by another instance on the same database', async () => {
    // A second API instance with its own connections (its own pool and LISTEN connection on PostgreSQL).
    // On PGlite (one process by nature) the second app shares the database object instead.
    const second: Database = t.databaseUrl ? await createDatabase({ databaseUrl: t.databaseUrl }) : t.database;
    const other = await buildApp({ config: testConfig(), database: second, logger: false });
    await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { access_token } = await t.tokensFor('auditor@demo.local');
      const otherBase = `http://127.0.0.1:${(other.server.address() as { port: number }).port}`;
      const stream = await openEventStream(`${otherBase}${STREAM}`, access_token);
      try {
        const initial = (await stream.next()) as { count: number };
        await notify('auditor@demo.local');
        expect(await stream.next()).toEqual({ type: 'unread_notifications', count: initial.count + 1 });
      } finally {
        stream.close();
      }
    } finally {
      await other.close();
      if (second !== t.database) await second.close();
    }
  });
});
