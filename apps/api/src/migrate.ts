import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/client';
import { composeFeatures } from './composition';
import { installJobEngine } from './jobs/engine';
import { registeredJobs } from './jobs/registry';

/** `npm run migrate`: applies the committed migrations, creates or updates the job engine's tables, and exits. */
async function main() {
  const config = loadConfig();
  const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    composeFeatures();
    await installJobEngine(database, registeredJobs());
    console.log(`Migrations applied (${database.kind}).`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
