// Group "risks" (issue 20): the demo project's risk register grown to 10,000 risks. The server stops, the risks
// go straight into the database as projects-scale adds projects — from the risk library's 16 entries (name,
// category, description, affected), every likelihood × impact cell equally, levelled by the organization's
// matrix as read through the API (stored score and level columns, as `scoreColumns` writes them); every third is
// mitigated one step down in likelihood and impact (its treatment row and residual columns), every fourth has a
// monetary impact, every twentieth is assigned to editor@demo.local —, VACUUM ANALYZE, the server starts again.
// Then the register is read (first page by residual score, a name filter, assigned to me, the light list, the heat
// map, risks one by one, the CSV of every risk with few connections) and written (creation, the treatment).
import { openDatabase } from '../database.mjs';

const RISKS = 10_000;
const CSV_CONNECTIONS = 2;
// The highest-scored risks of the seed take the treatment writes and the detail reads, round robin.
const ROUND_ROBIN = 200;
const BENCH_NAME = '% (bench _____)';

const labels = () => {
  const at = RISKS.toLocaleString('en');
  return {
    list: `GET …/risks at ${at}: first page by residual score`,
    name: `GET …/risks at ${at}: name filter, by residual score`,
    mine: `GET …/risks at ${at}: assigned to me (editor), by residual score`,
    light: `GET …/risks/list at ${at}`,
    heatMap: `GET …/risks/heat-map at ${at}`,
    detail: `GET …/risks/:id (${ROUND_ROBIN} risks, round robin)`,
    csv: `GET …/risks.csv, ${at} risks (${CSV_CONNECTIONS} connections)`,
    create: 'POST …/risks',
    treatment: `PUT …/risks/:id/treatment (mitigate, residual scores; ${ROUND_ROBIN} risks, round robin)`,
  };
};

/**
 * Adds "<library name> (bench NNNNN)" risks to the project until `RISKS` of them exist, numbered after its
 * highest R-number, with their treatments and assignees, in one statement; returns how many it added.
 */
async function growTo(db, { organizationId, projectId, adminId, editorId, library, matrix }) {
  const [{ have, highest }] = (
    await db.query(`select count(*) filter (where name like $2)::int as have, coalesce(max(number), 0)::int as highest from risks where project_id = $1`, [projectId, BENCH_NAME])
  ).rows;
  if (have >= RISKS) return 0;
  // g runs over have+1..RISKS: its number is highest + (g - have); its likelihood and impact go round the 25 cells.
  await db.query(
    `with library as (
       select e->>'id' as id, e->>'name' as name, (e->>'category')::risk_category as category, e->>'description' as description, e->'affected' as affected, (n - 1)::int as k
         from jsonb_array_elements($5::jsonb) with ordinality as t(e, n)
     ), planned as (
       select g, (g - 1) % 5 + 1 as l, (g - 1) / 5 % 5 + 1 as i, g % 3 = 0 as mitigated from generate_series($6::int, $7::int) g
     ), scored as (
       select g, l, i, mitigated,
              case when mitigated then greatest(l - 1, 1) else l end as rl,
              case when mitigated then greatest(i - 1, 1) else i end as ri
         from planned
     ), inserted as (
       insert into risks (organization_id, project_id, number, name, description, category, affected, likelihood, impact, inherent_score, inherent_level,
                          residual_likelihood, residual_impact, residual_score, residual_level, monetary_impact, library_id, created_by, created_at, updated_at)
       select $1, $2, $8::int + (s.g - $6::int + 1), lib.name || ' (bench ' || lpad(s.g::text, 5, '0') || ')', lib.description, lib.category, lib.affected,
              s.l, s.i, s.l * s.i, ($9::jsonb -> (s.l - 1) ->> (s.i - 1))::risk_level,
              s.rl, s.ri, s.rl * s.ri, ($9::jsonb -> (s.rl - 1) ->> (s.ri - 1))::risk_level,
              case when s.g % 4 = 0 then (s.g % 97 + 1) * 1000.00 end, lib.id, $3,
              now() - make_interval(secs => $7::int - s.g), now() - make_interval(secs => $7::int - s.g)
         from scored s join library lib on lib.k = s.g % (select count(*) from library)
       returning id, number, residual_likelihood, residual_impact
     ), treated as (
       insert into risk_treatments (risk_id, organization_id, project_id, option, plan, residual_likelihood, residual_impact, updated_by)
       select x.id, $1, $2, 'mitigate', 'Reduce it one step in likelihood and impact', x.residual_likelihood, x.residual_impact, $3
         from inserted x where (x.number - $8::int + $6::int - 1) % 3 = 0
     )
     insert into work_item_people (organization_id, project_id, item_type, item_id, role, user_id)
     select $1, $2, 'risk', x.id, 'assignee', $4 from inserted x where (x.number - $8::int + $6::int - 1) % 20 = 0`,
    [organizationId, projectId, adminId, editorId, JSON.stringify(library), have + 1, RISKS, highest, JSON.stringify(matrix)],
  );
  // The project's risk number counter moves past the numbers given here, as the API's own creations would have
  // moved it (left behind, the next POST …/risks would be given a number these risks already hold).
  await db.query(
    `insert into risk_number_counters (project_id, organization_id, last_number)
     select project_id, organization_id, max(number) from risks where project_id = $1 group by project_id, organization_id
     on conflict (project_id) do update set last_number = greatest(risk_number_counters.last_number, excluded.last_number)`,
    [projectId],
  );
  // What autovacuum does on a live PostgreSQL: statistics and the visibility map.
  await db.query('vacuum analyze risks, risk_treatments, work_item_people');
  return RISKS - have;
}

export const risks = {
  name: 'risks',
  title: () => `the demo project's risk register with ${RISKS.toLocaleString('en')} risks (added straight into the database)`,
  labels: () => Object.values(labels()),
  async run(ctx) {
    const { client, tokens, recorder, options } = ctx;
    const label = labels();
    const p = `/api/projects/${ctx.demoProject}`;
    const adminId = (await client.call(tokens.admin, 'GET', '/api/users/me')).id;
    const editorId = (await client.call(tokens.editor, 'GET', '/api/users/me')).id;
    const library = (await client.call(tokens.admin, 'GET', '/api/risk-library')).items.map(({ id, name, category, description, affected }) => ({ id, name, category, description, affected }));
    const { matrix } = await client.call(tokens.admin, 'GET', `/api/organizations/${ctx.organizationId}/risk-settings`);

    const started = performance.now();
    let added = 0;
    const readyMs = await ctx.restartServer(async () => {
      const db = await openDatabase(ctx.root, { databaseUrl: options.databaseUrl, dataDir: ctx.dataDir });
      try {
        added = await growTo(db, { organizationId: ctx.organizationId, projectId: ctx.demoProject, adminId, editorId, library, matrix });
      } finally {
        await db.close();
      }
    });
    const heatMap = await client.call(tokens.admin, 'GET', `${p}/risks/heat-map`);
    recorder.note(
      `risks: ${added.toLocaleString('en')} risks added in ${((performance.now() - started - readyMs) / 1000).toFixed(1)} s, the server started again in ${(readyMs / 1000).toFixed(1)} s; ` +
        `the project holds ${heatMap.total.toLocaleString('en')} (residual: ${Object.entries(heatMap.by_residual_level).map(([level, count]) => `${count} ${level}`).join(', ')})`,
    );

    const headers = { authorization: `Bearer ${tokens.admin}` };
    const read = (url, who = 'admin', more = {}) => recorder.cannon({ url: `${client.base}${url}`, headers: { authorization: `Bearer ${tokens[who]}` }, ...more });
    const byResidual = 'sort_by=residual_score&descending=true';
    // The highest-scored risks, which all have room for a lower residual.
    const top = [];
    for (let page = 1; top.length < ROUND_ROBIN; page++) {
      const { items } = await client.call(tokens.admin, 'GET', `${p}/risks?${byResidual}&status=ready&size=100&page=${page}`);
      top.push(...items.filter((risk) => risk.likelihood > 1 && risk.impact > 1 && risk.status === 'ready'));
      if (items.length < 100) break;
    }

    await recorder.measure(label.list, () => read(`${p}/risks?${byResidual}`));
    await recorder.measure(label.name, () => read(`${p}/risks?name=injection&${byResidual}`));
    await recorder.measure(label.mine, () => read(`${p}/risks?is_assigned_to_me=true&${byResidual}`, 'editor'));
    await recorder.measure(label.light, () => read(`${p}/risks/list`));
    await recorder.measure(label.heatMap, () => read(`${p}/risks/heat-map`));
    let next = 0;
    const detail = (request) => ({ ...request, path: `${p}/risks/${top[next++ % top.length].id}` });
    await recorder.measure(label.detail, () => recorder.cannon({ url: client.base, requests: [{ method: 'GET', headers, setupRequest: detail }] }));
    await recorder.measure(label.csv, () => read(`${p}/risks.csv`, 'admin', { connections: CSV_CONNECTIONS }));

    const jsonHeaders = { ...headers, 'content-type': 'application/json' };
    let created = 0;
    const newRisk = (request) => {
      const n = created++;
      return { ...request, body: JSON.stringify({ name: `Bench API risk ${options.runId} ${n}`, likelihood: (n % 5) + 1, impact: (Math.floor(n / 5) % 5) + 1 }) };
    };
    await recorder.measure(label.create, () => recorder.cannon({ url: client.base, requests: [{ method: 'POST', path: `${p}/risks`, headers: jsonHeaders, setupRequest: newRisk }] }));

    // Each risk's residual goes one step below its inherent scores, then to 1 × 1, then back, so every save changes it.
    const lowered = new Map();
    let turn = 0;
    const treatment = (request) => {
      const risk = top[turn++ % top.length];
      const low = !lowered.get(risk.id);
      lowered.set(risk.id, low);
      const residual = low ? { residual_likelihood: 1, residual_impact: 1 } : { residual_likelihood: risk.likelihood - 1, residual_impact: risk.impact - 1 };
      return { ...request, path: `${p}/risks/${risk.id}/treatment`, body: JSON.stringify({ option: 'mitigate', plan: 'Bench: reduce it', ...residual }) };
    };
    await recorder.measure(label.treatment, () => recorder.cannon({ url: client.base, requests: [{ method: 'PUT', headers: jsonHeaders, setupRequest: treatment }] }));
  },
};
