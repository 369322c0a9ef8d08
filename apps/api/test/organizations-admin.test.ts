import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../src/db/schema';
import { DEMO_TAGS } from '../src/demo/seed-tags';
import { organizationId, uniqueEmail } from './factories';
import { build, type TestApp } from './helper';

let t: TestApp;
let demo: string;
let other: string;
beforeAll(async () => {
  t = await build();
  demo = await organizationId(t, 'Demo Organization');
  other = await organizationId(t, 'Other Organization');
});
afterAll(() => t.close());

describe('platform view of organizations', () => {
  it('is for platform operators only: internal and super admin yes, admins and members 403', async () => {
    for (const email of ['admin@demo.local', 'reviewer@demo.local', 'outsider@other.local']) {
      const response = await (await t.login(email))({ method: 'GET', url: '/api/organizations' });
      expect(response.statusCode, email).toBe(403);
      expect(response.json().detail).toBe('Missing permission internal_metrics:read');
    }
    const internal = await t.login('internal@demo.local');
    const list = (await internal({ method: 'GET', url: '/api/organizations?sort_by=name' })).json();
    expect(list.items.map((o: { name: string }) => o.name)).toEqual(['Demo Organization', 'Other Organization']);
    expect(list.items[0]).toMatchObject({ plan_quota: { projects: 10 }, used_quota: { projects_ai_application: 2, projects_organization: 0 } });
    expect((await (await t.login('super@demo.local'))({ method: 'GET', url: '/api/organizations?name=other' })).json().total).toBe(1);
  });

  it('creates an organization with its first admin invited, refusing duplicate names', async () => {
    const internal = await t.login('internal@demo.local');
    const email = uniqueEmail('founder');
    const created = await internal({ method: 'POST', url: '/api/organizations', payload: { name: 'Acme AI', plan_quota: { projects: 3 }, admin_email: email } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Acme AI', plan_quota: { projects: 3 }, used_quota: { projects_ai_application: 0, projects_organization: 0 } });
    expect(created.json().admin_invitation).toMatchObject({ email });
    const link = new URL(created.json().admin_invitation.signup_link).pathname;
    expect(String((await t.app.inject({ method: 'GET', url: link })).headers.location)).toContain('/idp/auth?');

    const duplicate = await internal({ method: 'POST', url: '/api/organizations', payload: { name: 'acme ai' } });
    expect(duplicate.statusCode).toBe(409);
    expect((await internal({ method: 'POST', url: '/api/organizations', payload: { name: '' } })).statusCode).toBe(422);
    expect((await internal({ method: 'POST', url: '/api/organizations', payload: { name: 'X', plan_quota: { projects: -1 } } })).statusCode).toBe(422);
  });

  it('lets an admin rename their own organization but not change its quota; operators may, above usage only', async () => {
    const admin = await t.login('admin@demo.local');
    expect((await admin({ method: 'PATCH', url: `/api/organizations/${demo}`, payload: { name: 'Demo Organization' } })).statusCode).toBe(200);
    const quota = await admin({ method: 'PATCH', url: `/api/organizations/${demo}`, payload: { plan_quota: { projects: 50 } } });
    expect(quota.statusCode).toBe(403);
    expect((await admin({ method: 'PATCH', url: `/api/organizations/${other}`, payload: { name: 'Mine now' } })).statusCode).toBe(404);

    const internal = await t.login('internal@demo.local');
    const below = await internal({ method: 'PATCH', url: `/api/organizations/${demo}`, payload: { plan_quota: { projects: 0 } } });
    expect(below.statusCode).toBe(409);
    expect(below.json().detail).toContain('cannot be below current usage');
    const raised = await internal({ method: 'PATCH', url: `/api/organizations/${other}`, payload: { plan_quota: { projects: null } } });
    expect(raised.json().plan_quota).toEqual({ projects: null });
  });

  it('reports the quota to members of the organization', async () => {
    const member = await t.login('editor@demo.local');
    const response = await member({ method: 'GET', url: `/api/v1/organizations/${demo}/quota` });
    expect(response.json()).toEqual({ organization_id: demo, plan_quota: { projects: 10 }, used_quota: { projects_ai_application: 2, projects_organization: 0 } });
    expect((await member({ method: 'GET', url: `/api/v1/organizations/${other}/quota` })).statusCode).toBe(404);
  });

  it('gives metrics per organization and overview totals', async () => {
    const internal = await t.login('internal@demo.local');
    const metrics = (await internal({ method: 'GET', url: '/api/v1/organizations/metrics?sort_by=users&descending=true' })).json();
    expect(metrics.items[0]).toMatchObject({ name: 'Demo Organization', projects_ai_application: 2 });
    expect(metrics.items[0].users).toBeGreaterThanOrEqual(7);
    const overview = (await internal({ method: 'GET', url: '/api/v1/organizations/overview' })).json();
    expect(overview).toMatchObject({ projects: 2, projects_ai_application: 2, projects_organization: 0 });
    expect(overview.organizations).toBeGreaterThanOrEqual(2);
  });

  it('deletes an organization only with cascade while it has projects, never your own', async () => {
    const internal = await t.login('internal@demo.local');
    const created = (await internal({ method: 'POST', url: '/api/organizations', payload: { name: 'Short-lived' } })).json();
    await t.db.insert(projects).values({ organizationId: created.id, name: 'Pilot', projectType: 'organization' });
    const refused = await internal({ method: 'DELETE', url: `/api/v1/organizations/${created.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('Short-lived still has 1 project(s): delete them first, or confirm deleting everything with cascade=true');
    expect((await internal({ method: 'DELETE', url: `/api/v1/organizations/${created.id}?cascade=true` })).statusCode).toBe(204);
    expect((await internal({ method: 'GET', url: `/api/organizations?name=Short-lived` })).json().total).toBe(0);
    const own = await internal({ method: 'DELETE', url: `/api/v1/organizations/${demo}` });
    expect(own.statusCode).toBe(409);
  });
});

describe('tags', () => {
  it('members read, admins manage, names are unique per organization, and other organizations see nothing', async () => {
    const admin = await t.login('admin@demo.local');
    const url = `/api/organizations/${demo}/tags`;
    const created = await admin({ method: 'POST', url, payload: { name: 'Fairness', color: '#AA3366' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Fairness', color: '#aa3366' });
    expect((await admin({ method: 'POST', url, payload: { name: 'fairness' } })).statusCode).toBe(409);
    expect((await admin({ method: 'POST', url, payload: { name: 'Bad', color: 'red' } })).statusCode).toBe(422);

    const member = await t.login('reviewer@demo.local');
    const listed = (await member({ method: 'GET', url })).json();
    // Beside the demo seed's tags, by name.
    expect(listed.items.map((tg: { name: string }) => tg.name)).toEqual([...DEMO_TAGS.map((tg) => tg.name), 'Fairness'].sort());
    // The v1 reading is the platform's tags (the MFF-1 domains), the same for every organization.
    expect((await member({ method: 'GET', url: `/api/v1/organizations/${demo}/tags` })).json().total).toBe(15);
    expect((await member({ method: 'POST', url, payload: { name: 'Nope' } })).statusCode).toBe(403);

    const id = created.json().tag_id;
    const renamed = await admin({ method: 'PATCH', url: `${url}/${id}`, payload: { name: 'Bias & fairness' } });
    expect(renamed.json().name).toBe('Bias & fairness');
    const outsider = await t.login('outsider@other.local');
    expect((await outsider({ method: 'GET', url })).statusCode).toBe(404);
    expect((await admin({ method: 'DELETE', url: `${url}/${id}` })).statusCode).toBe(204);
    expect((await admin({ method: 'DELETE', url: `${url}/${id}` })).statusCode).toBe(404);
  });
});
