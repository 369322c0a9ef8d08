// `npm run bench`: the numbers recorded in docs/benchmarks.md.
//  1. cold start of `npm start` on an existing data directory, until /api/health answers 200;
//  2. requests per second of an authenticated GET /api/users/me under autocannon.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = 3290;
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aegis-bench-'));
// BENCH_DATABASE_URL runs the same measurements on PostgreSQL (a scratch database: it gets the demo seed).
const databaseEnv = process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL, SEED_DEMO: 'true' } : {};
const env = { ...process.env, ...databaseEnv, PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, DATA_DIR: dataDir, LOG_LEVEL: 'warn', AUTH_DUMMY_ENABLED: 'true', AUTH_RATE_LIMIT_MAX: '100000' };
const runs = Number(process.env.BENCH_RUNS ?? 5);

execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });

async function waitHealthy(started, child) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.status === 200) return performance.now() - started;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

function startServer() {
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  return { child, ready: waitHealthy(started, child) };
}

async function stop(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  await exited;
}

// First start creates the data directory, migrates and seeds; it is not counted.
const first = startServer();
console.log(`first start (migrate + seed): ${Math.round(await first.ready)} ms`);
await stop(first.child);

const times = [];
for (let i = 0; i < runs; i++) {
  const run = startServer();
  times.push(await run.ready);
  if (i < runs - 1) await stop(run.child);
  else {
    const { access_token: token } = await (await fetch(`${base}/api/auth/dummy?x=admin@demo.local`)).json();
    const result = await autocannon({
      url: `${base}/api/users/me`,
      headers: { authorization: `Bearer ${token}` },
      connections: 10,
      duration: Number(process.env.BENCH_SECONDS ?? 10),
    });
    console.log(`GET /api/users/me: ${Math.round(result.requests.average)} req/s average, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx, ${result.errors} errors`);
    await stop(run.child);
  }
}
times.sort((a, b) => a - b);
console.log(`cold start on existing data (${runs} runs): median ${Math.round(times[Math.floor(times.length / 2)])} ms, min ${Math.round(times[0])} ms, max ${Math.round(times.at(-1))} ms`);
fs.rmSync(dataDir, { recursive: true, force: true });
