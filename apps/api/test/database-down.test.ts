import { afterAll, beforeAll, expect, it } from 'vitest';
import { build, type TestApp } from './helper';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await build();
  token = (await t.tokensFor('admin@demo.local')).access_token;
  await t.database.close();
});
afterAll(() => t.close());

it('health answers 503 when the database is down', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(503);
  const body = response.json();
  expect(body).toMatchObject({ status: 'unavailable', database: 'unavailable', version: 'v1.2.6' });
  // Which part failed: the database; the others still answer.
  expect(body.components.database).toMatchObject({ status: 'unavailable', detail: expect.stringMatching(/does not answer/) });
  expect(body.components.file_storage.status).toBe('ok');
});

it('requests fail fast with 503, not 500 and not a hang', async () => {
  const started = Date.now();
  const response = await t.as(token)({ method: 'GET', url: '/api/users/me' });
  expect(response.statusCode).toBe(503);
  expect(response.json()).toMatchObject({ code: 'service_unavailable', detail: 'The database is unavailable; try again shortly' });
  expect(Date.now() - started).toBeLessThan(10_000);
  const refresh = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { grant_type: 'refresh_token', refresh_token: 'x' } });
  expect(refresh.statusCode).toBe(503);
});
