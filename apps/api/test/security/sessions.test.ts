import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestBrowser } from '../browser';
import { build, type TestApp } from '../helper';
import { signInThroughProvider } from '../sign-in';
import { signInWithPassword } from './flows';
import { FREE_FAILURES } from '../../src/idp/sign-in-backoff';

/** Noted findings: access tokens outlived logout, `state` was optional, sign-in was limited per IP only. */
let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

it('logging out ends the access token at once', async () => {
  const browser = new TestBrowser(t.app);
  const minted = await browser.get('/api/auth/dummy?x=owner@demo.local');
  const token = minted.json().access_token as string;
  expect((await t.as(token)({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(200);
  await browser.get('/api/auth/logout');
  const after = await t.as(token)({ method: 'GET', url: '/api/users/me' });
  expect(after.statusCode).toBe(401);
  expect(after.json().code).toBe('session_revoked');
});

it('requires the state with the authorization code', async () => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: 'grant_type=authorization_code&code=abc',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(response.statusCode).toBe(400);
  expect(response.json().errors).toEqual([expect.objectContaining({ path: 'body.state' })]);
});

it('backs off per account, whatever address the guesses come from', async () => {
  for (let i = 0; i < FREE_FAILURES; i++) {
    const { submitted } = await signInThroughProvider(t, 'reviewer@demo.local', `wrong-${i}`);
    expect(submitted.statusCode).toBe(401);
  }
  // One more failure starts the back-off; then even the right password waits.
  expect((await signInThroughProvider(t, 'reviewer@demo.local', 'still-wrong')).submitted.statusCode).toBe(401);
  const { submitted: blocked } = await signInThroughProvider(t, 'REVIEWER@demo.local', 'demo');
  expect(blocked.statusCode).toBe(429);
  expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  expect(blocked.body).toContain('Too many failed sign-ins for this account');
  // Other accounts are not affected.
  expect((await signInWithPassword(t, 'auditor@demo.local', 'demo')).token).toBeDefined();
  t.clock.advance(31_000);
  expect((await signInWithPassword(t, 'reviewer@demo.local', 'demo')).token).toBeDefined();
});
