import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, projects, users } from '../src/db/schema';
import { build, type TestApp } from './helper';

let t: TestApp;
let projectId: string;
beforeAll(async () => {
  t = await build();
  projectId = (await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model')))[0]!.id;
});
afterAll(() => t.close());

const idOf = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]!.id;

describe('project members and roles', () => {
  it('lists members with their roles, filtered by role, name and exclude_me', async () => {
    const owner = await t.login('owner@demo.local');
    const all = (await owner({ method: 'GET', url: `/api/projects/${projectId}/users?sort_by=email` })).json();
    expect(all.items.map((m: { email: string; roles: string[] }) => `${m.email}:${m.roles.join('+')}`)).toEqual([
      'auditor@demo.local:auditor', 'editor@demo.local:editor', 'owner@demo.local:owner', 'reviewer@demo.local:reviewer',
    ]);
    const reviewers = (await owner({ method: 'GET', url: `/api/projects/${projectId}/users?roles=reviewer,auditor&exclude_me=true` })).json();
    expect(reviewers.total).toBe(2);
    expect((await owner({ method: 'GET', url: `/api/projects/${projectId}/users?name=eddie` })).json().items[0].email).toBe('editor@demo.local');
    expect((await owner({ method: 'GET', url: `/api/projects/${projectId}/users?roles=boss` })).statusCode).toBe(422);
  });

  it('lets owners add, replace and remove roles; reviewers may not; the last owner stays', async () => {
    const owner = await t.login('owner@demo.local');
    const adminId = await idOf('admin@demo.local');
    const added = await owner({ method: 'POST', url: `/api/users/${adminId}/roles?role=editor&project_id=${projectId}` });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ email: 'admin@demo.local', roles: ['editor'] });
    const replaced = await owner({ method: 'PATCH', url: `/api/users/${adminId}/roles?project_id=${projectId}`, payload: { roles: ['auditor', 'reviewer'] } });
    expect(replaced.json().roles).toEqual(['auditor', 'reviewer']);

    const reviewer = await t.login('reviewer@demo.local');
    const refused = await reviewer({ method: 'POST', url: `/api/users/${adminId}/roles?role=owner&project_id=${projectId}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Missing permission user_roles:assign on this project');

    const ownerId = await idOf('owner@demo.local');
    const last = await owner({ method: 'DELETE', url: `/api/users/${ownerId}/roles?role=owner&project_id=${projectId}` });
    expect(last.statusCode).toBe(409);
    expect(last.json().detail).toBe('A project needs at least one owner: make someone else owner first');

    const outsiderId = await idOf('outsider@other.local');
    expect((await owner({ method: 'POST', url: `/api/users/${outsiderId}/roles?role=editor&project_id=${projectId}` })).statusCode).toBe(404);
    expect((await owner({ method: 'DELETE', url: `/api/users/${adminId}/roles?role=auditor&project_id=${projectId}` })).json().roles).toEqual(['reviewer']);
    const log = (await owner({ method: 'GET', url: `/api/projects/${projectId}/logs/${adminId}` })).json();
    expect(log.items.map((e: { action: string }) => e.action)).toEqual(['roles_changed', 'roles_changed', 'roles_changed']);
    expect(log.items[0]).toMatchObject({ before: { roles: ['auditor', 'reviewer'] }, after: { roles: ['reviewer'] }, actor: { name: 'Olivia Owner' } });
  });
});

describe('access requests and the dashboard', () => {
  it('tells the owners once, however often a member asks', async () => {
    const internal = await t.login('internal@demo.local');
    expect((await internal({ method: 'POST', url: `/api/projects/${projectId}/request_access` })).statusCode).toBe(409);

    const ownerId = await idOf('owner@demo.local');
    const [project] = await t.db.select().from(projects).where(eq(projects.id, projectId));
    // A fresh project where reviewer has no role.
    const owner = await t.login('owner@demo.local');
    const other = (await owner({ method: 'POST', url: '/api/projects', payload: { name: 'Vision QA', project_type: 'ai_application' } })).json();
    const reviewer = await t.login('reviewer@demo.local');
    expect((await reviewer({ method: 'GET', url: `/api/projects/${other.id}` })).statusCode).toBe(403);
    const first = await reviewer({ method: 'POST', url: `/api/projects/${other.id}/request_access` });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ notified: true, owners: 1 });
    expect((await reviewer({ method: 'POST', url: `/api/projects/${other.id}/request_access` })).json()).toEqual({ notified: false, owners: 1 });
    const sent = await t.db.select().from(notifications).where(and(eq(notifications.userId, ownerId), eq(notifications.objectType, 'access_request')));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ name: 'Access requested to Vision QA', link: `/projects/project-detail/${other.id}/settings` });
    expect(project!.name).toBe('Credit Scoring Model');
    expect((await (await t.login('outsider@other.local'))({ method: 'POST', url: `/api/projects/${other.id}/request_access` })).statusCode).toBe(404);
  });

  it('counts members by role on the dashboard', async () => {
    const editor = await t.login('editor@demo.local');
    const dashboard = (await editor({ method: 'GET', url: `/api/projects/${projectId}/dashboard` })).json();
    expect(dashboard).toMatchObject({ project_id: projectId, members_by_role: { owner: 1, editor: 1 } });
    expect(dashboard.members).toBeGreaterThanOrEqual(4);
  });
});
