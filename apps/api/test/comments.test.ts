import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { projects } from '../src/db/schema';
import { build, type TestApp } from './helper';

let t: TestApp;
let thread: string;
beforeAll(async () => {
  t = await build();
  const [project] = await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model'));
  thread = `/api/projects/${project!.id}/comments/project/${project!.id}`;
});
afterAll(() => t.close());

it('keeps a thread per project object, oldest first, with authors', async () => {
  const reviewer = await t.login('reviewer@demo.local');
  const first = await reviewer({ method: 'POST', url: thread, payload: { body: '  Is the training data documented?  ' } });
  expect(first.statusCode).toBe(201);
  expect(first.json()).toMatchObject({ body: 'Is the training data documented?', object_type: 'project', author: { name: 'Rita Reviewer' } });
  const owner = await t.login('owner@demo.local');
  await owner({ method: 'POST', url: thread, payload: { body: 'Yes: see the datasheet asset card.' } });

  const listed = (await (await t.login('auditor@demo.local'))({ method: 'GET', url: thread })).json();
  expect(listed.items.map((c: { body: string }) => c.body)).toEqual(['Is the training data documented?', 'Yes: see the datasheet asset card.']);
  // Risks register no concept yet: a thread about one names nothing (below).
  expect((await owner({ method: 'GET', url: thread.replace('/project/', '/risk/') })).statusCode).toBe(404);
});

it("keeps threads on the project's own objects only: another organization's control, an unknown kind or an id that names nothing answer 404 (found by the schema fuzzer)", async () => {
  const [project] = await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model'));
  const owner = await t.login('owner@demo.local');
  const control = (await owner({ method: 'GET', url: `/api/projects/${project!.id}/controls/MFF-1.GOV.01` })).json();
  const controlThread = `/api/projects/${project!.id}/comments/control/${control.id}`;
  expect((await owner({ method: 'POST', url: controlThread, payload: { body: 'Policy looks good.' } })).statusCode).toBe(201);
  expect((await owner({ method: 'GET', url: controlThread })).json().total).toBe(1);

  const outsider = await t.login('outsider@other.local');
  const elsewhere = (await outsider({ method: 'POST', url: '/api/projects', payload: { name: 'Elsewhere', project_type: 'ai_application', frameworks: ['ISO_IEC_42001'] } })).json();
  const foreignControl = (await outsider({ method: 'GET', url: `/api/projects/${elsewhere.id}/controls?size=1` })).json().items[0];
  const [otherProject] = await t.db.select().from(projects).where(eq(projects.name, 'Customer Support Chatbot'));
  for (const [type, id] of [
    ['control', foreignControl.id],
    ['project', elsewhere.id],
    ['project', otherProject!.id],
    ['api_token', control.id],
    ['control', '3fa85f64-5717-4562-b3fc-2c963f66afa6'],
    ['control', 'MFF-1.GOV.01'],
  ]) {
    const url = `/api/projects/${project!.id}/comments/${type}/${id}`;
    expect((await owner({ method: 'POST', url, payload: { body: 'Hello?' } })).statusCode, url).toBe(404);
    expect((await owner({ method: 'GET', url })).statusCode, url).toBe(404);
  }
});

it('validates bodies and object types, and hides the thread from other organizations', async () => {
  const owner = await t.login('owner@demo.local');
  const empty = await owner({ method: 'POST', url: thread, payload: { body: '   ' } });
  expect(empty.statusCode).toBe(422);
  expect(empty.json().errors[0]).toEqual({ path: 'body.body', message: 'Write something first' });
  expect((await owner({ method: 'POST', url: thread, payload: { body: 'x'.repeat(5001) } })).statusCode).toBe(422);
  expect((await owner({ method: 'GET', url: thread.replace('/project/', '/Not-A-Type/') })).statusCode).toBe(422);
  expect((await (await t.login('outsider@other.local'))({ method: 'GET', url: thread })).statusCode).toBe(404);
  const admin = await t.login('admin@demo.local');
  expect((await admin({ method: 'POST', url: thread, payload: { body: 'Admins comment through full access.' } })).statusCode).toBe(201);
});
