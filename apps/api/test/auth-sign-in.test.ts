import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/crypto';
import { localAccounts } from '../src/db/schema';
import { TestBrowser } from './browser';
import { build, type TestApp } from './helper';
import { callbackCode, exchangeCode, signInThroughProvider } from './sign-in';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

describe('sign-in through the embedded provider', () => {
  it('completes authorize → login form → callback code → token → /api/users/me', async () => {
    const { browser, submitted } = await signInThroughProvider(t, 'admin@demo.local', 'demo');
    expect(submitted.statusCode).toBe(303);
    const { code } = await callbackCode(browser, String(submitted.headers.location));

    const token = await exchangeCode(browser, code);
    expect(token.statusCode).toBe(201);
    const pair = token.json();
    expect(pair).toMatchObject({ token_type: 'bearer', expires_in: 900 });
    expect(pair.access_token.split('.')).toHaveLength(3);

    const me = await t.as(pair.access_token)({ method: 'GET', url: '/api/users/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'admin@demo.local', firstname: 'Alice', lastname: 'Admin', roles: ['admin'] });
    expect(me.json().organization.name).toBe('Demo Organization');
  });

  it('refuses a wrong password on the login page without leaving it', async () => {
    const { submitted } = await signInThroughProvider(t, 'admin@demo.local', 'wrong');
    expect(submitted.statusCode).toBe(401);
    expect(submitted.body).toContain('Invalid email or password.');
    expect(submitted.body).toContain('value="admin@demo.local"');
  });

  it('refuses an unknown email with the same message', async () => {
    const { submitted } = await signInThroughProvider(t, 'nobody@demo.local', 'demo');
    expect(submitted.statusCode).toBe(401);
    expect(submitted.body).toContain('Invalid email or password.');
  });

  it('refuses a login form posted without its anti-forgery field', async () => {
    const browser = new TestBrowser(t.app);
    const page = await browser.follow('/api/auth/authorize');
    const action = page.body.match(/action="([^"]+)"/)![1]!;
    const response = await browser.postForm(action, { email: 'admin@demo.local', password: 'demo' });
    expect(response.statusCode).toBe(403);
  });

  it('answers invalid_grant with code wrong_email when the provider account has no user in the product', async () => {
    await t.db.insert(localAccounts).values({ email: 'stray@demo.local', passwordHash: await hashPassword('secret-pass'), givenName: 'S', familyName: 'T' });
    const { browser, submitted } = await signInThroughProvider(t, 'stray@demo.local', 'secret-pass');
    const { code } = await callbackCode(browser, String(submitted.headers.location));
    const token = await exchangeCode(browser, code);
    expect(token.statusCode).toBe(400);
    expect(token.json()).toMatchObject({ error: 'invalid_grant', code: 'wrong_email', detail: 'No account exists for stray@demo.local' });
  });

  it('needs the X-XSRF-TOKEN header when the exchange rides on the sign-in cookie', async () => {
    const { browser, submitted } = await signInThroughProvider(t, 'admin@demo.local', 'demo');
    const { code } = await callbackCode(browser, String(submitted.headers.location));
    const response = await browser.postForm('/api/auth/token', { grant_type: 'authorization_code', code });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('xsrf_mismatch');
  });

  it('rejects a code used twice, a made-up code, a wrong grant_type and a missing code', async () => {
    const { browser, submitted } = await signInThroughProvider(t, 'admin@demo.local', 'demo');
    const { code } = await callbackCode(browser, String(submitted.headers.location));

    const wrongGrant = await exchangeCode(browser, code, { grant_type: 'password' });
    expect(wrongGrant.statusCode).toBe(400);
    expect(wrongGrant.json().detail).toBe('grant_type must be authorization_code');

    const missing = await browser.postForm('/api/auth/token', { grant_type: 'authorization_code' }, { 'x-xsrf-token': browser.cookie('XSRF-TOKEN')! });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].path).toBe('body.code');

    const made = await exchangeCode(browser, 'not-a-real-code');
    expect(made.statusCode).toBe(400);
    expect(made.json().code).toBe('invalid_grant');

    // The failed attempt consumed the sign-in transaction: the real code now needs a new sign-in.
    const late = await exchangeCode(browser, code);
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('sign_in_expired');
  });

  it('answers 400 when no sign-in was started in this browser', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: 'grant_type=authorization_code&code=abc&state=xyz',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'sign_in_expired' });
  });

  it('logout revokes the refresh family, ends the provider session and lands on the login page', async () => {
    const { browser, submitted } = await signInThroughProvider(t, 'owner@demo.local', 'demo');
    const { code } = await callbackCode(browser, String(submitted.headers.location));
    const pair = (await exchangeCode(browser, code)).json();

    // While the provider session lives, a new authorize goes straight back with a code.
    const silent = await browser.follow('/api/auth/authorize');
    expect(String(silent.headers.location)).toContain('/oauth2-redirect?code=');

    const logout = await browser.get('/api/auth/logout');
    expect(logout.statusCode).toBe(302);
    expect(logout.headers.location).toBe('/login');

    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { grant_type: 'refresh_token', refresh_token: pair.refresh_token },
    });
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json()).toMatchObject({ error: 'invalid_grant', code: 'token_revoked' });

    const again = await browser.follow('/api/auth/authorize');
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('>Sign in</button>');
  });
});
