import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATION_PERMISSIONS, PROJECT_PERMISSIONS } from '@aegis/contracts';
import { build, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

async function me(email: string) {
  const response = await (await t.login(email))({ method: 'GET', url: '/api/users/me' });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  const orgRights: string[] = body.organization ? body.organization_rights[body.organization.id] : [];
  const projectRights = Object.values(body.project_rights) as string[][];
  return { body, orgRights, projectRights: projectRights[0] ?? [] };
}

const MEMBER_RIGHTS = [
  'users:read', 'projects:read', 'frameworks:read', 'quota:read', 'vendors:read', 'vendor_documents:read',
  'vendor_documents:read_file_url', 'vendor_documents:download', 'templates:read', 'files:read', 'tags:read',
];

describe('GET /api/users/me computes rights for each seeded user', () => {
  it('super admin holds every permission', async () => {
    const { body, orgRights } = await me('super@demo.local');
    expect(body.is_super_admin).toBe(true);
    expect(orgRights).toHaveLength(ORGANIZATION_PERMISSIONS.length);
  });

  it('organization admin holds every organization permission but internal metrics, and owns no project role', async () => {
    const { body, orgRights } = await me('admin@demo.local');
    expect(body).toMatchObject({ roles: ['admin'], is_super_admin: false, terms_accepted: true, project_roles: [], project_rights: {} });
    expect(orgRights).toContain('projects:full_access');
    expect(orgRights).toContain('config:read');
    expect(orgRights).not.toContain('internal_metrics:read');
    expect(orgRights).toHaveLength(ORGANIZATION_PERMISSIONS.length - 1);
  });

  it('internal holds internal metrics on top of the admin set', async () => {
    const { body, orgRights } = await me('internal@demo.local');
    expect(body.roles).toEqual(['internal']);
    expect(orgRights).toHaveLength(ORGANIZATION_PERMISSIONS.length);
  });

  it('project owner: member rights in the organization, every project permission on each project they own', async () => {
    const { body, orgRights } = await me('owner@demo.local');
    expect(orgRights.sort()).toEqual([...MEMBER_RIGHTS].sort());
    // The demo seed makes them owner of two projects: Credit Scoring Model and Customer Support Chatbot.
    expect(body.project_roles).toEqual([
      { project_id: expect.any(String), role: 'owner' },
      { project_id: expect.any(String), role: 'owner' },
    ]);
    for (const rights of Object.values(body.project_rights) as string[][]) expect(rights).toHaveLength(PROJECT_PERMISSIONS.length);
  });

  it('editor: contributes but cannot administer the project or decide reviews', async () => {
    const { projectRights } = await me('editor@demo.local');
    for (const right of ['risks:create', 'treatment_strategy:delete', 'evidences:upload', 'testing_results:run', 'reviews:request', 'questions:answer']) {
      expect(projectRights).toContain(right);
    }
    for (const right of ['projects:update', 'projects:delete', 'user_roles:assign', 'reviews:set_decision', 'reviews:force_update_status']) {
      expect(projectRights).not.toContain(right);
    }
  });

  it('reviewer: reads, comments and decides reviews only', async () => {
    const { projectRights } = await me('reviewer@demo.local');
    expect(projectRights).toContain('reviews:set_decision');
    expect(projectRights).toContain('comments:create');
    expect(projectRights).toContain('evidences:download');
    for (const right of ['risks:create', 'controls:update', 'evidences:upload', 'reviews:request']) expect(projectRights).not.toContain(right);
  });

  it('auditor: assesses controls and forces review status, but uploads nothing', async () => {
    const { projectRights } = await me('auditor@demo.local');
    for (const right of ['controls:update', 'control_assessments:create', 'reviews:request', 'reviews:set_decision', 'reviews:force_update_status']) {
      expect(projectRights).toContain(right);
    }
    for (const right of ['evidences:upload', 'risks:create', 'controls:assignee_update', 'projects:update']) expect(projectRights).not.toContain(right);
  });

  it('outsider sees only their own organization', async () => {
    const { body, orgRights } = await me('outsider@other.local');
    expect(body.organization.name).toBe('Other Organization');
    expect(body.organization_roles).toEqual([{ organization_id: body.organization.id, role: 'admin' }]);
    expect(body.project_rights).toEqual({});
    expect(orgRights).toContain('projects:full_access');
  });
});

describe('PATCH /api/users/me', () => {
  it('changes names and terms acceptance', async () => {
    const editor = await t.login('editor@demo.local');
    const changed = await editor({ method: 'PATCH', url: '/api/users/me', payload: { firstname: ' Edward ', terms_accepted: false } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ firstname: 'Edward', lastname: 'Editor', terms_accepted: false });
    const accepted = await editor({ method: 'PATCH', url: '/api/users/me', payload: { terms_accepted: true, firstname: 'Eddie' } });
    expect(accepted.json()).toMatchObject({ firstname: 'Eddie', terms_accepted: true });
  });

  it('rejects an empty change, blank names and unknown types with the field named', async () => {
    const editor = await t.login('editor@demo.local');
    const empty = await editor({ method: 'PATCH', url: '/api/users/me', payload: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail).toContain('Send at least one of');
    const blank = await editor({ method: 'PATCH', url: '/api/users/me', payload: { lastname: '  ' } });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors[0]).toEqual({ path: 'body.lastname', message: 'Must not be empty' });
    const wrongType = await editor({ method: 'PATCH', url: '/api/users/me', payload: { terms_accepted: 'yes' } });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().errors[0].path).toBe('body.terms_accepted');
  });

  it('withdraws terms through DELETE /api/users/terms-and-conditions', async () => {
    const reviewer = await t.login('reviewer@demo.local');
    expect((await reviewer({ method: 'DELETE', url: '/api/users/terms-and-conditions' })).statusCode).toBe(204);
    expect((await reviewer({ method: 'GET', url: '/api/users/me' })).json().terms_accepted).toBe(false);
    await reviewer({ method: 'PATCH', url: '/api/users/me', payload: { terms_accepted: true } });
  });
});

describe('last access and other users', () => {
  it('records last access under both spellings', async () => {
    const auditor = await t.login('auditor@demo.local');
    const admin = await t.login('admin@demo.local');
    const auditorId = (await auditor({ method: 'GET', url: '/api/users/me' })).json().id;
    expect((await auditor({ method: 'PATCH', url: '/api/users/me/last_access' })).statusCode).toBe(204);
    const first = (await admin({ method: 'GET', url: `/api/users/${auditorId}` })).json().last_access_at;
    expect(first).not.toBeNull();
    t.clock.advance(60_000);
    expect((await auditor({ method: 'PATCH', url: '/api/users/me/last-access' })).statusCode).toBe(204);
    const second = (await admin({ method: 'GET', url: `/api/users/${auditorId}` })).json().last_access_at;
    expect(new Date(second).getTime()).toBeGreaterThan(new Date(first).getTime());
  });

  it('shows a user of the same organization, and hides other organizations behind 404', async () => {
    const editor = await t.login('editor@demo.local');
    const outsiderId = (await (await t.login('outsider@other.local'))({ method: 'GET', url: '/api/users/me' })).json().id;
    const ownerId = (await (await t.login('owner@demo.local'))({ method: 'GET', url: '/api/users/me' })).json().id;

    const same = await editor({ method: 'GET', url: `/api/users/${ownerId}` });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ email: 'owner@demo.local', roles: ['member'], status: 'active' });

    const other = await editor({ method: 'GET', url: `/api/users/${outsiderId}` });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: 'User not found', code: 'not_found' });

    expect((await editor({ method: 'GET', url: '/api/users/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    const malformed = await editor({ method: 'GET', url: '/api/users/abc' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors[0].path).toBe('params.user_id');
  });

  it('needs users:read: a token narrowed without it gets 403', async () => {
    const narrowed = await t.login('admin@demo.local', ['projects:read']);
    const ownerId = (await (await t.login('owner@demo.local'))({ method: 'GET', url: '/api/users/me' })).json().id;
    const response = await narrowed({ method: 'GET', url: `/api/users/${ownerId}` });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe('Missing permission users:read');
  });
});

describe('current user revalidation', () => {
  it('answers a repeated read with 304 while nothing changed, and a fresh answer once something did', async () => {
    const editor = await t.login('editor@demo.local');
    const first = await editor({ method: 'GET', url: '/api/users/me' });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await editor({ method: 'GET', url: '/api/users/me', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    expect((await editor({ method: 'PATCH', url: '/api/users/me', payload: { firstname: 'Edna' } })).statusCode).toBe(200);
    const changed = await editor({ method: 'GET', url: '/api/users/me', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().firstname).toBe('Edna');
    expect(changed.headers.etag).not.toBe(etag);
  });
});

describe('current user size', () => {
  it('does not grow with the organization: projects the admin reaches through full access are said once, in organization_rights', async () => {
    const admin = await t.login('admin@demo.local');
    const creator = await t.login('owner@demo.local');
    const before = await admin({ method: 'GET', url: '/api/users/me' });
    for (let i = 0; i < 5; i++) {
      const created = await creator({ method: 'POST', url: '/api/projects', payload: { name: `Growth ${i}`, project_type: 'ai_application' } });
      expect(created.statusCode).toBe(201);
    }
    const after = await admin({ method: 'GET', url: '/api/users/me' });
    expect(after.json().organization_rights[after.json().organization.id]).toContain('projects:full_access');
    expect(after.body.length).toBe(before.body.length);

    // Projects the admin creates give them a role each, listed in project_roles; their rights there are
    // what full access gives anyway, said once.
    const created = await admin({ method: 'POST', url: '/api/projects', payload: { name: 'Admin made', project_type: 'ai_application' } });
    expect(created.statusCode).toBe(201);
    const withRole = (await admin({ method: 'GET', url: '/api/users/me' })).json();
    expect(withRole.project_roles).toContainEqual({ project_id: created.json().id, role: 'owner' });
    expect(withRole.project_rights).toEqual({});
  });
});
