// The large organization every group measures: Demo Organization (the demo seed) grown through the API to
// BENCH_PROJECTS projects and BENCH_USERS members, its project quota lifted. The demo project "Credit Scoring
// Model" has the three AI frameworks applied by the demo seed (EU_AI_ACT, ISO_IEC_42001, NIST_AI_RMF).
import { inBatches } from './client.mjs';
import { openDatabase } from './database.mjs';

const BATCH = 20;

/** Who the groups act as, the organization and its demo project. */
export async function signIn(client) {
  const [admin, editor, reviewer, owner, auditor] = await Promise.all(['admin', 'editor', 'reviewer', 'owner', 'auditor'].map((name) => client.token(`${name}@demo.local`)));
  const me = await client.call(admin, 'GET', '/api/users/me');
  const organizationId = me.organization.id;
  const reviewerId = (await client.call(reviewer, 'GET', '/api/users/me')).id;
  const demo = await client.call(admin, 'GET', `/api/organizations/${organizationId}/projects?name=Credit%20Scoring`);
  return { tokens: { admin, editor, reviewer, owner, auditor }, organizationId, reviewerId, demoProject: demo.items[0].id };
}

export async function seedOrganization(root, client, { tokens, organizationId }, { projectsWanted, usersWanted, runId, databaseUrl }) {
  const { admin } = tokens;
  const started = performance.now();
  await client.call(await client.token('internal@demo.local'), 'PATCH', `/api/organizations/${organizationId}`, { plan_quota: { projects: null } });
  const count = async (list) => (await client.call(admin, 'GET', `/api/organizations/${organizationId}/${list}?size=1`)).total;

  const newProjects = Array.from({ length: Math.max(0, projectsWanted - (await count('projects'))) }, (_, i) => i);
  await inBatches(newProjects, BATCH, (i) => client.call(admin, 'POST', '/api/projects', { name: `Bench API ${runId} ${i}`, project_type: 'ai_application' }));
  // users_force adds a member directly when the organization has the person alone.
  const newUsers = Array.from({ length: Math.max(0, usersWanted - (await count('users'))) }, (_, i) => i);
  await inBatches(newUsers, BATCH, (i) =>
    client.call(admin, 'POST', `/api/organizations/${organizationId}/users_force`, { email: `bench-${runId}-${i}@bench.local`, firstname: 'Bench', lastname: `User ${i}`, role: 'member' }),
  );
  const projects = await count('projects');
  const members = await count('users');
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s: ${projects} projects, ${members} members (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`);
  if (databaseUrl) await analyze(root, databaseUrl);
  return { projects, members };
}

/**
 * PostgreSQL's autovacuum analyzes grown tables within a minute or so; measure that steady state rather than the
 * planner's guesses of the moment after seeding (the embedded database has its own job for it).
 */
export async function analyze(root, databaseUrl) {
  const db = await openDatabase(root, { databaseUrl });
  await db.query('analyze');
  await db.close();
}
