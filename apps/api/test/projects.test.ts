import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, projects } from '../src/db/schema';
import { quotaAllows } from '../src/modules/projects/project-service';
import { organizationId } from './factories';
import { build, type TestApp } from './helper';

let t: TestApp;
let demo: string;
beforeAll(async () => {
  t = await build();
  demo = await organizationId(t, 'Demo Organization');
});
afterAll(() => t.close());

const setQuota = (id: string, quota: number | null) => t.db.update(organizations).set({ planQuotaProjects: quota }).where(eq(organizations.id, id));

describe('the quota rule of spec section 5', () => {
  it('allows while unset or below the limit, per project type', () => {
    expect(quotaAllows({ quota: null, ai: 99, organization: 99 }, 'ai_application')).toBe(true);
    expect(quotaAllows({ quota: 2, ai: 1, organization: 2 }, 'ai_application')).toBe(true);
    expect(quotaAllows({ quota: 2, ai: 2, organization: 0 }, 'ai_application')).toBe(false);
    expect(quotaAllows({ quota: 2, ai: 0, organization: 2 }, 'organization')).toBe(false);
    expect(quotaAllows({ quota: 0, ai: 0, organization: 0 }, 'organization')).toBe(false);
  });
});

describe('projects API', () => {
  it('creates a project with the creator as Owner, and lists it to them', async () => {
    const editor = await t.login('editor@demo.local');
    const created = await editor({ method: 'POST', url: '/api/projects', payload: { name: '  Fraud Detection ', project_type: 'ai_application', description: 'Card fraud model' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Fraud Detection', project_type: 'ai_application', roles: ['owner'], members: 1, frameworks: [] });
    const mine = (await editor({ method: 'GET', url: `/api/organizations/${demo}/projects?sort_by=name` })).json();
    expect(mine.items.map((p: { name: string }) => p.name)).toEqual(['Credit Scoring Model', 'Fraud Detection']);
    // Another member sees only the projects they belong to; an admin (full access) sees all.
    const reviewer = (await (await t.login('reviewer@demo.local'))({ method: 'GET', url: `/api/organizations/${demo}/projects` })).json();
    expect(reviewer.items.map((p: { name: string }) => p.name)).toEqual(['Credit Scoring Model']);
    const admin = (await (await t.login('admin@demo.local'))({ method: 'GET', url: `/api/organizations/${demo}/projects?project_type=ai_application&name=fraud` })).json();
    expect(admin.items).toEqual([expect.objectContaining({ name: 'Fraud Detection', roles: [] })]);
  });

  it('refuses over quota with a detail naming the limit, and allows again when the quota is unset', async () => {
    const internal = await t.login('internal@demo.local');
    await setQuota(demo, 1);
    try {
      const refused = await internal({ method: 'POST', url: '/api/projects', payload: { name: 'Over the limit', project_type: 'ai_application' } });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toMatch(/^Your plan allows 1 AI-application projects and \d+ are in use/);
      const otherType = await internal({ method: 'POST', url: '/api/projects', payload: { name: 'ISO 42001 AIMS', project_type: 'organization' } });
      expect(otherType.statusCode).toBe(201);
      expect((await internal({ method: 'POST', url: '/api/projects', payload: { name: 'Second AIMS', project_type: 'organization' } })).statusCode).toBe(409);
      await setQuota(demo, null);
      expect((await internal({ method: 'POST', url: '/api/projects', payload: { name: 'Over the limit', project_type: 'ai_application' } })).statusCode).toBe(201);
    } finally {
      await setQuota(demo, 10);
    }
  });

  it('applies the frameworks chosen at creation, and refuses unknown or repeated ones with nothing written', async () => {
    const owner = await t.login('owner@demo.local');
    const created = await owner({ method: 'POST', url: '/api/projects', payload: { name: 'Hiring assistant', project_type: 'ai_application', frameworks: ['ISO_IEC_42001', 'EU_AI_ACT'] } });
    expect(created.statusCode).toBe(201);
    const applied = [
      { framework_code: 'EU_AI_ACT', name: 'EU AI Act' },
      { framework_code: 'ISO_IEC_42001', name: 'ISO/IEC 42001:2023 AI management system' },
    ];
    expect(created.json()).toMatchObject({ frameworks: applied, rights: expect.arrayContaining(['projects:delete', 'user_roles:assign']) });
    expect((await owner({ method: 'GET', url: `/api/projects/${created.json().id}` })).json().frameworks).toEqual(applied);

    const unknown = await owner({ method: 'POST', url: '/api/projects', payload: { name: 'Unknown framework', project_type: 'ai_application', frameworks: ['SOC2'] } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0]).toEqual({ path: 'frameworks.SOC2', message: 'SOC2 is not a framework your organization can apply' });
    const malformed = await owner({ method: 'POST', url: '/api/projects', payload: { name: 'Malformed framework', project_type: 'ai_application', frameworks: ['not a code'] } });
    expect(malformed.json().errors[0].path).toBe('body.frameworks.0');
    const repeated = await owner({ method: 'POST', url: '/api/projects', payload: { name: 'Repeated framework', project_type: 'ai_application', frameworks: ['EU_AI_ACT', 'EU_AI_ACT'] } });
    expect(repeated.json().errors[0]).toEqual({ path: 'body.frameworks', message: 'Choose each framework once' });
    const names = (await owner({ method: 'GET', url: `/api/organizations/${demo}/projects?size=250` })).json().items.map((p: { name: string }) => p.name);
    expect(names).not.toContain('Unknown framework');
    expect(names).not.toContain('Malformed framework');
    expect(names).not.toContain('Repeated framework');
  });

  it("gives a reviewer read rights only, and the project's log by its own id covers everything in it", async () => {
    const [seeded] = await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model'));
    const reviewer = await t.login('reviewer@demo.local');
    const seen = (await reviewer({ method: 'GET', url: `/api/projects/${seeded!.id}` })).json();
    expect(seen.roles).toEqual(['reviewer']);
    expect(seen.rights).toContain('comments:create');
    expect(seen.rights).not.toContain('projects:update');
    // Narrowed tokens narrow the rights the project reports too.
    const narrowed = await t.login('owner@demo.local', ['projects:read']);
    expect((await narrowed({ method: 'GET', url: `/api/projects/${seeded!.id}` })).json().rights).toEqual(['projects:read']);

    const owner = await t.login('owner@demo.local');
    const project = (await owner({ method: 'POST', url: '/api/projects', payload: { name: 'Log coverage', project_type: 'organization' } })).json();
    const editorId = (await (await t.login('editor@demo.local'))({ method: 'GET', url: '/api/users/me' })).json().id;
    await owner({ method: 'POST', url: `/api/users/${editorId}/roles?role=editor&project_id=${project.id}` });
    await owner({ method: 'PATCH', url: `/api/projects/${project.id}`, payload: { description: 'Now described' } });
    const log = (await owner({ method: 'GET', url: `/api/projects/${project.id}/logs/${project.id}` })).json();
    expect(log.items.map((e: { object_type: string; action: string }) => `${e.object_type}:${e.action}`)).toEqual(['project:updated', 'project_member:roles_changed', 'project:created']);
    const memberLog = (await owner({ method: 'GET', url: `/api/projects/${project.id}/logs/${editorId}` })).json();
    expect(memberLog.total).toBe(1);
  });

  it('validates names and types, and refuses duplicates', async () => {
    const owner = await t.login('owner@demo.local');
    const empty = await owner({ method: 'POST', url: '/api/projects', payload: { name: ' ', project_type: 'ai_application' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors[0]).toEqual({ path: 'body.name', message: 'Name is required' });
    const long = await owner({ method: 'POST', url: '/api/projects', payload: { name: 'x'.repeat(201), project_type: 'ai_application' } });
    expect(long.json().errors[0].message).toBe('Name must be at most 200 characters');
    const type = await owner({ method: 'POST', url: '/api/projects', payload: { name: 'Y', project_type: 'robot' } });
    expect(type.json().errors[0]).toEqual({ path: 'body.project_type', message: 'project_type must be ai_application or organization' });
    const duplicate = await owner({ method: 'POST', url: '/api/projects', payload: { name: 'credit scoring model', project_type: 'organization' } });
    expect(duplicate.statusCode).toBe(409);
  });

  it('lets owners and admins change and delete, refuses editors and reviewers, and hides other organizations', async () => {
    const owner = await t.login('owner@demo.local');
    const created = (await owner({ method: 'POST', url: '/api/projects', payload: { name: 'Chatbot', project_type: 'ai_application' } })).json();
    const url = `/api/projects/${created.id}`;
    expect((await owner({ method: 'GET', url })).json()).toMatchObject({ name: 'Chatbot', roles: ['owner'] });

    const renamed = await owner({ method: 'PATCH', url, payload: { name: 'Support chatbot', description: 'LLM assistant' } });
    expect(renamed.json()).toMatchObject({ name: 'Support chatbot', description: 'LLM assistant' });
    expect((await owner({ method: 'PATCH', url, payload: {} })).statusCode).toBe(422);

    const [seeded] = await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model'));
    const seededUrl = `/api/projects/${seeded!.id}`;
    const editor = await t.login('editor@demo.local');
    const editorDelete = await editor({ method: 'DELETE', url: seededUrl });
    expect(editorDelete.statusCode).toBe(403);
    expect(editorDelete.json().detail).toBe('Missing permission projects:delete on this project');
    expect((await (await t.login('reviewer@demo.local'))({ method: 'PATCH', url: seededUrl, payload: { name: 'Mine' } })).statusCode).toBe(403);
    expect((await (await t.login('outsider@other.local'))({ method: 'GET', url: seededUrl })).statusCode).toBe(404);
    // Full access (the internal role holds it) opens any project of the organization.
    expect((await (await t.login('internal@demo.local'))({ method: 'GET', url })).statusCode).toBe(200);

    expect((await owner({ method: 'DELETE', url })).statusCode).toBe(204);
    expect((await owner({ method: 'DELETE', url })).statusCode).toBe(404);
    expect((await (await t.login('admin@demo.local'))({ method: 'GET', url })).statusCode).toBe(404);
  });
});
