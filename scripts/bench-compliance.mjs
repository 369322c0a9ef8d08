// `npm run bench:compliance`: the frameworks and controls numbers in docs/benchmarks.md.
//  1. the time to apply the three AI frameworks (EU AI Act, ISO/IEC 42001, NIST AI RMF) to a project,
//     through POST /api/v1/projects/{id}/frameworks — median of BENCH_APPLY_RUNS new projects;
//  2. GET …/frameworks, …/requirements, …/controls (first page, with and without filters) and the
//     reviews lists (the project's, and what awaits the reviewer) under
//     autocannon, for the demo project alone and again with 100 such projects in the organization.
// BENCH_DATABASE_URL runs it on PostgreSQL (a scratch database: it gets the demo seed).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = 3293;
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aegis-bench-compliance-'));
const databaseUrl = process.env.BENCH_DATABASE_URL;
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
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const projectsWanted = Number(process.env.BENCH_PROJECTS ?? 100);
const applyRuns = Number(process.env.BENCH_APPLY_RUNS ?? 5);
const FRAMEWORKS = ['EU_AI_ACT', 'ISO_IEC_42001', 'NIST_AI_RMF'];

execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });

const child = spawn('npm', ['start', '--silent'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
for (;;) {
  if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
  try {
    if ((await fetch(`${base}/api/health`)).status === 200) break;
  } catch {
    /* not listening yet */
  }
  await new Promise((r) => setTimeout(r, 50));
}

const token = async (email) => (await (await fetch(`${base}/api/auth/dummy?x=${email}`)).json()).access_token;
const admin = await token('admin@demo.local');
const editor = await token('editor@demo.local');
const reviewer = await token('reviewer@demo.local');
const call = async (method, url, body, bearer = admin) => {
  const response = await fetch(`${base}${url}`, { method, headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
};
const me = await call('GET', '/api/users/me');
const organizationId = me.organization.id;
await call('PATCH', `/api/organizations/${organizationId}`, { plan_quota: { projects: null } }, await token('internal@demo.local'));
const demoProject = (await call('GET', `/api/organizations/${organizationId}/projects?name=Credit%20Scoring`)).items[0].id;

async function measure(label, url, bearer = admin) {
  const result = await autocannon({ url: `${base}${url}`, headers: { authorization: `Bearer ${bearer}` }, connections: 10, duration: seconds });
  if (result.non2xx || result.errors) throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  console.log(`  ${label}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
}

async function measureAll(heading) {
  console.log(`\n${heading} (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`);
  const p = `/api/projects/${demoProject}`;
  await measure('GET …/frameworks', `${p}/frameworks`);
  await measure('GET …/requirements, first page', `${p}/requirements`);
  await measure('GET …/controls, first page, no filter', `${p}/controls`);
  await measure('GET …/controls, framework + status filters', `${p}/controls?framework=EU_AI_ACT&status=ready,in_progress`);
  await measure('GET …/controls, name filter', `${p}/controls?name=risk`);
  await measure('GET …/controls, assigned to me (editor)', `${p}/controls?is_assigned_to_me=true`, editor);
  await measure("GET …/reviews/control, the project's reviews", `${p}/reviews/control`, reviewer);
  await measure('GET /api/users/me/reviews (reviewer)', '/api/users/me/reviews', reviewer);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const applyTimes = [];
for (let i = 0; i < applyRuns; i++) {
  const project = await call('POST', '/api/projects', { name: `Apply timing ${i}`, project_type: 'ai_application' });
  const started = performance.now();
  await call('POST', `/api/v1/projects/${project.id}/frameworks`, FRAMEWORKS);
  applyTimes.push(performance.now() - started);
}
console.log(`apply the three AI frameworks to a project: median ${Math.round(median(applyTimes))} ms (min ${Math.round(Math.min(...applyTimes))}, max ${Math.round(Math.max(...applyTimes))}, ${applyRuns} projects)`);

await measureAll('One project with the three frameworks');
for (let i = applyRuns; i < projectsWanted; i++) await call('POST', '/api/projects', { name: `Bench compliance ${i}`, project_type: 'ai_application', frameworks: FRAMEWORKS });
const count = (await call('GET', `/api/organizations/${organizationId}/projects?size=1`)).total;
await measureAll(`${count} projects with the three frameworks in the organization`);

const exited = new Promise((resolve) => child.once('exit', resolve));
process.kill(-child.pid, 'SIGTERM');
await exited;
fs.rmSync(dataDir, { recursive: true, force: true });
