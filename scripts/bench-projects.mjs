// `npm run bench:projects`: GET /api/organizations/{id}/projects with 1,000, 10,000 and 100,000 projects in
// Demo Organization (the numbers in docs/benchmarks.md). Between levels the server stops, the projects are
// added straight into the database (PGlite's data directory, or BENCH_DATABASE_URL), and it starts again.
// owner@demo.local (a member) holds a role on every tenth project; admin@demo.local sees all (full access).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const requireFromApi = createRequire(path.join(root, 'apps/api/package.json'));
const port = 3291;
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aegis-bench-projects-'));
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
const levels = (process.env.BENCH_LEVELS ?? '1000,10000,100000').split(',').map(Number);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });

function start() {
  const child = spawn('npm', ['start', '--silent'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const ready = (async () => {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${base}/api/health`)).status === 200) return;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return { child, ready };
}

async function stop(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  await exited;
}

/** A SQL client on the server's database while the server is stopped. */
async function openDatabase() {
  if (databaseUrl) {
    const pg = requireFromApi('pg');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return { query: (text, params) => client.query(text, params), close: () => client.end() };
  }
  const { PGlite } = await import(requireFromApi.resolve('@electric-sql/pglite'));
  const db = new PGlite(path.join(dataDir, 'db'));
  return { query: (text, params) => db.query(text, params), close: () => db.close() };
}

/** Adds projects numbered from `from` to `to` (both types, alternating) with the owner on every tenth. */
async function addProjects(from, to) {
  const db = await openDatabase();
  const [{ id: organizationId }] = (await db.query(`select id from organizations where name = 'Demo Organization'`)).rows;
  const [{ id: ownerId }] = (await db.query(`select id from users where email = 'owner@demo.local'`)).rows;
  await db.query(`update organizations set plan_quota_projects = null where id = $1`, [organizationId]);
  await db.query(
    `insert into projects (organization_id, name, project_type, description, created_at, updated_at)
     select $1, 'Bench project ' || lpad(g::text, 6, '0'), (case when g % 2 = 0 then 'ai_application' else 'organization' end)::project_type, 'Generated for the benchmark',
            now() - make_interval(mins => $3::int - g), now() - make_interval(mins => $3::int - g)
       from generate_series($2::int, $3::int) g`,
    [organizationId, from, to],
  );
  await db.query(
    `insert into project_memberships (project_id, user_id, organization_id, role)
     select p.id, $2, $1, 'owner' from projects p
      where p.organization_id = $1 and p.name like 'Bench project %' and substring(p.name from 15)::int between $3 and $4 and substring(p.name from 15)::int % 10 = 0`,
    [organizationId, ownerId, from, to],
  );
  // What autovacuum does on a live PostgreSQL: statistics and the visibility map (index-only counts).
  await db.query('vacuum analyze');
  await db.close();
  return organizationId;
}

async function measure(label, url, token) {
  const result = await autocannon({ url: `${base}${url}`, headers: { authorization: `Bearer ${token}` }, connections: 10, duration: seconds });
  if (result.non2xx || result.errors) throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const line = `${label}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`;
  console.log(line);
  return line;
}

// First start: migrations and the demo seed.
let server = start();
await server.ready;
await stop(server.child);

let have = 0;
for (const level of levels) {
  const organizationId = await addProjects(have + 1, level);
  have = level;
  server = start();
  await server.ready;
  const token = async (email) => (await (await fetch(`${base}/api/auth/dummy?x=${email}`)).json()).access_token;
  const admin = await token('admin@demo.local');
  const owner = await token('owner@demo.local');
  const list = `/api/organizations/${organizationId}/projects`;
  const total = (await (await fetch(`${base}${list}?size=1`, { headers: { authorization: `Bearer ${admin}` } })).json()).total;
  console.log(`\n${level.toLocaleString('en')} bench projects (${total.toLocaleString('en')} in the organization), ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`);
  await measure('  admin, first page by name', `${list}?sort_by=name&page=1&size=10`, admin);
  await measure('  admin, newest first, page 50', `${list}?sort_by=created_at&descending=true&page=50&size=10`, admin);
  await measure('  admin, name filter', `${list}?name=project%2000042&size=10`, admin);
  await measure('  member (a tenth of them), first page', `${list}?sort_by=name&page=1&size=10`, owner);
  await stop(server.child);
}
if (databaseUrl) {
  const db = await openDatabase();
  await db.query(`delete from projects where name like 'Bench project %'`);
  await db.close();
}
if (process.env.BENCH_KEEP) console.log(`data kept in ${dataDir}`);
else fs.rmSync(dataDir, { recursive: true, force: true });
