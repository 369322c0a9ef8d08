// `npm run bench:export`: how one project export affects everybody else (the numbers in docs/benchmarks.md).
// Starts the built server on a temporary data directory, has reviewer@demo.local post 250 comments of 5,000
// characters on the demo project (the security finding's reproduction), then measures GET /api/health,
// polled one request after another, first on an idle server and then while exports run: one export alone,
// then several at once by different users (each user may export a few times a minute).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 3292);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aegis-bench-export-'));
const databaseUrl = process.env.BENCH_DATABASE_URL;
const comments = Number(process.env.BENCH_COMMENTS ?? 250);
const concurrentUsers = ['editor', 'reviewer', 'auditor', 'admin'].map((name) => `${name}@demo.local`);
const env = {
  ...process.env,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl, SEED_DEMO: 'true' } : {}),
  PORT: String(port),
  PUBLIC_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  AUTH_DUMMY_ENABLED: 'true',
  AUTH_RATE_LIMIT_MAX: '1000000',
};

execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });

const server = spawn('npm', ['start', '--silent'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
for (;;) {
  if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
  try {
    if ((await fetch(`${base}/api/health`)).status === 200) break;
  } catch {
    /* not listening yet */
  }
  await sleep(50);
}

async function call(token, method, url, body) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response;
}
const token = async (email) => (await (await fetch(`${base}/api/auth/dummy?x=${email}`)).json()).access_token;

const owner = await token('owner@demo.local');
const me = await (await call(owner, 'GET', '/api/users/me')).json();
const project = { id: me.project_roles.find((held) => held.role === 'owner').project_id };
const reviewer = await token('reviewer@demo.local');
const text = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore. ';
for (let n = 0; n < comments; n += 1) {
  const body = `Comment ${n + 1}: ${text.repeat(60)}`.slice(0, 5000);
  await call(reviewer, 'POST', `/api/projects/${project.id}/comments/project/${project.id}`, { body });
}

/** Polls /api/health back to back until `until` settles; returns every latency in ms. */
async function pollHealth(until) {
  let done = false;
  until.finally(() => (done = true));
  const latencies = [];
  while (!done) {
    const started = performance.now();
    await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
    latencies.push(performance.now() - started);
    await sleep(5);
  }
  return latencies;
}

async function exportAs(email) {
  const bearer = await token(email);
  const started = performance.now();
  const pdf = await (await call(bearer, 'GET', `/api/projects/${project.id}/export`)).arrayBuffer();
  return { ms: performance.now() - started, bytes: pdf.byteLength };
}

const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];
const ms = (value) => `${Math.round(value).toLocaleString('en')} ms`;
const summary = (latencies) =>
  `${latencies.length} requests, p50 ${ms(quantile(latencies, 0.5))}, p99 ${ms(quantile(latencies, 0.99))}, max ${ms(Math.max(...latencies))}`;

console.log(`\nProject with ${comments} comments of 5,000 characters, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`);
console.log(`  /api/health, idle server (2 s): ${summary(await pollHealth(sleep(2000)))}`);

const alone = exportAs('owner@demo.local');
const aloneHealth = await pollHealth(alone);
const single = await alone;
console.log(`  one export: ${ms(single.ms)} (${Math.round(single.bytes / 1024)} KiB)`);
console.log(`  /api/health during it: ${summary(aloneHealth)}`);

const together = Promise.all(concurrentUsers.map(exportAs));
const togetherHealth = await pollHealth(together);
const times = (await together).map((result) => result.ms);
console.log(`  ${concurrentUsers.length} exports at once (one per user): slowest ${ms(Math.max(...times))}, fastest ${ms(Math.min(...times))}`);
console.log(`  /api/health during them: ${summary(togetherHealth)}`);

const exited = new Promise((resolve) => server.once('exit', resolve));
process.kill(-server.pid, 'SIGTERM');
await exited;
fs.rmSync(dataDir, { recursive: true, force: true });
