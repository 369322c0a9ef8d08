// `npm run bench:cold-start`: how long `npm start` takes to answer, which is not a request measurement (those are
// in `npm run bench:api`). It builds if needed, starts `npm start` once on an empty data directory (migrations and
// the demo seed; timed, not counted), then BENCH_RUNS times (default 5) on the existing data, timing from spawning
// `npm start` to the first 200 from /api/health. BENCH_DATABASE_URL runs it on PostgreSQL (a scratch database: it
// gets the demo seed); BENCH_PORT sets the port (use 3400-3499; by default a free one).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertUnused, freePort, startDetached, stop, stopAll, waitFor } from './bench-api/processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aegis-bench-cold-start-'));

try {
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  await assertUnused(port);
  const databaseEnv = process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL, SEED_DEMO: 'true' } : {};
  const env = { ...process.env, ...databaseEnv, PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  /** Starts `npm start`, resolves to the ms until /api/health answers 200, and stops it. */
  const timedStart = async () => {
    const child = startDetached(root, 'npm', ['start', '--silent'], env);
    const ms = await waitFor(`http://127.0.0.1:${port}/api/health`, child);
    await stop(child);
    return ms;
  };

  console.log(`first start (migrate + seed): ${Math.round(await timedStart())} ms`);
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await timedStart());
  times.sort((a, b) => a - b);
  console.log(`cold start on existing data (${runs} runs): median ${Math.round(times[Math.floor(times.length / 2)])} ms, min ${Math.round(times[0])} ms, max ${Math.round(times.at(-1))} ms`);
} catch (error) {
  process.exitCode = 1;
  console.error(error);
} finally {
  await stopAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
