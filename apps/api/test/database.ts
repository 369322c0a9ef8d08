import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database } from '../src/db/client';

/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database created on the
 * PostgreSQL server of DATABASE_URL (and dropped afterwards), so runs never collide.
 */
export async function createTestDatabase(): Promise<{ database: Database; url: string | undefined; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await createDatabase({ inMemory: true });
    return { database, url: undefined, drop: () => database.close() };
  }
  const name = `aegis_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ databaseUrl: url.href });
  return {
    database,
    url: url.href,
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
