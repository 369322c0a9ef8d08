import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { projectControls, projects } from '../src/db/schema';
import { build, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const liveControls = async (projectId: string) =>
  (await t.db.select().from(projectControls).where(and(eq(projectControls.projectId, projectId), isNull(projectControls.detachedAt)))).map((c) => c.controlCode).sort();
const frameworksUrl = (projectId: string) => `/api/projects/${projectId}/frameworks`;

async function newProject(frameworks: string[] = []) {
  const admin = await t.login('admin@demo.local');
  const created = await admin({ method: 'POST', url: '/api/projects', payload: { name: `Project ${Math.random().toString(36).slice(2, 8)}`, project_type: 'ai_application', frameworks } });
  expect(created.statusCode).toBe(201);
  return created.json() as { id: string; frameworks: { framework_code: string; name: string }[] };
}

it('creating a project with a framework instantiates its requirements and controls, all ready', async () => {
  const project = await newProject(['EU_AI_ACT']);
  expect(project.frameworks).toEqual([{ framework_code: 'EU_AI_ACT', name: 'EU AI Act' }]);
  const admin = await t.login('admin@demo.local');
  const list = (await admin({ method: 'GET', url: frameworksUrl(project.id) })).json();
  expect(list.total).toBe(1);
  const [eu] = list.items;
  expect(eu.controls_by_status).toEqual({ ready: eu.control_count, in_progress: 0, in_review: 0, approved: 0, out_of_scope: 0 });
  expect((await liveControls(project.id)).length).toBe(eu.control_count);
});

it('shares the controls the crosswalk connects when a second framework is applied', async () => {
  const project = await newProject(['EU_AI_ACT']);
  const owner = await t.login('admin@demo.local');
  const euControls = await liveControls(project.id);
  const applied = await owner({ method: 'POST', url: frameworksUrl(project.id), payload: { framework_code: 'ISO_IEC_42001' } });
  expect(applied.statusCode).toBe(201);
  const iso = applied.json();
  const all = await liveControls(project.id);
  // One set of controls: each instantiated once, fewer than the two frameworks' counts added up.
  expect(new Set(all).size).toBe(all.length);
  expect(all.length).toBeLessThan(euControls.length + iso.control_count);
  expect(euControls.every((code) => all.includes(code))).toBe(true);
  const log = (await owner({ method: 'GET', url: `/api/projects/${project.id}/logs/${project.id}` })).json();
  const entry = log.items.find((i: { action: string; after: { framework_code?: string } }) => i.action === 'framework_applied' && i.after.framework_code === 'ISO_IEC_42001');
  expect(entry.after.controls_shared).toBeGreaterThan(0);
  expect(entry.after.controls_shared + entry.after.controls_added).toBe(iso.control_count);
  expect((await owner({ method: 'POST', url: frameworksUrl(project.id), payload: { framework_code: 'ISO_IEC_42001' } })).statusCode).toBe(409);
});

it('the v1 variant applies several at once and leaves those already applied as they are', async () => {
  const project = await newProject(['EU_AI_ACT']);
  const editor = await t.login('admin@demo.local');
  const response = await editor({ method: 'POST', url: `/api/v1/projects/${project.id}/frameworks`, payload: ['EU_AI_ACT', 'ISO_IEC_42001', 'NIST_AI_RMF'] });
  expect(response.statusCode).toBe(200);
  expect(response.json().map((f: { framework_code: string }) => f.framework_code)).toEqual(['EU_AI_ACT', 'ISO_IEC_42001', 'NIST_AI_RMF']);
  const v1 = await editor({ method: 'GET', url: `/api/v1/projects/${project.id}/frameworks?sort_by=applied_at&descending=true&size=1` });
  expect(v1.json()).toMatchObject({ total: 3, pages: 3 });
  const bad = await editor({ method: 'POST', url: `/api/v1/projects/${project.id}/frameworks`, payload: ['NOT_A_FRAMEWORK'] });
  expect(bad.statusCode).toBe(422);
  expect(bad.json().errors[0].path).toBe('frameworks.NOT_A_FRAMEWORK');
  expect((await editor({ method: 'POST', url: `/api/v1/projects/${project.id}/frameworks`, payload: [] })).statusCode).toBe(422);
});

it('removing a framework keeps the controls others map to and detaches the rest, which come back with their id', async () => {
  const project = await newProject(['EU_AI_ACT', 'NIST_AI_RMF']);
  const owner = await t.login('admin@demo.local');
  const both = await t.db.select().from(projectControls).where(eq(projectControls.projectId, project.id));
  expect((await owner({ method: 'DELETE', url: `${frameworksUrl(project.id)}/EU_AI_ACT` })).statusCode).toBe(204);
  const nist = (await owner({ method: 'GET', url: frameworksUrl(project.id) })).json().items[0];
  expect((await liveControls(project.id)).length).toBe(nist.control_count);
  const log = (await owner({ method: 'GET', url: `/api/projects/${project.id}/logs/${project.id}` })).json();
  expect(log.items[0]).toMatchObject({ action: 'framework_removed', after: { controls_detached: both.length - nist.control_count } });
  await owner({ method: 'POST', url: frameworksUrl(project.id), payload: { framework_code: 'EU_AI_ACT' } });
  const again = await t.db.select().from(projectControls).where(eq(projectControls.projectId, project.id));
  expect(again.map((c) => c.id).sort()).toEqual(both.map((c) => c.id).sort());
  expect(again.every((c) => c.detachedAt === null)).toBe(true);
  expect((await owner({ method: 'DELETE', url: `${frameworksUrl(project.id)}/ISO_IEC_42001` })).statusCode).toBe(404);
});

it('editors apply, only owners remove, reviewers read, other organizations see nothing', async () => {
  const [seeded] = await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model'));
  const id = seeded!.id;
  const editor = await t.login('editor@demo.local');
  const reviewer = await t.login('reviewer@demo.local');
  const owner = await t.login('owner@demo.local');
  const outsider = await t.login('outsider@other.local');
  expect((await reviewer({ method: 'GET', url: frameworksUrl(id) })).statusCode).toBe(200);
  expect((await reviewer({ method: 'POST', url: frameworksUrl(id), payload: { framework_code: 'MFF-1' } })).statusCode).toBe(403);
  expect((await editor({ method: 'POST', url: frameworksUrl(id), payload: { framework_code: 'MFF-1' } })).statusCode).toBe(201);
  expect((await editor({ method: 'DELETE', url: `${frameworksUrl(id)}/MFF-1` })).statusCode).toBe(403);
  expect((await owner({ method: 'DELETE', url: `${frameworksUrl(id)}/MFF-1` })).statusCode).toBe(204);
  expect((await outsider({ method: 'GET', url: frameworksUrl(id) })).statusCode).toBe(404);
  expect((await outsider({ method: 'POST', url: frameworksUrl(id), payload: { framework_code: 'MFF-1' } })).statusCode).toBe(404);
});

// Issue 29, item 5: a control detached while approved (before removal was refused for it) must not come
// back approved: what it held may have changed meanwhile. It comes back in progress, with the reason logged.
it('re-applying a framework never restores "approved": a control detached while approved comes back in progress, logged', async () => {
  const project = await newProject(['NIST_AI_RMF']);
  const admin = await t.login('admin@demo.local');
  expect((await admin({ method: 'DELETE', url: `${frameworksUrl(project.id)}/NIST_AI_RMF` })).statusCode).toBe(204);
  const [detached] = await t.db.select().from(projectControls).where(eq(projectControls.projectId, project.id)).limit(1);
  await t.db.execute(sql`update project_controls set status = 'approved' where id = ${detached!.id}`);

  expect((await admin({ method: 'POST', url: frameworksUrl(project.id), payload: { framework_code: 'NIST_AI_RMF' } })).statusCode).toBe(201);
  const back = (await admin({ method: 'GET', url: `/api/projects/${project.id}/controls/${encodeURIComponent(detached!.controlCode)}` })).json();
  expect(back).toMatchObject({ status: 'in_progress', locked: false });
  expect(back.status_history[0]).toMatchObject({ from: 'approved', to: 'in_progress', justification: expect.stringMatching(/NIST AI Risk Management Framework 1.0.*approved/) });
  const others = await t.db.select().from(projectControls).where(and(eq(projectControls.projectId, project.id), eq(projectControls.status, 'approved')));
  expect(others).toEqual([]);
});
