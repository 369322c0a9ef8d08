import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionStats } from '../src/db/client';
import { build, type TestApp } from './helper';

/**
 * Issue 31, item 6: no overlapping statements on one connection. Code that sends several statements at once
 * on a transaction's client (a `Promise.all` of detail reads) gets them run one after another, in the order
 * sent, by the client wrapper (db/client.ts for PostgreSQL, db/pglite-thread.ts for PGlite): pg queues them
 * with a deprecation warning today and refuses them from its next major version.
 */
let t: TestApp;
const warnings: string[] = [];
const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
beforeAll(async () => {
  t = await build();
  process.on('warning', onWarning);
});
afterAll(async () => {
  process.off('warning', onWarning);
  await t.close();
});

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('statements sent at once on a transaction run one at a time, in the order sent', () => {
  it('a Promise.all of statements in a transaction: every answer right, in order, never two at once on the connection', async () => {
    connectionStats.maxInFlight = 0;
    const order = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table statement_order (n int, at timestamptz default clock_timestamp()) on commit drop`);
      // The first statements sleep, so that statements sent later would overtake them if they overlapped.
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, n) =>
          tx.execute(sql`insert into statement_order (n) select ${n}::int from (select pg_sleep(${n < 3 ? 0.02 : 0})) s returning n`),
        ),
      );
      expect(answers.map((answer) => rowsOf<{ n: number }>(answer)[0]!.n)).toEqual(Array.from({ length: 12 }, (_, n) => n));
      return rowsOf<{ n: number }>(await tx.execute(sql`select n from statement_order order by at, n`)).map((row) => row.n);
    });
    expect(order).toEqual(Array.from({ length: 12 }, (_, n) => n));
    if (t.database.kind === 'postgres') expect(connectionStats.maxInFlight).toBe(1);
    expect(warnings.filter((w) => /already executing a query/.test(w))).toEqual([]);
  });

  it('a failing statement fails alone: the ones sent after it still run (and the transaction rolls back as a whole)', async () => {
    const outcome = await t.database.db
      .transaction(async (tx) => {
        const settled = await Promise.allSettled([tx.execute(sql`select 1 as one`), tx.execute(sql`select 1 / 0 as boom`), tx.execute(sql`select 2 as two`)]);
        return settled.map((s) => s.status);
      })
      .catch((error: Error) => error);
    // After an error PostgreSQL refuses the rest of the transaction: the third is refused, not lost or overlapped.
    expect(outcome).toEqual(['fulfilled', 'rejected', 'rejected']);
  });
});
