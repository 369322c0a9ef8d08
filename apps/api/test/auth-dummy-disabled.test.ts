import { afterAll, beforeAll, expect, it } from 'vitest';
import { build, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build({ AUTH_DUMMY_ENABLED: 'false', AUTH_RATE_LIMIT_MAX: '3' });
});
afterAll(() => t.close());

it('hides the dummy endpoint unless AUTH_DUMMY_ENABLED is true', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/auth/dummy?x=admin@demo.local' });
  expect(response.statusCode).toBe(404);
});

it('rate-limits the auth endpoints with a 429 in the common error shape', async () => {
  const codes: number[] = [];
  for (let i = 0; i < 4; i++) {
    codes.push((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { grant_type: 'refresh_token', refresh_token: 'x' } })).statusCode);
  }
  // The refresh limit is four times the sign-in limit; the sign-in endpoints hit theirs sooner.
  // An unknown refresh token is an invalid grant (RFC 6749 §5.2: 400).
  expect(codes).toEqual([400, 400, 400, 400]);
  const authorize: number[] = [];
  let last;
  for (let i = 0; i < 4; i++) {
    last = await t.app.inject({ method: 'GET', url: '/api/auth/authorize' });
    authorize.push(last.statusCode);
  }
  expect(authorize).toEqual([302, 302, 302, 429]);
  expect(last!.json()).toMatchObject({ code: 'too_many_requests' });
  expect(last!.json().detail).toMatch(/^Too many requests; try again in \d+ seconds$/);
});
