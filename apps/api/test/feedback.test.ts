import { afterAll, beforeAll, expect, it } from 'vitest';
import { build, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

it('stores feedback with the user and organization taken from the session, not the body', async () => {
  const editor = await t.login('editor@demo.local');
  const me = (await editor({ method: 'GET', url: '/api/users/me' })).json();
  const sent = await editor({
    method: 'POST',
    url: '/api/feedback',
    payload: { message: '  The risk matrix is great  ', page: '/projects', user_id: '00000000-0000-4000-8000-000000000000' },
  });
  expect(sent.statusCode).toBe(201);
  expect(sent.json()).toMatchObject({
    message: 'The risk matrix is great',
    page: '/projects',
    user_id: me.id,
    organization_id: me.organization.id,
    organization_name: 'Demo Organization',
  });
});

it('rejects an empty message', async () => {
  const editor = await t.login('editor@demo.local');
  const response = await editor({ method: 'POST', url: '/api/feedback', payload: { message: ' ' } });
  expect(response.statusCode).toBe(422);
  expect(response.json().errors[0]).toEqual({ path: 'body.message', message: 'Please write a few words' });
});

it('is read by platform operators of the organization only', async () => {
  const outsider = await t.login('outsider@other.local');
  await outsider({ method: 'POST', url: '/api/feedback', payload: { message: 'From the other org' } });
  expect((await (await t.login('admin@demo.local'))({ method: 'GET', url: '/api/feedback' })).statusCode).toBe(403);
  const internal = (await (await t.login('internal@demo.local'))({ method: 'GET', url: '/api/feedback' })).json();
  expect(internal.items.map((f: { message: string }) => f.message)).toEqual(['The risk matrix is great']);
  const all = (await (await t.login('super@demo.local'))({ method: 'GET', url: '/api/feedback' })).json();
  expect(all.total).toBe(2);
});
