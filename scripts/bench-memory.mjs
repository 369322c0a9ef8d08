// `npm run bench:memory`: the resident memory (RSS) of one instance on the embedded database, as recorded
// in docs/benchmarks.md ("Idle memory"): idle after a first start (demo data seeded), under load (the
// main lists, the EU AI Act framework read, a PDF export) and idle again a minute after the load.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from './bench-api/processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// BENCH_PORT sets the port (use 3400-3499); by default the operating system picks a free one.
const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aegis-bench-memory-'));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const settle = Number(process.env.BENCH_SETTLE_SECONDS ?? 60);
const env = { ...process.env, PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, DATA_DIR: dataDir, LOG_LEVEL: 'warn', AUTH_DUMMY_ENABLED: 'true', AUTH_RATE_LIMIT_MAX: '1000000' };
delete env.DATABASE_URL;

execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
// The server runs inside scripts/start.mjs's process, so this child's pid is the server's.
const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
const stop = () => child.exitCode === null && child.kill('SIGTERM');
process.on('exit', stop);

const rssMb = () => {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)[1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

for (;;) {
  if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
  try {
    if ((await fetch(`${base}/api/health`)).status === 200) break;
  } catch {
    /* not listening yet */
  }
  await sleep(100);
}
const rows = [];
const record = (moment) => {
  const { rss, peak } = rssMb();
  rows.push({ moment, rss, peak });
  console.log(`${moment.padEnd(52)} RSS ${rss.toFixed(0).padStart(4)} MB   peak ${peak.toFixed(0).padStart(4)} MB`);
};
await sleep(settle * 1000);
record(`idle, ${settle} s after a first start`);

const token = async (email) => (await (await fetch(`${base}/api/auth/dummy?x=${email}`)).json()).access_token;
const admin = await token('admin@demo.local');
const get = async (url) => (await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${admin}` } })).json();
const me = await get('/api/users/me');
const project = (await get(`/api/organizations/${me.organization.id}/projects?name=Credit%20Scoring`)).items[0].id;
const urls = [
  '/api/users/me',
  `/api/organizations/${me.organization.id}/projects`,
  `/api/projects/${project}/requirements`,
  `/api/projects/${project}/controls`,
  `/api/projects/${project}/controls?framework=EU_AI_ACT&status=ready,in_progress`,
  `/api/organizations/${me.organization.id}/frameworks/EU_AI_ACT`,
];
for (const url of urls) {
  await autocannon({ url: `${base}${url}`, connections: 10, duration: seconds, headers: { authorization: `Bearer ${admin}` } });
}
if (!process.env.BENCH_NO_EXPORT) await (await fetch(`${base}/api/projects/${project}/export`, { headers: { authorization: `Bearer ${admin}` } })).arrayBuffer();

record(`right after load (${urls.length} reads × ${seconds} s, an export)`);
await sleep(settle * 1000);
record(`idle again, ${settle} s later`);
const exited = new Promise((resolve) => child.once('exit', resolve));
stop();
await exited;
fs.rmSync(dataDir, { recursive: true, force: true });
