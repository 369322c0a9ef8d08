import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase } from '../src/db/client';
import { composeFeatures } from '../src/composition';
import { installJobEngine } from '../src/jobs/engine';
import { registeredJobs } from '../src/jobs/registry';
import { seedDemo } from '../src/demo/seed';
import { syncBuiltInFrameworks } from '../src/modules/frameworks/built-in-sync';

/**
 * Prepares one database the way every test file starts — migrated, the job engine's tables created,
 * built-in frameworks loaded, demo seeded, analyzed — so that each file clones it instead of doing all
 * that again: a PGlite dump that each file loads, or a PostgreSQL template database each file's database
 * is created from.
 */
export default async function setup() {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `aegis_template_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await createDatabase({ databaseUrl: url.href });
    await prepare(database);
    await database.close();
    process.env.AEGIS_TEST_TEMPLATE_DB = name;
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const database = await createDatabase({ inMemory: true });
  await prepare(database);
  const dump = await database.dump!();
  await database.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'aegis-test-db-')), 'prepared.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.AEGIS_TEST_PGLITE_DUMP = file;
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

async function prepare(database: Awaited<ReturnType<typeof createDatabase>>) {
  await database.migrate();
  composeFeatures();
  await installJobEngine(database, registeredJobs());
  await syncBuiltInFrameworks(database.db);
  await seedDemo(database.db);
  await database.analyze();
}
