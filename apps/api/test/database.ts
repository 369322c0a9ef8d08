import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { createDatabase, type Database } from '../src/db/client';

/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database created on the
 * PostgreSQL server of DATABASE_URL (and dropped afterwards), so runs never collide. `prepared` when it
 * was cloned from the run's prepared database (test/global-setup.ts): migrated and seeded already.
 */
export async function createTestDatabase(): Promise<{ database: Database; url: string | undefined; prepared: boolean; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dump = process.env.AEGIS_TEST_PGLITE_DUMP;
    const database = await createDatabase(dump ? { inMemory: true, loadDataDir: new Blob([fs.readFileSync(dump)]) } : { inMemory: true });
    return { database, url: undefined, prepared: Boolean(dump), drop: () => database.close() };
  }
  const template = process.env.AEGIS_TEST_TEMPLATE_DB;
  const name = `aegis_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ databaseUrl: url.href });
  return {
    database,
    url: url.href,
    prepared: Boolean(template),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
