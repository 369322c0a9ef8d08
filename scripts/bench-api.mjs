// `npm run bench:api`: the API's request measurements, in one run against a bare Fastify server (issue 18). It
// starts the product on PGlite — or on PostgreSQL when BENCH_DATABASE_URL is set (a scratch database: it gets the
// demo seed) —, seeds a large organization through the API (BENCH_PROJECTS projects, the demo project "Credit
// Scoring Model" with the three AI frameworks, BENCH_USERS members), starts a bare Fastify server answering a small
// JSON as the ceiling, then measures each group's operations with the same connections (BENCH_CONNECTIONS) and
// duration (BENCH_SECONDS), and prints one table: req/s, p50, p99, non-2xx, timeouts and the ratio to the bare server.
//
// Groups (scripts/bench-api/groups/), in this order:
//   first-screen    the bytes Chromium fetches for the sign-in screen and dashboard, then those requests measured
//   core            issue 18's main reads and writes (current user, token status, lists, dashboard, writes, reviews)
//   compliance      the three frameworks applied to every project (the apply measured), the compliance lists again
//   export          /api/health alone and while BENCH_EXPORTS users export the demo project with long comments at once
//   applicability   the demo project's EU AI Act settings saved back and forth, questionnaires, statement of applicability
//   mixed           five people of the demo project read its lists round robin while its editors save control
//                   statuses (no writes, 10 saves/s, full speed), with the read cache on and off (the server restarts)
//   risks           the demo project's risk register at 10,000 risks (added straight into the database; the server restarts)
//   evidence        100 MB uploads (throughput, server RSS) to local disk and to S3 (the in-test S3 server), and the
//                   evidence list at 10,000 files with a content search (added straight into the database; restarts)
//   testing         a pipeline pushing metric values in batches of 1,000 (values/s), the tests list meanwhile, a
//                   metric's chart, running a test, the results lists at 100,000 results (added straight into the database)
//   projects-scale  the projects list at each of BENCH_PROJECT_LEVELS projects (the server restarts between levels)
// Every later feature adds its list and main write to a group (or a new group).
//
// BENCH_ONLY, a regular expression, measures only the groups whose name or the operations whose label it matches
// (the ceiling always runs); BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server under
// the run, and each operation's time window is written beside the profiles (bench-api-operations.json) for
// scripts/cpuprofile-to-flamegraph.mjs. BENCH_PORT sets the server's port (use 3400-3499); by default the server
// and the bare ceiling each take a free port the operating system picks.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiClient } from './bench-api/client.mjs';
import { applicability } from './bench-api/groups/applicability.mjs';
import { assetCards } from './bench-api/groups/asset-cards.mjs';
import { compliance } from './bench-api/groups/compliance.mjs';
import { core } from './bench-api/groups/core.mjs';
import { evidence } from './bench-api/groups/evidence.mjs';
import { exportGroup } from './bench-api/groups/export.mjs';
import { firstScreen } from './bench-api/groups/first-screen.mjs';
import { mixed } from './bench-api/groups/mixed.mjs';
import { projectsScale } from './bench-api/groups/projects-scale.mjs';
import { risks } from './bench-api/groups/risks.mjs';
import { testing } from './bench-api/groups/testing.mjs';
import { createRecorder, printTable } from './bench-api/measure.mjs';
import { assertUnused, freePort, startBare, startServer, stop, stopAll } from './bench-api/processes.mjs';
import { seedOrganization, signIn } from './bench-api/seed.mjs';

// first-screen comes first: admin@demo.local becomes the Owner of every project the core group creates, and the
// current user's answer lists the projects where one holds a role, so later its bytes would depend on that run.
// applicability and risks come after export: the demo project's report would otherwise hold 10,000 risks; mixed
// before risks and evidence, so that its people read the demo project's lists at their seeded size.
const GROUPS = [firstScreen, core, compliance, exportGroup, applicability, mixed, risks, evidence, assetCards, testing, projectsScale];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const number = (name, fallback) => Number(process.env[name] ?? fallback);
const options = {
  databaseUrl: process.env.BENCH_DATABASE_URL,
  seconds: number('BENCH_SECONDS', 5),
  connections: number('BENCH_CONNECTIONS', 50),
  projectsWanted: number('BENCH_PROJECTS', 100),
  usersWanted: number('BENCH_USERS', 1000),
  reviewIterations: number('BENCH_REVIEW_ITERATIONS', 100),
  statusWrites: number('BENCH_STATUS_WRITES', 2000),
  exportComments: number('BENCH_EXPORT_COMMENTS', 250),
  exports: number('BENCH_EXPORTS', 2),
  projectLevels: (process.env.BENCH_PROJECT_LEVELS ?? '10000').split(',').map(Number),
  acceptEncoding: process.env.BENCH_ACCEPT_ENCODING,
  only: process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined,
  nodeArgs: process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ').filter(Boolean) : [],
  runId: Date.now().toString(36),
};
const profileDir = options.nodeArgs.find((arg) => arg.startsWith('--cpu-prof-dir='))?.slice('--cpu-prof-dir='.length);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aegis-bench-api-'));

async function cleanup() {
  await stopAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    cleanup().finally(() => process.exit(130));
  });
}

const loadAverage = () => os.loadavg()[0].toFixed(1);

async function main() {
  const started = performance.now();
  const loadAtStart = loadAverage();
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });

  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  await assertUnused(port);
  const barePort = await freePort();
  const publicUrl = `http://localhost:${port}`;
  const env = {
    ...process.env,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl, SEED_DEMO: 'true' } : {}),
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AUTH_DUMMY_ENABLED: 'true',
    AUTH_RATE_LIMIT_MAX: '100000000',
  };
  await startBare(root, barePort);
  let server = (await startServer(root, { port, env, nodeArgs: options.nodeArgs })).child;
  console.log(`server on port ${port}, bare Fastify on ${barePort} (${options.databaseUrl ? 'PostgreSQL' : 'PGlite'})`);

  const client = apiClient(`http://127.0.0.1:${port}`);
  const recorder = createRecorder(options);
  const failures = [];
  const ctx = {
    root,
    dataDir,
    publicUrl,
    options,
    client,
    recorder,
    ...(await signIn(client)),
    fail: (message) => {
      failures.push(message);
      console.error(`  ${message}`);
    },
    /** The server process's id (its memory is read from /proc). */
    serverPid: () => server.pid,
    /**
     * Stops the server, runs `between` (the embedded database may be opened then), starts it again — with `moreEnv`
     * over the run's environment until the next restart, e.g. S3_* — and resolves to its start time in ms.
     */
    async restartServer(between, moreEnv = {}) {
      await stop(server);
      await between();
      const restarted = await startServer(root, { port, env: { ...env, ...moreEnv }, nodeArgs: options.nodeArgs });
      server = restarted.child;
      Object.assign(ctx.tokens, (await signIn(client)).tokens);
      return restarted.readyMs;
    },
  };
  const { projects, members } = await seedOrganization(root, client, ctx, options);

  console.log(`\nmeasuring: ${options.connections} connections, ${options.seconds} s each`);
  const [ceiling] = await recorder.measureTogether(['bare Fastify GET /hello (ceiling)'], async () => [await recorder.cannon({ url: `http://127.0.0.1:${barePort}/hello` })]);
  for (const group of GROUPS) {
    if (!group.labels(ctx).some((label) => recorder.selects(group.name, label))) continue;
    recorder.section(group.name, group.title(ctx));
    await group.run(ctx);
  }

  const database = options.databaseUrl ? 'PostgreSQL' : 'PGlite';
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  // The load generator shares the machine with the server; whatever else runs there shows in the load average.
  console.log(
    `\nbench:api on ${database} — ${projects} projects, ${members} members, ${options.connections} connections, ${options.seconds} s ` +
      `(${new Date().toISOString().slice(0, 10)}, ${minutes} min, ${os.cpus().length} cores, load average ${loadAtStart} at the start, ${loadAverage()} at the end)\n`,
  );
  // Timeouts: no answer within autocannon's 10 s (the request waited behind the others), not an error answer.
  printTable(recorder.rows, ceiling.rps);
  if (recorder.notes.length) console.log(`\n${recorder.notes.map((note) => `- ${note}`).join('\n')}`);
  if (profileDir) {
    await stop(server);
    console.log(`\noperations' time windows: ${recorder.writeWindows(profileDir)}`);
  }
  if (failures.length) throw new Error(failures.join('; '));
}

try {
  await main();
} catch (error) {
  process.exitCode = 1;
  console.error(error);
} finally {
  await cleanup();
}
