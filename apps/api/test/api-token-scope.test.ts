import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMemberships, projects, users } from '../src/db/schema';
import { CHATBOT_PROJECT } from '../src/demo/seed-chatbot-project';
import { access } from '../src/plugins/access';
import { organizationId } from './factories';
import { build, type TestApp } from './helper';

// Issue 32, item 3: a pipeline's secret is an API token narrowed to one project and to some rights
// (`testing_logs:create`), so it cannot read the rest of the organization.

let t: TestApp;
let demo: string;
let credit: string;
let chatbot: string;
let otherProject: string;
beforeAll(async () => {
  t = await build({}, {
    // A probe route standing for the testing module's pushes (`access.project('testing_logs:create')`).
    beforeReady(app) {
      app.post('/api/projects/:project_id/scope-probe', { config: { access: access.project('testing_logs:create') } }, async (request) => ({
        project_id: (request.params as { project_id: string }).project_id,
        narrowed_project_id: request.ctx.narrowedProjectId ?? null,
      }));
    },
  });
  demo = await organizationId(t, 'Demo Organization');
  const idOf = async (name: string) => (await t.db.select().from(projects).where(eq(projects.name, name)))[0]!.id;
  credit = await idOf('Credit Scoring Model');
  chatbot = await idOf(CHATBOT_PROJECT);
  const other = await organizationId(t, 'Other Organization');
  const [created] = await t.db.insert(projects).values({ organizationId: other, name: 'Elsewhere', projectType: 'ai_application' }).returning();
  otherProject = created!.id;
});
afterAll(() => t?.close());

type Inject = ReturnType<TestApp['as']>;
const create = (as: Inject, payload: Record<string, unknown>) => as({ method: 'POST', url: '/api/auth/api', payload: { name: 'ci', ...payload } });
const controls = (project: string) => `/api/projects/${project}/controls?size=5`;

describe('a token narrowed to a project and to testing_logs:create', () => {
  let created: Record<string, unknown>;
  let pipeline: Inject;
  beforeAll(async () => {
    const editor = await t.login('editor@demo.local');
    const response = await create(editor, { name: 'pipeline', project_id: credit, rights: ['testing_logs:create'] });
    expect(response.statusCode).toBe(201);
    created = response.json();
    pipeline = t.as(created.token as string);
  });

  it('says its scope when created and in the list', async () => {
    expect(created).toMatchObject({ name: 'pipeline', project_id: credit, project_name: 'Credit Scoring Model', rights: ['testing_logs:create'] });
    const editor = await t.login('editor@demo.local');
    const listed = (await editor({ method: 'GET', url: '/api/auth/api' })).json();
    expect(listed.items.find((i: { token_id: string }) => i.token_id === created.token_id)).toMatchObject({
      project_id: credit,
      project_name: 'Credit Scoring Model',
      rights: ['testing_logs:create'],
    });
  });

  it('pushes to its project (a testing_logs:create route)', async () => {
    const pushed = await pipeline({ method: 'POST', url: `/api/projects/${credit}/scope-probe`, payload: {} });
    expect(pushed.statusCode).toBe(200);
    expect(pushed.json()).toEqual({ project_id: credit, narrowed_project_id: credit });
  });

  it('is refused reading its own project (403) and meets every other project as not found (404)', async () => {
    const own = await pipeline({ method: 'GET', url: controls(credit) });
    expect(own.statusCode).toBe(403);
    expect(own.json().detail).toBe('Missing permission controls:read on this project');
    expect((await pipeline({ method: 'GET', url: `/api/projects/${credit}` })).statusCode).toBe(403);
    // The editor is no member of the chatbot (403 for them), the token meets it as not found; so does another organization's.
    for (const project of [chatbot, otherProject, randomUUID()]) {
      const response = await pipeline({ method: 'POST', url: `/api/projects/${project}/scope-probe`, payload: {} });
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe('Project not found');
      expect((await pipeline({ method: 'GET', url: controls(project) })).statusCode).toBe(404);
    }
  });

  it('is refused (403) everywhere that is not about its project: the projects list, members, tags, notifications, the profile', async () => {
    for (const url of [
      `/api/organizations/${demo}/projects`,
      `/api/organizations/${demo}/users`,
      '/api/notifications',
      '/api/users/me',
      '/api/users/me/reviews',
      '/api/auth/api',
    ]) {
      const response = await pipeline({ method: 'GET', url });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().code, url).toBe('token_project_scope');
    }
    // It creates no token, whatever it asks for.
    expect((await create(pipeline, {})).statusCode).toBe(403);
    // Another organization stays not found, never a hint that it exists.
    const other = await organizationId(t, 'Other Organization');
    expect((await pipeline({ method: 'GET', url: `/api/organizations/${other}/projects` })).statusCode).toBe(404);
  });
});

describe('a token narrowed to a project and to controls:read', () => {
  it("reads that project's controls and meets another project's as not found", async () => {
    const editor = await t.login('editor@demo.local');
    const token = t.as((await create(editor, { project_id: credit, rights: ['controls:read'] })).json().token);
    const own = await token({ method: 'GET', url: controls(credit) });
    expect(own.statusCode).toBe(200);
    expect(own.json().total).toBeGreaterThan(0);
    expect((await token({ method: 'GET', url: controls(chatbot) })).statusCode).toBe(404);
    // controls:read only: not controls:update.
    const code = own.json().items[0].control_code as string;
    const patched = await token({ method: 'PATCH', url: `/api/projects/${credit}/controls/${code}`, payload: { status: 'in_progress' } });
    expect(patched.statusCode).toBe(403);
  });

  it("of an admin: holds the right on every project through full access, yet sees only the token's project", async () => {
    const admin = await t.login('admin@demo.local');
    const token = t.as((await create(admin, { project_id: chatbot, rights: ['controls:read'] })).json().token);
    expect((await token({ method: 'GET', url: controls(chatbot) })).statusCode).toBe(200);
    expect((await token({ method: 'GET', url: controls(credit) })).statusCode).toBe(404);
    // Rights only (no project): every project the admin reaches, nothing outside the right.
    const wide = t.as((await create(admin, { rights: ['controls:read'] })).json().token);
    expect((await wide({ method: 'GET', url: controls(credit) })).statusCode).toBe(200);
    expect((await wide({ method: 'GET', url: controls(chatbot) })).statusCode).toBe(200);
    expect((await wide({ method: 'GET', url: `/api/organizations/${demo}/users` })).statusCode).toBe(403);
  });

  it("holds no more than the user's current rights: removed from the project, the token is refused", async () => {
    const owner = await t.login('owner@demo.local');
    const token = t.as((await create(owner, { project_id: chatbot, rights: ['controls:read'] })).json().token);
    expect((await token({ method: 'GET', url: controls(chatbot) })).statusCode).toBe(200);
    const [owen] = await t.db.select().from(users).where(eq(users.email, 'owner@demo.local'));
    const removed = await t.db.delete(projectMemberships).where(eq(projectMemberships.projectId, chatbot)).returning();
    try {
      await t.app.callerCache.sync();
      expect(removed.some((m) => m.userId === owen!.id)).toBe(true);
      expect((await token({ method: 'GET', url: controls(chatbot) })).statusCode).toBe(403);
    } finally {
      await t.db.insert(projectMemberships).values(removed);
      await t.app.callerCache.sync();
    }
    expect((await token({ method: 'GET', url: controls(chatbot) })).statusCode).toBe(200);
  });
});

describe('creating a narrowed token', () => {
  it('answers 404 for a project that is not one the caller can see', async () => {
    const editor = await t.login('editor@demo.local');
    for (const project of [randomUUID(), otherProject, chatbot]) {
      const response = await create(editor, { project_id: project, rights: ['testing_logs:create'] });
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe('Project not found');
    }
    const malformed = await create(editor, { project_id: 'nope' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors[0].path).toBe('body.project_id');
  });

  it('names an unknown right, and refuses an empty list', async () => {
    const editor = await t.login('editor@demo.local');
    const unknown = await create(editor, { project_id: credit, rights: ['controls:read', 'controls:destroy'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0]).toEqual({ path: 'body.rights.1', message: 'Unknown right: controls:destroy' });
    const empty = await create(editor, { rights: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors[0].path).toBe('body.rights');
  });

  it('refuses a right the creator does not hold (a token never exceeds its creator)', async () => {
    const auditor = await t.login('auditor@demo.local');
    const anywhere = await create(auditor, { rights: ['controls:read', 'risks:create'] });
    expect(anywhere.statusCode).toBe(422);
    expect(anywhere.json().detail).toBe('You do not hold risks:create');
    expect(anywhere.json().errors).toEqual([{ path: 'body.rights.1', message: 'You do not hold risks:create' }]);
    const onProject = await create(auditor, { project_id: credit, rights: ['risks:create'] });
    expect(onProject.statusCode).toBe(422);
    expect(onProject.json().detail).toBe('You do not hold risks:create on this project');
    expect((await create(auditor, { rights: ['users:invite'] })).statusCode).toBe(422);
    // What the auditor does hold is fine.
    expect((await create(auditor, { project_id: credit, rights: ['controls:update'] })).statusCode).toBe(201);
    // A token narrowed by its sign-in gives no more than it holds.
    const narrowedSignIn = await t.login('admin@demo.local', ['projects:read']);
    const beyond = await create(narrowedSignIn, { rights: ['controls:read'] });
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json().detail).toBe('You do not hold controls:read');
  });

  it('refuses an organization right on a token narrowed to a project: it could not use it', async () => {
    const admin = await t.login('admin@demo.local');
    const response = await create(admin, { project_id: credit, rights: ['tags:read'] });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].path).toBe('body.rights.0');
  });

  it('narrowed to a project only, keeps all the rights the user holds there', async () => {
    const owner = await t.login('owner@demo.local');
    const response = await create(owner, { project_id: credit });
    expect(response.json()).toMatchObject({ project_id: credit, project_name: 'Credit Scoring Model', rights: null });
    const token = t.as(response.json().token);
    expect((await token({ method: 'GET', url: controls(credit) })).statusCode).toBe(200);
    // The owner owns the chatbot too; the token does not reach it.
    expect((await token({ method: 'GET', url: controls(chatbot) })).statusCode).toBe(404);
  });
});

describe('the read cache', () => {
  it('never gives a narrowed token an answer kept for the unnarrowed user', async () => {
    const owner = await t.login('owner@demo.local');
    // The tokens first, each used once: creating or touching a token (api_tokens) drops the kept answers.
    const projectOnly = t.as((await create(owner, { project_id: credit })).json().token);
    const rightsOnly = t.as((await create(owner, { rights: ['projects:read'] })).json().token);
    expect((await projectOnly({ method: 'GET', url: `/api/projects/${credit}` })).statusCode).toBe(200);
    expect((await rightsOnly({ method: 'GET', url: `/api/projects/${credit}` })).statusCode).toBe(200);
    await t.app.readCache.sync();

    const url = `/api/projects/${credit}/controls?size=3&page=2`;
    expect((await owner({ method: 'GET', url })).statusCode).toBe(200);
    expect((await owner({ method: 'GET', url })).headers['x-read-cache']).toBe('hit');
    // Narrowed to the project only (all the owner's rights there): a caller of its own, with its own answer.
    const first = await projectOnly({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-read-cache']).toBe('miss');
    expect((await projectOnly({ method: 'GET', url })).headers['x-read-cache']).toBe('hit');
    // The owner still meets their own answer, not the token's.
    expect((await owner({ method: 'GET', url })).headers['x-read-cache']).toBe('hit');
    // Narrowed to rights: refused before any kept answer is looked at.
    const refused = await rightsOnly({ method: 'GET', url });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['x-read-cache']).toBeUndefined();
    // A chatbot read kept for the owner is no answer for the project-narrowed token either.
    const chatbotUrl = controls(chatbot);
    await owner({ method: 'GET', url: chatbotUrl });
    expect((await owner({ method: 'GET', url: chatbotUrl })).headers['x-read-cache']).toBe('hit');
    expect((await projectOnly({ method: 'GET', url: chatbotUrl })).statusCode).toBe(404);
  });
});
