import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from './client';

describe('analyzeChanged on the embedded database', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
  });

  it('analyzes the tables that changed by more than 50 rows and 10%, and only those', async () => {
    database = await createDatabase({ inMemory: true });
    await database.db.execute(sql`create table grown (id int)`);
    await database.db.execute(sql`create table touched (id int)`);
    await database.db.execute(sql`insert into touched select generate_series(1, 1000)`);
    await database.analyze();

    await database.db.execute(sql`insert into grown select generate_series(1, 500)`);
    await database.db.execute(sql`insert into touched select generate_series(1, 20)`);
    expect(await database.analyzeChanged()).toEqual(['public.grown']);

    // Analyzed now: nothing is left to do until the tables change again.
    expect(await database.analyzeChanged()).toEqual([]);
    const stats = await database.db.execute(sql`select reltuples::int as rows from pg_class where relname = 'grown'`);
    expect((stats as unknown as { rows: { rows: number }[] }).rows[0]?.rows).toBe(500);
  });
});
