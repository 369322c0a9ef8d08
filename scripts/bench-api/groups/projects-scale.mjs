// Group "projects-scale" (was `npm run bench:projects`): GET /api/organizations/{id}/projects with many projects in
// Demo Organization. For each level of BENCH_PROJECT_LEVELS (default 10000; the old bench ran 1000,10000,100000) the
// server stops, projects are added straight into the database until that many "Bench project" rows exist (both
// types, distinct creation times; owner@demo.local holds a role on every tenth), VACUUM ANALYZE runs (what
// autovacuum does on a live PostgreSQL), the server starts again and the list is read four ways. It runs last:
// the other groups measure the organization of the seed.
import { openDatabase } from '../database.mjs';

const reads = (level, organizationId) => {
  const list = `/api/organizations/${organizationId}/projects`;
  const at = `at ${level.toLocaleString('en')}`;
  return [
    [`GET projects list ${at}: admin, first page by name`, `${list}?sort_by=name&page=1&size=10`, 'admin'],
    [`GET projects list ${at}: admin, newest first, page 50`, `${list}?sort_by=created_at&descending=true&page=50&size=10`, 'admin'],
    [`GET projects list ${at}: admin, name filter`, `${list}?name=project%2000042&size=10`, 'admin'],
    [`GET projects list ${at}: member on a tenth, first page`, `${list}?sort_by=name&page=1&size=10`, 'owner'],
  ];
};

/** Adds "Bench project NNNNNN" rows until `level` of them exist; returns how many there are. */
async function growTo(db, organizationId, level) {
  const [{ have }] = (await db.query(`select count(*)::int as have from projects where organization_id = $1 and name like 'Bench project %'`, [organizationId])).rows;
  if (have >= level) return have;
  const [{ id: ownerId }] = (await db.query(`select id from users where email = 'owner@demo.local'`)).rows;
  await db.query(
    `insert into projects (organization_id, name, project_type, description, created_at, updated_at)
     select $1, 'Bench project ' || lpad(g::text, 6, '0'), (case when g % 2 = 0 then 'ai_application' else 'organization' end)::project_type, 'Generated for the benchmark',
            now() - make_interval(mins => $3::int - g), now() - make_interval(mins => $3::int - g)
       from generate_series($2::int, $3::int) g`,
    [organizationId, have + 1, level],
  );
  await db.query(
    `insert into project_memberships (project_id, user_id, organization_id, role)
     select p.id, $2, $1, 'owner'
       from generate_series($3::int, $4::int) g
       join projects p on p.organization_id = $1 and p.name = 'Bench project ' || lpad(g::text, 6, '0')
      where g % 10 = 0`,
    [organizationId, ownerId, have + 1, level],
  );
  // What autovacuum does on a live PostgreSQL: statistics and the visibility map (index-only counts).
  await db.query('vacuum analyze');
  return level;
}

export const projectsScale = {
  name: 'projects-scale',
  title: () => 'the projects list with many projects in the organization (added straight into the database)',
  labels: (ctx) => ctx.options.projectLevels.flatMap((level) => reads(level, ctx.organizationId).map(([label]) => label)),
  async run(ctx) {
    const { client, recorder, options } = ctx;
    for (const level of options.projectLevels) {
      const started = performance.now();
      const readyMs = await ctx.restartServer(async () => {
        const db = await openDatabase(ctx.root, { databaseUrl: options.databaseUrl, dataDir: ctx.dataDir });
        try {
          await growTo(db, ctx.organizationId, level);
        } finally {
          await db.close();
        }
      });
      const total = (await client.call(ctx.tokens.admin, 'GET', `/api/organizations/${ctx.organizationId}/projects?size=1`)).total;
      recorder.note(
        `projects-scale: ${level.toLocaleString('en')} bench projects (${total.toLocaleString('en')} in the organization) added in ${((performance.now() - started - readyMs) / 1000).toFixed(1)} s; ` +
          `the server started again in ${(readyMs / 1000).toFixed(1)} s`,
      );
      for (const [label, url, who] of reads(level, ctx.organizationId)) {
        await recorder.measure(label, () => recorder.cannon({ url: `${client.base}${url}`, headers: { authorization: `Bearer ${ctx.tokens[who]}` } }));
      }
    }
  },
};
