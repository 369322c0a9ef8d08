// `npm run bench:availability`: does one heavy request stall the others? (issue 17, docs/benchmarks.md)
// /api/health is hammered with autocannon (BENCH_CONNECTIONS, default 10) while
//   1. the largest template the limits allow (docs/framework-templates.md, "Limits") is uploaded and
//      applied to a new project, and
//   2. that framework, the largest there can be, is read BENCH_READS times;
//   3. four read-only members (reviewer and auditor, two sessions each) search the text of 150 text files of
//      1 MB each (`GET …/evidence?name=…&size=100`, issue 29) for BENCH_SEARCH_SECONDS (default 20);
// and its p50 / p99 / max latency is printed for each phase, next to a quiet baseline. Goal: p99 < 50 ms.
// BENCH_DATABASE_URL runs it on PostgreSQL (a scratch database: it gets the demo seed); BENCH_ONLY=search
// runs the baseline and the search phase alone.
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
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aegis-bench-availability-'));
const databaseUrl = process.env.BENCH_DATABASE_URL;
const reads = Number(process.env.BENCH_READS ?? 5);
const searchSeconds = Number(process.env.BENCH_SEARCH_SECONDS ?? 20);
const only = process.env.BENCH_ONLY;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
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

// The API alone is enough here (no web assets are requested).
execFileSync(process.execPath, [path.join(root, 'apps/api/build.mjs')], { cwd: path.join(root, 'apps/api'), stdio: 'inherit' });
// The limits, read from the contracts source so the bench follows them.
const limitsSource = fs.readFileSync(path.join(root, 'packages/contracts/src/framework-template.ts'), 'utf8');
const limit = (name) => Function(`return (${limitsSource.match(new RegExp(`export const ${name} = ([^;]+);`))[1].replaceAll('_', '')})`)();
const [MAX_FRAMEWORK_TEMPLATE_BYTES, MAX_REQUIREMENTS, MAX_TEMPLATE_MAPPINGS] = ['MAX_FRAMEWORK_TEMPLATE_BYTES', 'MAX_REQUIREMENTS', 'MAX_TEMPLATE_MAPPINGS'].map(limit);

// Another server on the port would be measured instead of ours.
if (await fetch(`${base}/api/health`).then(() => true, () => false)) throw new Error(`port ${port} is in use: set BENCH_PORT`);
// BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server under the benchmark.
const nodeArgs = process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [];
const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/api/dist/server.js')], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
const startedAt = performance.now();
for (;;) {
  if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
  try {
    if ((await fetch(`${base}/api/health`)).status === 200) break;
  } catch {
    /* not listening yet */
  }
  await new Promise((r) => setTimeout(r, 100));
}
console.log(`server ready in ${Math.round(performance.now() - startedAt)} ms (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`);

const token = (await (await fetch(`${base}/api/auth/dummy?x=admin@demo.local`)).json()).access_token;
const headers = { authorization: `Bearer ${token}` };
async function call(method, url, body) {
  const response = await fetch(`${base}${url}`, { method, headers: { ...headers, ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) }, body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${(await response.text()).slice(0, 500)}`);
  return response;
}
const organizationId = (await (await call('GET', '/api/users/me')).json()).organization.id;
const mff1 = await (await call('GET', `/api/organizations/${organizationId}/frameworks/MFF-1`)).json();
const codes = mff1.controls.map((c) => c.control_code);

/** The largest template within every limit: MAX_REQUIREMENTS requirements, MAX_TEMPLATE_MAPPINGS mappings, close to MAX_FRAMEWORK_TEMPLATE_BYTES. */
function largestTemplate() {
  const sections = MAX_REQUIREMENTS / 5;
  const perLeaf = Math.floor((MAX_TEMPLATE_MAPPINGS - sections) / (sections * 4));
  const summaryLength = Math.floor((MAX_FRAMEWORK_TEMPLATE_BYTES * 0.97 - MAX_TEMPLATE_MAPPINGS * 18 - MAX_REQUIREMENTS * 80) / MAX_REQUIREMENTS);
  const summary = 'The organization keeps this requirement under review and records how it is met. '.repeat(8).slice(0, Math.max(0, summaryLength));
  const pick = (i, n) => Array.from({ length: n }, (_, k) => codes[(i * 7 + k) % codes.length]);
  const requirements = Array.from({ length: sections }, (_, s) => ({
    code: `S${s}`,
    title: `Section ${s}`,
    summary,
    controls: pick(s, 1),
    children: Array.from({ length: 4 }, (_, c) => ({ code: `S${s}.${c}`, title: `Requirement ${s}.${c}`, summary, controls: pick(s * 4 + c, perLeaf) })),
  }));
  return { framework_code: 'BENCH_LARGEST', name: 'Largest allowed template', version: '1', requirements };
}
const template = JSON.stringify(largestTemplate());
const mappings = (template.match(/MFF-1\./g) ?? []).length;
console.log(`template: ${template.length} bytes (limit ${MAX_FRAMEWORK_TEMPLATE_BYTES}), ${MAX_REQUIREMENTS} requirements, ${mappings} mappings (limit ${MAX_TEMPLATE_MAPPINGS})`);

/** Runs `work` while autocannon hammers /api/health; prints health latency and how long the work took. */
async function underLoad(label, work) {
  let stop;
  const result = new Promise((resolve, reject) => {
    const instance = autocannon({ url: `${base}/api/health`, connections, duration: 600 }, (error, r) => (error ? reject(error) : resolve(r)));
    stop = () => instance.stop();
  });
  await new Promise((r) => setTimeout(r, 1000));
  const started = performance.now();
  const note = await work();
  const took = Math.round(performance.now() - started);
  await new Promise((r) => setTimeout(r, 1000));
  stop();
  const r = await result;
  console.log(`${label}: ${note ?? ''}${took} ms; /api/health meanwhile: ${r.requests.total} requests, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms, ${r.non2xx} non-2xx, ${r.errors} errors`);
}

await underLoad('quiet baseline (5 s)', async () => {
  await new Promise((r) => setTimeout(r, 5000));
});
if (only !== 'search') await templatePhases();
await searchPhase();

async function templatePhases() {
  await underLoad('upload the largest template', async () => {
    const form = new FormData();
    form.append('file', new Blob([template], { type: 'application/json' }), 'largest.json');
    await call('POST', `/api/organizations/${organizationId}/templates`, form);
  });
  const project = await (await call('POST', '/api/projects', { name: 'Availability bench', project_type: 'ai_application' })).json();
  await underLoad('apply it to a project', async () => {
    await call('POST', `/api/v1/projects/${project.id}/frameworks`, ['BENCH_LARGEST']);
  });
  let bytes = 0;
  await underLoad(`read it ${reads} times`, async () => {
    for (let i = 0; i < reads; i++) bytes = (await (await call('GET', `/api/organizations/${organizationId}/frameworks/BENCH_LARGEST`)).arrayBuffer()).byteLength;
    return `${bytes} bytes each, `;
  });
}

/** 150 text files of 1 MB in a project the reviewer and the auditor see, their text extracted; then four of them search it at once. */
async function searchPhase() {
  const files = 150;
  const tokenOf = async (email) => (await (await fetch(`${base}/api/auth/dummy?x=${email}`)).json()).access_token;
  const readers = await Promise.all(['reviewer@demo.local', 'auditor@demo.local', 'reviewer@demo.local', 'auditor@demo.local'].map(tokenOf));
  const listed = await fetch(`${base}/api/organizations/${organizationId}/projects?size=50`, { headers: { authorization: `Bearer ${readers[0]}` } });
  const projects = await listed.json();
  if (!listed.ok || !projects.items?.length) throw new Error(`the reviewer's projects: ${listed.status} ${JSON.stringify(projects).slice(0, 300)}`);
  const projectId = projects.items[0].id;
  const words = 'model data risk review approval audit vendor access process system training bias monitoring incident fairness accuracy robustness privacy consent retention logging oversight documentation deployment evaluation'.split(' ');
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const text = () => {
    const parts = [];
    let length = 0;
    while (length < 1_000_000) {
      const sentence = `${Array.from({ length: 12 }, () => words[Math.floor(random() * words.length)]).join(' ')}${random() < 0.01 ? ' quarterly attestation' : ''}.\n`;
      parts.push(sentence);
      length += sentence.length;
    }
    return parts.join('').slice(0, 1_000_000);
  };
  const uploadStarted = performance.now();
  const ids = [];
  for (let i = 0; i < files; i++) {
    const form = new FormData();
    form.append('file', new Blob([text()], { type: 'text/plain' }), `bench-text-${i}.txt`);
    ids.push((await (await call('POST', `/api/projects/${projectId}/evidence?name=bench-text-${i}`, form)).json()).id);
  }
  // Text extraction is a background job: wait until every file's text is searchable.
  for (;;) {
    const page = await (await call('GET', `/api/projects/${projectId}/evidence?name=bench-text&size=250`)).json();
    const pending = page.items.filter((e) => ids.includes(e.id) && e.text_status !== 'extracted').length;
    if (pending === 0) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  console.log(`${files} text files of 1 MB uploaded and extracted in ${((performance.now() - uploadStarted) / 1000).toFixed(1)} s`);
  const latencies = [];
  await underLoad(`4 read-only members search the text for ${searchSeconds} s`, async () => {
    const until = performance.now() + searchSeconds * 1000;
    let snippets = 0;
    await Promise.all(
      readers.map(async (reader, n) => {
        for (let i = 0; performance.now() < until; i++) {
          const word = ['quarterly attestation', 'vendor', 'fairness', 'retention'][(n + i) % 4];
          const started = performance.now();
          const response = await fetch(`${base}/api/projects/${projectId}/evidence?name=${encodeURIComponent(word)}&size=100`, { headers: { authorization: `Bearer ${reader}` } });
          if (!response.ok) throw new Error(`search: ${response.status} ${(await response.text()).slice(0, 300)}`);
          snippets += (await response.json()).items.filter((e) => e.snippet).length;
          latencies.push(performance.now() - started);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]);
    return `${latencies.length} searches (p50 ${at(0.5)} ms, max ${at(1)} ms, ${snippets} snippets), `;
  });
}

const exited = new Promise((resolve) => child.once('exit', resolve));
process.kill(-child.pid, 'SIGTERM');
await exited;
fs.rmSync(dataDir, { recursive: true, force: true });
