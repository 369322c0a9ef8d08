import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser, formAction, hiddenField } from './browser';
import { createInvitation } from './factories';
import { build, type TestApp } from './helper';
import { callbackCode, exchangeCode, signInThroughProvider } from './sign-in';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

async function openSignupForm(token: string) {
  const browser = new TestBrowser(t.app);
  const page = await browser.follow(`/api/auth/authorize/${token}`);
  return { browser, page };
}

describe('sign-up from an invitation', () => {
  it('creates the account in the provider, then the user and membership on register', async () => {
    const { token, email } = await createInvitation(t, { role: 'admin' });
    const { browser, page } = await openSignupForm(token);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('You were invited to join Demo Organization.');
    expect(page.body).toContain(`value="${email}" readonly`);

    const submitted = await browser.postForm(formAction(page.body), {
      firstname: 'Nina',
      lastname: 'New',
      password: 'correct horse',
      xsrf: hiddenField(page.body, 'xsrf'),
    });
    expect(submitted.statusCode).toBe(303);
    const { code } = await callbackCode(browser, String(submitted.headers.location), '/oauth2-signup-redirect');

    const registered = await exchangeCode(browser, code, { token }, '/api/auth/register');
    expect(registered.statusCode).toBe(201);
    const me = (await t.as(registered.json().access_token)({ method: 'GET', url: '/api/users/me' })).json();
    expect(me).toMatchObject({ email, firstname: 'Nina', lastname: 'New', roles: ['admin'], terms_accepted: false });
    expect(me.organization.name).toBe('Demo Organization');

    // The invitation is spent, and the new password signs in.
    const reuse = await t.app.inject({ method: 'GET', url: `/api/auth/authorize/${token}` });
    expect(reuse.headers.location).toBe('/token-expired');
    const { submitted: again } = await signInThroughProvider(t, email, 'correct horse');
    expect(again.statusCode).toBe(303);
  });

  it('validates the sign-up form and keeps what was typed', async () => {
    const { token } = await createInvitation(t);
    const { browser, page } = await openSignupForm(token);
    const xsrf = hiddenField(page.body, 'xsrf');
    const short = await browser.postForm(formAction(page.body), { firstname: 'Al', lastname: 'Bo', password: 'short', xsrf });
    expect(short.statusCode).toBe(422);
    expect(short.body).toContain('The password must have at least 8 characters.');
    expect(short.body).toContain('value="Al"');
    const noName = await browser.postForm(formAction(page.body), { firstname: '', lastname: 'Bo', password: 'long enough', xsrf });
    expect(noName.body).toContain('First name and last name are required.');
  });

  it('refuses to register an identity whose email is not the invited one', async () => {
    const { token } = await createInvitation(t);
    // Start the sign-up, but sign in with another existing account instead of creating one.
    const browser = new TestBrowser(t.app);
    const start = await browser.get(`/api/auth/authorize/${token}`);
    const providerUrl = String(start.headers.location).replace('signup_token=', 'ignored=');
    const login = await browser.follow(providerUrl);
    const submitted = await browser.postForm(formAction(login.body), { email: 'editor@demo.local', password: 'demo', xsrf: hiddenField(login.body, 'xsrf') });
    const { code } = await callbackCode(browser, String(submitted.headers.location), '/oauth2-signup-redirect');
    const registered = await exchangeCode(browser, code, { token }, '/api/auth/register');
    expect(registered.statusCode).toBe(400);
    expect(registered.json().code).toBe('wrong_email');
  });

  it('sends expired, cancelled and unknown invitations to the right pages', async () => {
    const expired = await createInvitation(t, { expiresInMs: -1000 });
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/authorize/${expired.token}` })).headers.location).toBe('/token-expired');
    const cancelled = await createInvitation(t, { status: 'cancelled' });
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/authorize/${cancelled.token}` })).headers.location).toBe('/token-expired');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/auth/authorize/not-a-token' });
    expect(unknown.headers.location).toBe('/problem?error=invitation_not_found');
  });

  it('takes the invitation from the sign-up cookie when the callback page does not send it', async () => {
    const { token, email } = await createInvitation(t);
    const { browser, page } = await openSignupForm(token);
    const submitted = await browser.postForm(formAction(page.body), { firstname: 'Cleo', lastname: 'Cookie', password: 'long enough', xsrf: hiddenField(page.body, 'xsrf') });
    const { code } = await callbackCode(browser, String(submitted.headers.location), '/oauth2-signup-redirect');
    const registered = await exchangeCode(browser, code, {}, '/api/auth/register');
    expect(registered.statusCode).toBe(201);
    const me = (await t.as(registered.json().access_token)({ method: 'GET', url: '/api/users/me' })).json();
    expect(me.email).toBe(email);
  });

  it('rejects register without a sign-up in progress, or without any invitation token', async () => {
    const noFlow = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { grant_type: 'authorization_code', code: 'x', token: 'y', state: 'z' },
    });
    expect(noFlow.statusCode).toBe(400);
    expect(noFlow.json().code).toBe('sign_in_expired');
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { grant_type: 'authorization_code' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].path).toBe('body.code');
  });
});
