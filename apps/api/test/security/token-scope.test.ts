import { afterAll, beforeAll, expect, it } from 'vitest';
import { organizationId } from '../factories';
import { build, type TestApp } from '../helper';

/**
 * Finding 6 (low): a narrowed token created a full API token, API tokens created API tokens, API tokens
 * never expired by default, and a deactivated user's API tokens worked again after reactivation.
 */
let t: TestApp;
let demo: string;
beforeAll(async () => {
  t = await build();
  demo = await organizationId(t, 'Demo Organization');
});
afterAll(() => t.close());

const create = (as: ReturnType<TestApp['as']>, payload: object = { name: 'ci' }) => as({ method: 'POST', url: '/api/auth/api', payload });

it('an API token never holds more than the token that created it', async () => {
  const narrowed = await t.login('admin@demo.local', ['projects:read']);
  const created = await create(narrowed);
  expect(created.statusCode).toBe(201);
  expect(created.json().rights).toEqual(['projects:read']);
  const withToken = t.as(created.json().token);
  const profile = (await withToken({ method: 'GET', url: '/api/users/me' })).json();
  expect(profile.organization_rights[demo]).toEqual(['projects:read']);
  expect((await withToken({ method: 'GET', url: `/api/organizations/${demo}/users` })).statusCode).toBe(403);
});

it('API tokens cannot create API tokens', async () => {
  const admin = await t.login('admin@demo.local');
  const token = (await create(admin)).json().token as string;
  const chained = await create(t.as(token));
  expect(chained.statusCode).toBe(403);
  expect(chained.json().code).toBe('api_token_forbidden');
});

it('expires after 90 days by default and never later than a year', async () => {
  const admin = await t.login('admin@demo.local');
  const created = (await create(admin)).json();
  const days = (Date.parse(created.expires_at) - Date.parse(created.created_at)) / 86_400_000;
  expect(Math.round(days)).toBe(90);
  const tooLong = await create(admin, { name: 'forever', expires_at: new Date(Date.now() + 400 * 86_400_000).toISOString() });
  expect(tooLong.statusCode).toBe(422);
  expect(tooLong.json().detail).toContain('365 days');
});

it("deactivating a member revokes their API tokens for good", async () => {
  const admin = await t.login('admin@demo.local');
  const editor = await t.login('editor@demo.local');
  const token = (await create(editor)).json().token as string;
  expect((await t.as(token)({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(200);
  const editorId = (await editor({ method: 'GET', url: '/api/users/me' })).json().id;
  const statusUrl = `/api/organizations/${demo}/users/${editorId}/status`;
  expect((await admin({ method: 'PATCH', url: statusUrl, payload: { status: 'deactivated' } })).statusCode).toBe(200);
  expect((await t.as(token)({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
  expect((await admin({ method: 'PATCH', url: statusUrl, payload: { status: 'active' } })).statusCode).toBe(200);
  expect((await t.as(token)({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
});
