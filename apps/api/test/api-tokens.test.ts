import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

describe.each(['/api/auth/api', '/api/auth/api-tokens'])('personal API tokens at %s', (path) => {
  it('are created, shown once, listed without the secret, used as Bearer and revoked at once', async () => {
    const owner = await t.login('owner@demo.local');
    const created = await owner({ method: 'POST', url: path, payload: { name: 'CI pipeline' } });
    expect(created.statusCode).toBe(201);
    const token = created.json();
    expect(token).toMatchObject({ name: 'CI pipeline', expires_at: expect.any(String), last_used_at: null, rights: null, project_id: null, project_name: null });
    expect(token.token).toMatch(/^aeg_[\w-]{43}$/);
    expect(token.token.startsWith(token.prefix)).toBe(true);

    const listed = (await owner({ method: 'GET', url: path })).json();
    const item = listed.items.find((i: { token_id: string }) => i.token_id === token.token_id);
    expect(item).toMatchObject({ name: 'CI pipeline', prefix: token.prefix, rights: null, project_id: null, project_name: null });
    expect(JSON.stringify(listed)).not.toContain(token.token);

    const viaToken = t.as(token.token);
    const me = await viaToken({ method: 'GET', url: '/api/users/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('owner@demo.local');
    const status = (await viaToken({ method: 'GET', url: '/api/auth/token/status' })).json();
    expect(status).toMatchObject({ token_type: 'api', expires_at: token.expires_at });

    const used = (await owner({ method: 'GET', url: path })).json();
    expect(used.items.find((i: { token_id: string }) => i.token_id === token.token_id).last_used_at).not.toBeNull();

    const deleted = await owner({ method: 'DELETE', url: `${path}?token_id=${token.token_id}` });
    expect(deleted.statusCode).toBe(204);
    const after = await viaToken({ method: 'GET', url: '/api/users/me' });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('invalid_token');
  });
});

describe('personal API token rules', () => {
  it('expire at their expiry time', async () => {
    const owner = await t.login('owner@demo.local');
    const expiresAt = new Date(Date.now() + 3600_000).toISOString();
    const token = (await owner({ method: 'POST', url: '/api/auth/api', payload: { name: 'short', expires_at: expiresAt } })).json();
    expect((await t.as(token.token)({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(200);
    t.clock.advance(3601_000);
    try {
      const response = await t.as(token.token)({ method: 'GET', url: '/api/users/me' });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('token_expired');
    } finally {
      t.clock.advance(-3601_000);
    }
  });

  it('are private to their owner: another user cannot list or delete them', async () => {
    const owner = await t.login('owner@demo.local');
    const token = (await owner({ method: 'POST', url: '/api/auth/api', payload: { name: 'mine' } })).json();
    const editor = await t.login('editor@demo.local');
    const list = (await editor({ method: 'GET', url: '/api/auth/api' })).json();
    expect(list.items.map((i: { token_id: string }) => i.token_id)).not.toContain(token.token_id);
    const deleted = await editor({ method: 'DELETE', url: `/api/auth/api?token_id=${token.token_id}` });
    expect(deleted.statusCode).toBe(404);
    const outsider = await t.login('outsider@other.local');
    expect((await outsider({ method: 'DELETE', url: `/api/auth/api?token_id=${token.token_id}` })).statusCode).toBe(404);
  });

  it('validate their input', async () => {
    const owner = await t.login('owner@demo.local');
    const blank = await owner({ method: 'POST', url: '/api/auth/api', payload: { name: '   ' } });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors[0]).toEqual({ path: 'body.name', message: 'Name is required' });
    const long = await owner({ method: 'POST', url: '/api/auth/api', payload: { name: 'x'.repeat(101) } });
    expect(long.statusCode).toBe(422);
    const past = await owner({ method: 'POST', url: '/api/auth/api', payload: { name: 'old', expires_at: '2000-01-01T00:00:00Z' } });
    expect(past.statusCode).toBe(422);
    expect(past.json().detail).toBe('expires_at must be in the future');
    const badDate = await owner({ method: 'POST', url: '/api/auth/api', payload: { name: 'x', expires_at: 'tomorrow' } });
    expect(badDate.statusCode).toBe(422);
    expect(badDate.json().errors[0].path).toBe('body.expires_at');
    const badId = await owner({ method: 'DELETE', url: '/api/auth/api?token_id=nope' });
    expect(badId.statusCode).toBe(422);
    const noId = await owner({ method: 'DELETE', url: '/api/auth/api' });
    expect(noId.statusCode).toBe(422);
    expect(noId.json().errors[0].path).toBe('querystring.token_id');
    const page = await owner({ method: 'GET', url: '/api/auth/api?size=251' });
    expect(page.statusCode).toBe(422);
  });

  it('page their list', async () => {
    const internal = await t.login('internal@demo.local');
    for (const name of ['a', 'b', 'c']) await internal({ method: 'POST', url: '/api/auth/api', payload: { name } });
    const first = (await internal({ method: 'GET', url: '/api/auth/api?page=1&size=2' })).json();
    expect(first).toMatchObject({ total: 3, page: 1, size: 2, pages: 2 });
    expect(first.items.map((i: { name: string }) => i.name)).toEqual(['c', 'b']);
    const second = (await internal({ method: 'GET', url: '/api/auth/api?page=2&size=2' })).json();
    expect(second.items.map((i: { name: string }) => i.name)).toEqual(['a']);
  });

  it('are listed with their scope: the project (by name) and the rights they are narrowed to', async () => {
    const owner = await t.login('owner@demo.local');
    const project = (await owner({ method: 'GET', url: '/api/users/me' })).json().project_roles[0].project_id as string;
    const created = await owner({ method: 'POST', url: '/api/auth/api', payload: { name: 'scoped', project_id: project, rights: ['testing_logs:create', 'controls:read', 'controls:read'] } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ project_id: project, project_name: expect.any(String), rights: ['controls:read', 'testing_logs:create'] });
    const listed = (await owner({ method: 'GET', url: '/api/auth/api' })).json();
    expect(listed.items.find((i: { token_id: string }) => i.token_id === created.json().token_id)).toMatchObject({
      project_id: project,
      project_name: created.json().project_name,
      rights: ['controls:read', 'testing_logs:create'],
    });
  });
});
