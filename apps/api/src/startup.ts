import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Config } from './config';
import { createDatabase, type Database } from './db/client';
import { seedDemo } from './demo/seed';
import { createStorage } from './lib/storage';
import { composeFeatures } from './composition';
import { installJobEngine } from './jobs/engine';
import { registeredJobs } from './jobs/registry';
import { syncBuiltInFrameworks } from './modules/frameworks/built-in-sync';
import { lockDataDir } from './lib/data-dir-lock';

/** Argument that makes `server.js` prepare the embedded database in a child process and exit. */
export const PREPARE_FLAG = '--prepare-embedded-database';

type Prepared = { seeded: boolean };

/** Migrations, the job engine's tables, built-in frameworks, demo data (when asked) and fresh planner statistics. */
async function prepare(database: Database, config: Config): Promise<Prepared> {
  await database.migrate();
  composeFeatures();
  await installJobEngine(database, registeredJobs());
  await syncBuiltInFrameworks(database.db);
  const seeded = config.seedDemo ? await seedDemo(database.db, { storage: createStorage(config) }) : false;
  await database.analyze();
  return { seeded };
}

/**
 * Opens the database the server will use, prepared.
 *
 * The embedded database is prepared in a short-lived child process: PGlite's WebAssembly memory only
 * grows, and loading frameworks and demo data (scrypt hashes included) leaves hundreds of MB of
 * allocator arenas behind that a long-running process would keep for good. The server then opens the
 * prepared files with a small footprint (docs/benchmarks.md, "Idle memory").
 */
export async function openPreparedDatabase(config: Config): Promise<{ database: Database } & Prepared> {
  const options = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  if (config.databaseUrl) {
    const database = await createDatabase(options);
    return { database, ...(await prepare(database, config)) };
  }
  // Held for the server's life (released at exit): the preparing child works under its parent's lock.
  lockDataDir(config.dataDir);
  const prepared = await prepareInChild();
  return { database: await createDatabase(options), ...prepared };
}

/** dist/server.js in the bundle (this code is inlined there); the script node was started with otherwise (tsx in development). */
function serverEntry(): string {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('server.js') ? here : process.argv[1]!;
}

function prepareInChild(): Promise<Prepared> {
  return new Promise((resolve, reject) => {
    const child = fork(serverEntry(), [PREPARE_FLAG], { execArgv: process.execArgv, stdio: 'inherit' });
    let result: Prepared | undefined;
    child.on('message', (message) => (result = message as Prepared));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 && result ? resolve(result) : reject(new Error(`preparing the embedded database failed (exit code ${code})`))));
  });
}

/** The child's side of `prepareInChild`: prepare, report, exit. */
export async function runPreparation(config: Config): Promise<void> {
  const database = await createDatabase({ dataDir: config.dataDir });
  try {
    const prepared = await prepare(database, config);
    await new Promise<void>((resolve) => process.send!(prepared, () => resolve()));
  } finally {
    await database.close();
  }
}
