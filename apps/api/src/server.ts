import './memory-settings';
import { APP_VERSION, PRODUCT_NAME } from '@aegis/contracts';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openPreparedDatabase, PREPARE_FLAG, runPreparation } from './startup';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const started = performance.now();
  const config = loadConfig();
  if (process.argv.includes(PREPARE_FLAG)) return runPreparation(config);
  const { database, seeded } = await openPreparedDatabase(config);
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // One line for the person who just typed `npm start`; the JSON log line below is for machines.
  const demo = config.seedDemo && !config.oidc ? ' — demo sign-in: admin@demo.local / demo' : '';
  process.stdout.write(`\n  ${PRODUCT_NAME} ${APP_VERSION} is running at ${config.publicUrl}${demo}\n\n`);
  app.log.info(
    { database: database.kind, identity: config.oidc ? config.oidc.issuer : 'embedded', seeded, ready_ms: Math.round(performance.now() - started) },
    `ready on ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Start-up failed:', error);
  }
  process.exit(1);
});
