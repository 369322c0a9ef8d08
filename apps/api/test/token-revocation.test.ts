import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, XSRF_COOKIE, XSRF_HEADER } from '@aegis/contracts';
import { TestBrowser } from './browser';
import { build, type TestApp } from './helper';

/**
 * Issue 17, item 9: the token revocation endpoint of RFC 7009. Revoking a refresh or an access token ends
 * its whole sign-in at once; a token that is not (or no longer) valid is answered 200 (§2.2); a malformed
 * request answers 400 with RFC 6749 §5.2's `error`, an unsupported token type with unsupported_token_type
 * (§2.2.1). The sign-in limit is low here so the rate limit can be seen: every call but the rate-limit
 * test's comes from its own address.
 */
const LIMIT = 3;
let t: TestApp;
beforeAll(async () => {
  t = await build({ AUTH_RATE_LIMIT_MAX: String(LIMIT) });
});
afterAll(() => t.close());

let address = 0;
const nextAddress = () => `10.17.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

type Fields = Record<string, string | string[]>;
function revoke(fields: Fields, options: { json?: boolean; remoteAddress?: string; headers?: Record<string, string> } = {}) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(key, v);
  const request: InjectOptions = options.json
    ? { payload: fields, headers: { 'content-type': 'application/json', ...options.headers } }
    : { payload: body.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...options.headers } };
  return t.app.inject({ method: 'POST', url: '/api/auth/revoke', remoteAddress: options.remoteAddress ?? nextAddress(), ...request });
}

/** §2.2: 200 whatever became of the token, nothing in the body worth reading (an empty object), not cached. */
function expectRevoked(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({});
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers.pragma).toBe('no-cache');
}

/** RFC 6749 §5.2 (which RFC 7009 §2.2.1 extends): 400, the code, a description in its character set, not cached. */
function expectOAuthError(response: LightMyRequestResponse, error: string, code?: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers.pragma).toBe('no-cache');
  const body = response.json();
  expect(body.error).toBe(error);
  expect(body.error_description).toMatch(/^[\x20-\x21\x23-\x5B\x5D-\x7E]+$/);
  expect(typeof body.detail).toBe('string');
  expect(body.code).toBe(code ?? error);
  return body;
}

const me = (accessToken: string) => t.as(accessToken)({ method: 'GET', url: '/api/users/me' });
const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { grant_type: 'refresh_token', refresh_token: refreshToken }, remoteAddress: nextAddress() });

/** Both tokens of the session stop working at once: the access token is 401, the refresh token an invalid grant. */
async function expectSessionEnded(tokens: { access_token: string; refresh_token: string }) {
  const call = await me(tokens.access_token);
  expect(call.statusCode).toBe(401);
  expect(call.json().code).toBe('session_revoked');
  expectOAuthError(await refresh(tokens.refresh_token), 'invalid_grant', 'token_revoked');
}

async function expectSessionOpen(tokens: { access_token: string; refresh_token: string }) {
  expect((await me(tokens.access_token)).statusCode).toBe(200);
}

describe('POST /api/auth/revoke', () => {
  it('revokes a refresh token: it and the access tokens of its session stop working at once', async () => {
    const session = await t.tokensFor('editor@demo.local');
    await expectSessionOpen(session);
    expectRevoked(await revoke({ token: session.refresh_token, token_type_hint: 'refresh_token' }));
    await expectSessionEnded(session);
  });

  it('revokes the whole family: a rotated refresh token ends the session of its successor', async () => {
    const first = await t.tokensFor('editor@demo.local');
    const rotated = await refresh(first.refresh_token);
    expect(rotated.statusCode).toBe(200);
    // Without a hint and in JSON, as the token endpoints accept it.
    expectRevoked(await revoke({ token: first.refresh_token }, { json: true }));
    await expectSessionEnded(rotated.json());
  });

  it('revokes an access token: its session ends, refresh token included', async () => {
    const session = await t.tokensFor('owner@demo.local');
    expectRevoked(await revoke({ token: session.access_token, token_type_hint: 'access_token' }, { json: true }));
    await expectSessionEnded(session);
  });

  it('finds the token whatever the hint says (§2.1: the search extends to every type)', async () => {
    const byRefresh = await t.tokensFor('owner@demo.local');
    expectRevoked(await revoke({ token: byRefresh.refresh_token, token_type_hint: 'access_token' }));
    await expectSessionEnded(byRefresh);
    const byAccess = await t.tokensFor('owner@demo.local');
    expectRevoked(await revoke({ token: byAccess.access_token, token_type_hint: 'refresh_token' }));
    await expectSessionEnded(byAccess);
  });

  it("ends only that session: the user's other sessions and other users' sessions keep working", async () => {
    const revoked = await t.tokensFor('auditor@demo.local');
    const sameUser = await t.tokensFor('auditor@demo.local');
    const otherUser = await t.tokensFor('reviewer@demo.local');
    expectRevoked(await revoke({ token: revoked.refresh_token }));
    await expectSessionEnded(revoked);
    await expectSessionOpen(sameUser);
    await expectSessionOpen(otherUser);
    expect((await refresh(sameUser.refresh_token)).statusCode).toBe(200);
    expect((await refresh(otherUser.refresh_token)).statusCode).toBe(200);
  });

  it('answers 200 for an unknown, malformed, foreign, expired or already revoked token (§2.2), changing nothing', async () => {
    const bystander = await t.tokensFor('admin@demo.local');
    expectRevoked(await revoke({ token: 'not-a-token' }));
    expectRevoked(await revoke({ token: 'not-a-token', token_type_hint: 'access_token' }));
    expectRevoked(await revoke({ token: 'eyJhbGciOiJub25lIn0.eyJzaWQiOiJ4In0.' }));
    // A JWT of the right shape but not signed by this API.
    const [header, payload] = bystander.access_token.split('.');
    expectRevoked(await revoke({ token: `${header}.${payload}.${'A'.repeat(43)}` }));

    const revoked = await t.tokensFor('admin@demo.local');
    expectRevoked(await revoke({ token: revoked.refresh_token }));
    expectRevoked(await revoke({ token: revoked.refresh_token }));
    expectRevoked(await revoke({ token: revoked.access_token }));

    // An expired access token has no power left, so it ends nothing.
    const expired = await t.tokensFor('admin@demo.local');
    t.clock.advance((ACCESS_TOKEN_TTL_SECONDS + 60) * 1000);
    try {
      expectRevoked(await revoke({ token: expired.access_token, token_type_hint: 'access_token' }));
      expect((await refresh(expired.refresh_token)).statusCode).toBe(200);
    } finally {
      t.clock.advance(-(ACCESS_TOKEN_TTL_SECONDS + 60) * 1000);
    }
    await expectSessionOpen(bystander);
  });

  it('answers a missing, empty, repeated or malformed token with invalid_request', async () => {
    const missing = expectOAuthError(await revoke({}), 'invalid_request');
    expect(missing.errors).toEqual([expect.objectContaining({ path: 'body.token' })]);
    expectOAuthError(await revoke({ token_type_hint: 'refresh_token' }), 'invalid_request');
    expectOAuthError(await revoke({ token: '' }), 'invalid_request');
    expectOAuthError(await revoke({ token: ['a', 'b'] }), 'invalid_request');
    expectOAuthError(await revoke({ token: 'x\u0000' }), 'invalid_request');
    expectOAuthError(await revoke({ token: 'x'.repeat(5000) }), 'invalid_request');
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/revoke',
      payload: '{"token":',
      headers: { 'content-type': 'application/json' },
      remoteAddress: nextAddress(),
    });
    expectOAuthError(broken, 'invalid_request');
  });

  it('answers a token type hint it does not know with unsupported_token_type, revoking nothing', async () => {
    const session = await t.tokensFor('editor@demo.local');
    for (const hint of ['id_token', 'REFRESH_TOKEN', '']) {
      expectOAuthError(await revoke({ token: session.refresh_token, token_type_hint: hint }), 'unsupported_token_type');
    }
    expectOAuthError(await revoke({ token: session.refresh_token, token_type_hint: ['refresh_token', 'access_token'] }), 'invalid_request');
    await expectSessionOpen(session);
  });

  it('answers a personal API token with unsupported_token_type: those are deleted from the token list', async () => {
    const owner = await t.login('owner@demo.local');
    const created = await owner({ method: 'POST', url: '/api/auth/api-tokens', payload: { name: 'revocation test' } });
    expect(created.statusCode).toBe(201);
    const apiToken = created.json().token as string;
    expectOAuthError(await revoke({ token: apiToken }), 'unsupported_token_type');
    expect((await t.as(apiToken)({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(200);
  });

  it('needs the anti-forgery header when a session cookie rides along, as the token endpoints do', async () => {
    const browser = new TestBrowser(t.app);
    const session = (await browser.get('/api/auth/dummy?x=editor@demo.local')).json();
    const forged = await browser.request({
      method: 'POST',
      url: '/api/auth/revoke',
      payload: { token: session.refresh_token },
      remoteAddress: nextAddress(),
    });
    expectOAuthError(forged, 'invalid_request', 'xsrf_mismatch');
    await expectSessionOpen(session);
    const own = await browser.request({
      method: 'POST',
      url: '/api/auth/revoke',
      payload: { token: session.refresh_token },
      headers: { [XSRF_HEADER]: browser.cookie(XSRF_COOKIE)! },
      remoteAddress: nextAddress(),
    });
    expectRevoked(own);
    await expectSessionEnded(session);
    // The browser's session cookie named the revoked session: it is cleared.
    expect(browser.cookie('aegis_session')).toBeUndefined();
  });

  it('is documented: operation, body, the empty 200 and the RFC errors', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = doc.paths['/api/auth/revoke'].post;
    expect(operation.operationId).toBe('revokeToken');
    expect(operation.requestBody.content['application/json'].schema).toMatchObject({ required: ['token'] });
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '429', '503']));
    expect(operation.responses['400'].content['application/json'].schema.properties.error.enum).toEqual(['invalid_request', 'unsupported_token_type']);
  });

  it('is rate limited per address like the sign-in endpoints', async () => {
    const codes: number[] = [];
    for (let i = 0; i <= LIMIT; i++) codes.push((await revoke({ token: 'not-a-token' }, { remoteAddress: '10.99.0.1' })).statusCode);
    expect(codes).toEqual([...Array(LIMIT).fill(200), 429]);
    expect((await revoke({ token: 'not-a-token' }, { remoteAddress: '10.99.0.2' })).statusCode).toBe(200);
  });
});
