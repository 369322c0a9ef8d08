import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helper';

/**
 * Issue 29, item 3: a slow statement delays its own request only. On the embedded database PGlite ran
 * PostgreSQL on the API's thread, so a 3-second content search left /api/health and the web app's pages
 * unanswered for as long. These tests hold the database with a statement that takes a second and check
 * the order of events, not a timing: the event loop turns and the health check answers before it ends.
 */
let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

/** A statement that keeps the database busy for a second. */
const slowStatement = () => t.db.execute(sql`select pg_sleep(1)`);

describe('the database while a statement runs for a second', () => {
  it('leaves the event loop free: timers fire before the statement ends', async () => {
    const events: string[] = [];
    const slow = slowStatement().then(() => events.push('statement ended'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    events.push('timer fired');
    await slow;
    expect(events).toEqual(['timer fired', 'statement ended']);
  });

  it('answers /api/health meanwhile (the job queues as read a moment ago), and the statement still ends well', async () => {
    // A monitor's earlier poll: the queues read while the database was idle.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const events: string[] = [];
    const slow = slowStatement().then(() => events.push('statement ended'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    events.push(`health ${health.statusCode}`);
    await slow;
    expect(events).toEqual(['health 200', 'statement ended']);
    expect((health.json() as { status: string }).status).toBe('ok');
  });

  it('keeps transactions whole: a statement sent during a transaction waits for its end, and a failed one rolls back', async () => {
    await t.db.execute(sql`create table turn_order (step text)`);
    const inside = t.db.transaction(async (tx) => {
      await tx.execute(sql`insert into turn_order values ('first')`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.execute(sql`insert into turn_order values ('second')`);
    });
    const outside = t.db.execute(sql`insert into turn_order values ('third')`);
    await Promise.all([inside, outside]);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`insert into turn_order values ('rolled back')`);
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toMatchObject({ cause: { code: '22012' } });
    const steps = (await t.db.execute(sql`select step from turn_order`)) as unknown as { rows: { step: string }[] };
    // PGlite has one session: the statement sent during the transaction ran after it. PostgreSQL runs it on
    // another connection meanwhile, so only the rows (and the rollback) are the same there.
    if (t.database.kind === 'pglite') expect(steps.rows.map((row) => row.step)).toEqual(['first', 'second', 'third']);
    else expect(steps.rows.map((row) => row.step).sort()).toEqual(['first', 'second', 'third']);
    await t.db.execute(sql`drop table turn_order`);
  });
});
