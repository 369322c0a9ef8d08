import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/crypto';
import { localAccounts } from '../src/db/schema';
import { TestBrowser } from './browser';
import { build, PUBLIC_URL, type TestApp } from './helper';
import { callbackCode, exchangeCode, signInThroughProvider } from './sign-in';

/**
 * Issue 17, item 9: the errors of the token endpoints as RFC 6749 §5.2 says — 400 with `error` one of
 * invalid_request, invalid_grant, unsupported_grant_type (… ), an `error_description` in its character
 * set, no caching — keeping `detail` and `code` for the web client (spec section 8). And the embedded
 * provider's authorization (§4.1.2.1) and token endpoints.
 */
let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const form = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(key, v);
  return { payload: body.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
};
const post = (url: string, fields: Record<string, string | string[]>) => t.app.inject({ method: 'POST', url, ...form(fields) });

/** RFC 6749 §5.2: status 400, the error code, a description of %x20-21 / %x23-5B / %x5D-7E, not cached. */
function expectOAuthError(response: LightMyRequestResponse, error: string, code?: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers.pragma).toBe('no-cache');
  const body = response.json();
  expect(body.error).toBe(error);
  expect(body.error_description).toMatch(/^[\x20-\x21\x23-\x5B\x5D-\x7E]+$/);
  // The product's own shape stays: the web client shows `detail` and routes on `code`.
  expect(typeof body.detail).toBe('string');
  expect(body.code).toBe(code ?? error);
  return body;
}

describe('POST /api/auth/token (authorization code)', () => {
  it('answers an unsupported grant_type with unsupported_grant_type, before looking at the other parameters', async () => {
    expectOAuthError(await post('/api/auth/token', { grant_type: 'password' }), 'unsupported_grant_type');
    expectOAuthError(await post('/api/auth/token', { grant_type: 'client_credentials', code: 'x', state: 'y' }), 'unsupported_grant_type');
    const json = await t.app.inject({ method: 'POST', url: '/api/auth/token', payload: { grant_type: 'refresh_token', refresh_token: 'x' } });
    expectOAuthError(json, 'unsupported_grant_type');
  });

  it('answers a missing, empty, repeated or malformed parameter with invalid_request', async () => {
    expectOAuthError(await post('/api/auth/token', { code: 'x', state: 'y' }), 'invalid_request');
    expectOAuthError(await post('/api/auth/token', { grant_type: '', code: 'x', state: 'y' }), 'invalid_request');
    expectOAuthError(await post('/api/auth/token', { grant_type: ['authorization_code', 'authorization_code'], code: 'x', state: 'y' }), 'invalid_request');
    const missingCode = expectOAuthError(await post('/api/auth/token', { grant_type: 'authorization_code', state: 'y' }), 'invalid_request');
    expect(missingCode.errors[0].path).toBe('body.code');
    expectOAuthError(await post('/api/auth/token', { grant_type: 'authorization_code', code: '', state: 'y' }), 'invalid_request');
    const missingState = expectOAuthError(await post('/api/auth/token', { grant_type: 'authorization_code', code: 'x' }), 'invalid_request');
    expect(missingState.errors).toEqual([expect.objectContaining({ path: 'body.state' })]);
    expectOAuthError(await post('/api/auth/token', { grant_type: 'authorization_code', code: 'x\u0000', state: 'y' }), 'invalid_request');
    expectOAuthError(
      await t.app.inject({ method: 'POST', url: '/api/auth/token', payload: '{"grant_type":', headers: { 'content-type': 'application/json' } }),
      'invalid_request',
    );
    expectOAuthError(
      await t.app.inject({ method: 'POST', url: '/api/auth/token', payload: 'grant_type=authorization_code', headers: { 'content-type': 'text/plain' } }),
      'invalid_request',
    );
  });

  it('answers a code that cannot be redeemed here with invalid_grant, keeping the reason in code', async () => {
    // No sign-in was started in this browser: the code's verifier is not here.
    expectOAuthError(await post('/api/auth/token', { grant_type: 'authorization_code', code: 'abc', state: 'xyz' }), 'invalid_grant', 'sign_in_expired');

    const { browser, submitted } = await signInThroughProvider(t, 'admin@demo.local', 'demo');
    const { code } = await callbackCode(browser, String(submitted.headers.location));
    expectOAuthError(await exchangeCode(browser, code, { state: 'not-the-state' }), 'invalid_grant', 'state_mismatch');

    const again = await signInThroughProvider(t, 'admin@demo.local', 'demo');
    await callbackCode(again.browser, String(again.submitted.headers.location));
    expectOAuthError(await exchangeCode(again.browser, 'not-a-real-code'), 'invalid_grant');
  });

  it('answers a provider account without a user here with invalid_grant and code wrong_email', async () => {
    await t.db.insert(localAccounts).values({ email: 'stray-oauth@demo.local', passwordHash: await hashPassword('secret-pass'), givenName: 'S', familyName: 'T' });
    const { browser, submitted } = await signInThroughProvider(t, 'stray-oauth@demo.local', 'secret-pass');
    const { code } = await callbackCode(browser, String(submitted.headers.location));
    const body = expectOAuthError(await exchangeCode(browser, code), 'invalid_grant', 'wrong_email');
    expect(body.detail).toBe('No account exists for stray-oauth@demo.local');
  });

  it('answers a cookie-riding exchange without the anti-forgery header with invalid_request', async () => {
    const { browser, submitted } = await signInThroughProvider(t, 'admin@demo.local', 'demo');
    const { code } = await callbackCode(browser, String(submitted.headers.location));
    expectOAuthError(await browser.postForm('/api/auth/token', { grant_type: 'authorization_code', code }), 'invalid_request', 'xsrf_mismatch');
  });
});

describe('POST /api/auth/register (authorization code of a sign-up)', () => {
  it('answers as the token endpoint does', async () => {
    expectOAuthError(await post('/api/auth/register', { grant_type: 'implicit' }), 'unsupported_grant_type');
    expectOAuthError(await post('/api/auth/register', { grant_type: 'authorization_code' }), 'invalid_request');
    expectOAuthError(await post('/api/auth/register', { grant_type: 'authorization_code', code: 'x', token: 'y', state: 'z' }), 'invalid_grant', 'sign_in_expired');
  });
});

describe('POST /api/auth/refresh (refresh token)', () => {
  it('answers an unsupported grant_type, or a missing one, before looking at the token', async () => {
    expectOAuthError(await post('/api/auth/refresh', { grant_type: 'authorization_code' }), 'unsupported_grant_type');
    expectOAuthError(await post('/api/auth/refresh', { refresh_token: 'x' }), 'invalid_request');
    expectOAuthError(await post('/api/auth/refresh', { grant_type: 'refresh_token' }), 'invalid_request');
    expectOAuthError(await post('/api/auth/refresh', { grant_type: 'refresh_token', refresh_token: '' }), 'invalid_request');
  });

  it('answers an unknown, expired, revoked or replayed refresh token with invalid_grant', async () => {
    expectOAuthError(await post('/api/auth/refresh', { grant_type: 'refresh_token', refresh_token: 'not-a-token' }), 'invalid_grant', 'invalid_token');

    const first = await t.tokensFor('editor@demo.local');
    const second = await post('/api/auth/refresh', { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(second.statusCode).toBe(200);
    expect(second.headers['cache-control']).toBe('no-store');
    t.clock.advance(31_000);
    expectOAuthError(await post('/api/auth/refresh', { grant_type: 'refresh_token', refresh_token: first.refresh_token }), 'invalid_grant', 'token_reused');
    expectOAuthError(await post('/api/auth/refresh', { grant_type: 'refresh_token', refresh_token: second.json().refresh_token }), 'invalid_grant', 'token_revoked');

    const old = await t.tokensFor('editor@demo.local');
    t.clock.advance(31 * 24 * 3600 * 1000);
    try {
      expectOAuthError(await post('/api/auth/refresh', { grant_type: 'refresh_token', refresh_token: old.refresh_token }), 'invalid_grant', 'token_expired');
    } finally {
      t.clock.advance(-31 * 24 * 3600 * 1000);
    }
  });
});

describe('the embedded provider (authorization server)', () => {
  const authorize = (params: Record<string, string>) => `/idp/auth?${new URLSearchParams(params)}`;
  const valid = {
    client_id: 'aegis-web',
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: `${PUBLIC_URL}/oauth2-redirect`,
    state: 'st-1',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  };

  it('never redirects to an unknown client or an unregistered redirect URI (§4.1.2.1): it tells the user', async () => {
    const browser = new TestBrowser(t.app);
    const unknownClient = await browser.get(authorize({ ...valid, client_id: 'nobody' }));
    expect(unknownClient.statusCode).toBe(400);
    expect(unknownClient.headers.location).toBeUndefined();
    const foreignRedirect = await browser.get(authorize({ ...valid, redirect_uri: 'https://evil.example/cb' }));
    expect(foreignRedirect.statusCode).toBe(400);
    expect(foreignRedirect.headers.location).toBeUndefined();
  });

  it('redirects the other errors to the client with error and the state (§4.1.2.1)', async () => {
    const browser = new TestBrowser(t.app);
    for (const [params, error] of [
      [{ ...valid, response_type: 'token' }, 'unsupported_response_type'],
      [{ ...valid, code_challenge: '', code_challenge_method: '' }, 'invalid_request'],
      [{ ...valid, code_challenge_method: 'plain' }, 'invalid_request'],
    ] as const) {
      const response = await browser.get(authorize(Object.fromEntries(Object.entries(params).filter(([, v]) => v !== ''))));
      expect(response.statusCode, JSON.stringify(params)).toBe(303);
      const target = new URL(String(response.headers.location));
      expect(`${target.origin}${target.pathname}`).toBe(valid.redirect_uri);
      // The implicit flow's response type answers in the fragment (§4.2.2.1), the code flow in the query.
      const answer = params.response_type === 'token' ? new URLSearchParams(target.hash.slice(1)) : target.searchParams;
      expect(answer.get('error')).toBe(error);
      expect(answer.get('state')).toBe('st-1');
    }
  });

  it('answers its token endpoint errors as §5.2 says', async () => {
    const client = { client_id: 'aegis-web', client_secret: t.app.deps.idp!.clientSecret };
    const token = (fields: Record<string, string>) => post('/idp/token', fields);
    const wrongGrant = await token({ ...client, grant_type: 'password', username: 'a', password: 'b' });
    expect(wrongGrant.statusCode).toBe(400);
    expect(wrongGrant.json().error).toBe('unsupported_grant_type');
    const missing = await token({ ...client, grant_type: 'authorization_code', redirect_uri: valid.redirect_uri });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('invalid_request');
    const badCode = await token({ ...client, grant_type: 'authorization_code', code: 'made-up', redirect_uri: valid.redirect_uri, code_verifier: 'x'.repeat(43) });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().error).toBe('invalid_grant');
    const badClient = await token({ client_id: 'aegis-web', client_secret: 'wrong', grant_type: 'authorization_code', code: 'x', redirect_uri: valid.redirect_uri });
    expect(badClient.statusCode).toBe(401);
    expect(badClient.json().error).toBe('invalid_client');
  });
});
