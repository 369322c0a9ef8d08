// `npm run bench:api`: the main reads and writes of the API against a bare Fastify server, in one run
// (issue 18). It starts the product on PGlite — or on PostgreSQL when BENCH_DATABASE_URL is set (a scratch
// database: it gets the demo seed) —, seeds a large organization through the API (BENCH_PROJECTS projects,
// the demo project "Credit Scoring Model" with the three AI frameworks, BENCH_USERS members), starts a bare
// Fastify server answering a small JSON as the ceiling, then measures every operation with the same
// connections (BENCH_CONNECTIONS) and duration (BENCH_SECONDS). Requesting and deciding a review run as a
// sequential loop of BENCH_REVIEW_ITERATIONS (one connection). Prints req/s, p50, p99, non-2xx and the
// ratio to the bare server.
import { execFileSync, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = 3296;
const barePort = 3297;
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aegis-bench-api-'));
const databaseUrl = process.env.BENCH_DATABASE_URL;
const env = {
  ...process.env,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl, SEED_DEMO: 'true' } : {}),
  PORT: String(port),
  PUBLIC_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  AUTH_DUMMY_ENABLED: 'true',
  AUTH_RATE_LIMIT_MAX: '100000000',
};
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const projectsWanted = Number(process.env.BENCH_PROJECTS ?? 100);
const usersWanted = Number(process.env.BENCH_USERS ?? 1000);
const reviewIterations = Number(process.env.BENCH_REVIEW_ITERATIONS ?? 100);
const batch = 20;
// BENCH_ONLY, a regular expression, measures only the operations whose label matches (the ceiling always runs);
// BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server under the benchmark.
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
const nodeArgs = process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [];
const measured = (label) => !only || only.test(label);
const runId = Date.now().toString(36);

const children = [];
/** Stops a child started detached (its whole process group) and waits for it. */
async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }, 10_000);
  await exited;
  clearTimeout(timer);
}
async function cleanup() {
  await Promise.all(children.map(stop));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    cleanup().finally(() => process.exit(130));
  });
}

function startDetached(command, args, childEnv) {
  const child = spawn(command, args, { cwd: root, env: childEnv, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  children.push(child);
  return child;
}

async function waitFor(url, child) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

// The ceiling: a bare Fastify (the one apps/api depends on) answering a small JSON at one route.
const bareSource = `
import { createRequire } from 'node:module';
const require = createRequire(${JSON.stringify(path.join(root, 'apps/api/package.json'))});
const Fastify = require('fastify');
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: ${barePort}, host: '127.0.0.1' });
`;

async function inBatches(items, work) {
  for (let i = 0; i < items.length; i += batch) await Promise.all(items.slice(i, i + batch).map(work));
}

const rows = [];
function row(operation, { rps, p50, p99, non2xx, timeouts = 0 }) {
  rows.push({ operation, rps, p50, p99, non2xx, timeouts });
  console.log(`  ${operation}: ${Math.round(rps)} req/s, p50 ${p50} ms, p99 ${p99} ms, ${non2xx} non-2xx, ${timeouts} timeouts`);
}

async function cannon(options) {
  const result = await autocannon({ connections, duration: seconds, ...options });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx + result.errors - result.timeouts, timeouts: result.timeouts };
}

async function main() {
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });

  const bare = startDetached(process.execPath, ['--input-type=module', '-e', bareSource], process.env);
  const server = startDetached(process.execPath, [...nodeArgs, path.join(root, 'apps/api/dist/server.js')], env);
  await waitFor(`http://127.0.0.1:${barePort}/hello`, bare);
  await waitFor(`${base}/api/health`, server);

  const token = async (email) => {
    const response = await fetch(`${base}/api/auth/dummy?x=${email}`);
    if (!response.ok) throw new Error(`token for ${email}: ${response.status} ${await response.text()}`);
    return (await response.json()).access_token;
  };
  const admin = await token('admin@demo.local');
  const editor = await token('editor@demo.local');
  const reviewer = await token('reviewer@demo.local');
  const call = async (method, url, body, bearer = admin) => {
    const response = await fetch(`${base}${url}`, { method, headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${(await response.text()).slice(0, 500)}`);
    return response.json();
  };

  const me = await call('GET', '/api/users/me');
  const organizationId = me.organization.id;
  const reviewerId = (await call('GET', '/api/users/me', undefined, reviewer)).id;
  await call('PATCH', `/api/organizations/${organizationId}`, { plan_quota: { projects: null } }, await token('internal@demo.local'));
  const demoProject = (await call('GET', `/api/organizations/${organizationId}/projects?name=Credit%20Scoring`)).items[0].id;
  // The demo seed applies the three AI frameworks to it (EU_AI_ACT, ISO_IEC_42001, NIST_AI_RMF); the reads below measure them.

  // Seed: projects, then members (users_force creates a member directly when the organization has the person alone).
  let started = performance.now();
  const projectCount = (await call('GET', `/api/organizations/${organizationId}/projects?size=1`)).total;
  const newProjects = Array.from({ length: Math.max(0, projectsWanted - projectCount) }, (_, i) => i);
  await inBatches(newProjects, (i) => call('POST', '/api/projects', { name: `Bench API ${runId} ${i}`, project_type: 'ai_application' }));
  const memberCount = (await call('GET', `/api/organizations/${organizationId}/users?size=1`)).total;
  const newUsers = Array.from({ length: Math.max(0, usersWanted - memberCount) }, (_, i) => i);
  await inBatches(newUsers, (i) => call('POST', `/api/organizations/${organizationId}/users_force`, { email: `bench-${runId}-${i}@bench.local`, firstname: 'Bench', lastname: `User ${i}`, role: 'member' }));
  const projects = (await call('GET', `/api/organizations/${organizationId}/projects?size=1`)).total;
  const members = (await call('GET', `/api/organizations/${organizationId}/users?size=1`)).total;
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s: ${projects} projects, ${members} members (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`);
  // PostgreSQL's autovacuum analyzes the grown tables within a minute or so; measure that steady state
  // rather than the planner's guesses of the moment after seeding (the embedded database has its job).
  if (databaseUrl) {
    const pg = createRequire(path.join(root, 'apps/api/package.json'))('pg');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query('analyze');
    await client.end();
  }

  // The demo project's controls that a person may move by hand between ready and in_progress.
  const controls = [];
  for (let page = 1; ; page++) {
    const result = await call('GET', `/api/projects/${demoProject}/controls?size=100&page=${page}`);
    controls.push(...result.items.filter((c) => c.status === 'ready' || c.status === 'in_progress'));
    if (page >= result.pages) break;
  }
  if (controls.length < 2) throw new Error('too few controls in ready or in_progress in the demo project');
  // Keep some for the review loop; the rest take the status updates.
  const reviewControls = controls.splice(0, Math.min(5, Math.floor(controls.length / 4) || 1));
  console.log(`${controls.length} controls for status updates, ${reviewControls.length} for reviews`);

  console.log(`\nmeasuring: ${connections} connections, ${seconds} s each`);
  const ceiling = await cannon({ url: `http://127.0.0.1:${barePort}/hello` });
  row('bare Fastify GET /hello (ceiling)', ceiling);

  const p = `/api/projects/${demoProject}`;
  const reads = [
    ['GET /api/users/me', '/api/users/me', admin],
    ['GET /api/auth/token/status', '/api/auth/token/status', admin],
    ['GET projects list', `/api/organizations/${organizationId}/projects`, admin],
    ['GET …/frameworks', `${p}/frameworks`, admin],
    ['GET …/requirements', `${p}/requirements`, admin],
    ['GET …/controls, no filter', `${p}/controls`, admin],
    ['GET …/controls, framework + status', `${p}/controls?framework=EU_AI_ACT&status=ready,in_progress`, admin],
    ['GET …/controls, name filter', `${p}/controls?name=risk`, admin],
    ['GET …/controls, assigned to me (editor)', `${p}/controls?is_assigned_to_me=true`, editor],
    ['GET /api/users/me/reviews (reviewer)', '/api/users/me/reviews', reviewer],
    ['GET /api/notifications', '/api/notifications', admin],
    ['GET …/dashboard', `${p}/dashboard`, admin],
  ];
  for (const [label, url, bearer] of reads.filter(([label]) => measured(label))) row(label, await cannon({ url: `${base}${url}`, headers: { authorization: `Bearer ${bearer}` } }));

  const jsonHeaders = { authorization: `Bearer ${admin}`, 'content-type': 'application/json' };
  let created = 0;
  if (measured('POST /api/projects')) row(
    'POST /api/projects',
    await cannon({
      url: base,
      requests: [{ method: 'POST', path: '/api/projects', headers: jsonHeaders, setupRequest: (request) => ({ ...request, body: JSON.stringify({ name: `Bench API create ${runId} ${created++}`, project_type: 'ai_application' }) }) }],
    }),
  );

  // Status updates: round robin over the controls, each flipping between ready and in_progress.
  const statusOf = new Map(controls.map((c) => [c.control_code, c.status]));
  let next = 0;
  const statusUpdate = (request) => {
    const control = controls[next++ % controls.length];
    const status = statusOf.get(control.control_code) === 'ready' ? 'in_progress' : 'ready';
    statusOf.set(control.control_code, status);
    return { ...request, path: `${p}/controls/${encodeURIComponent(control.control_code)}`, body: JSON.stringify({ status }) };
  };
  if (measured('PATCH …/controls/:code (status)')) row(
    'PATCH …/controls/:code (status)',
    await cannon({ url: base, requests: [{ method: 'PATCH', headers: jsonHeaders, setupRequest: statusUpdate }] }),
  );

  // The same at 10 concurrent writers (issue 18, item 3: p99 under 50 ms on PostgreSQL, 0 errors), for a fixed
  // number of writes (BENCH_STATUS_WRITES) so that every answer is read; then the project's log, read through the
  // API, must hold exactly one new entry per status change the answers report (`status_change`): none lost, none
  // extra. A write that found its status already set (its answer says so) changes nothing and writes no entry.
  const writers = 10;
  const writes = Number(process.env.BENCH_STATUS_WRITES ?? 2000);
  const statusLabel = `PATCH …/controls/:code (status), ${writers} writers`;
  let entriesMismatch = false;
  if (measured(statusLabel)) {
    const logTotal = async () => (await call('GET', `${p}/logs/${demoProject}?size=1`)).total;
    // The statuses as they are (the run above may have left some writes unanswered).
    for (let page = 1; ; page++) {
      const result = await call('GET', `${p}/controls?size=100&page=${page}`);
      for (const c of result.items) if (statusOf.has(c.control_code)) statusOf.set(c.control_code, c.status);
      if (page >= result.pages) break;
    }
    const before = await logTotal();
    let changed = 0;
    let answered = 0;
    const result = await cannon({
      url: base,
      connections: writers,
      amount: writes,
      requests: [
        {
          method: 'PATCH',
          headers: jsonHeaders,
          setupRequest: statusUpdate,
          onResponse: (status, body) => {
            if (status !== 200) return;
            answered++;
            if (JSON.parse(body).status_change) changed++;
          },
        },
      ],
    });
    row(statusLabel, result);
    const found = (await logTotal()) - before;
    console.log(`  activity entries: expected ${changed}, found ${found} (${writes} writes, ${answered} answered 200, ${changed} changed a status)`);
    entriesMismatch = found !== changed;
    if (entriesMismatch) console.error(`  activity entries: ${found < changed ? `${changed - found} missing` : `${found - changed} more than the changes`}`);
  }

  // Reviews: admin requests (reviewer named), the reviewer rejects (back to in_progress), again.
  const requestTimes = [];
  const decideTimes = [];
  let requestFailures = 0;
  let decideFailures = 0;
  const timed = async (times, method, url, body, bearer) => {
    const t = performance.now();
    const response = await fetch(`${base}${url}`, { method, headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await response.arrayBuffer();
    times.push(performance.now() - t);
    return response.ok;
  };
  for (let i = 0; measured('reviews/control') && i < reviewIterations; i++) {
    const control = reviewControls[i % reviewControls.length];
    const url = `${p}/reviews/control/${control.id}`;
    if (!(await timed(requestTimes, 'POST', url, { reviewers: [reviewerId], message: 'bench' }, admin))) requestFailures++;
    if (!(await timed(decideTimes, 'PATCH', `${url}/decision`, { decision: 'rejected', comment: 'bench' }, reviewer))) decideFailures++;
  }
  const summary = (times, failures) => {
    const sorted = [...times].sort((a, b) => a - b);
    const at = (q) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
    return { rps: (1000 * times.length) / times.reduce((a, b) => a + b, 0), p50: at(0.5), p99: at(0.99), non2xx: failures };
  };
  if (requestTimes.length) {
    row(`POST …/reviews/control/:id (request; sequential ×${reviewIterations})`, summary(requestTimes, requestFailures));
    row(`PATCH …/reviews/control/:id/decision (sequential ×${reviewIterations})`, summary(decideTimes, decideFailures));
  }

  const ceilingRps = ceiling.rps;
  console.log(`\nbench:api on ${databaseUrl ? 'PostgreSQL' : 'PGlite'} — ${projects} projects, ${members} members, ${connections} connections, ${seconds} s (${new Date().toISOString().slice(0, 10)})\n`);
  // Timeouts: no answer within autocannon's 10 s (the request waited behind the others), not an error answer.
  console.log('| operation | req/s | p50 ms | p99 ms | non-2xx | timeouts | % of bare |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.operation} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.timeouts} | ${((100 * r.rps) / ceilingRps).toFixed(2)} % |`);
  if (entriesMismatch) throw new Error(`${statusLabel}: the activity entries do not match the status changes (see above)`);
}

try {
  await main();
} catch (error) {
  process.exitCode = 1;
  console.error(error);
} finally {
  await cleanup();
}
