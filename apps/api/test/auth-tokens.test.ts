import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const refresh = (refreshToken: string, grantType = 'refresh_token') =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { grant_type: grantType, refresh_token: refreshToken } });

const me = (token: string) => t.as(token)({ method: 'GET', url: '/api/users/me' });

describe('refresh tokens', () => {
  it('rotates: each refresh returns a new pair and the new access token works', async () => {
    const first = await t.tokensFor('editor@demo.local');
    const rotated = await refresh(first.refresh_token);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await me(second.access_token)).statusCode).toBe(200);
    expect((await refresh(second.refresh_token)).statusCode).toBe(200);
  });

  it('accepts the form encoding the web client sends', async () => {
    const first = await t.tokensFor('editor@demo.local');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: first.refresh_token }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers a rotated token presented again within the grace window with a fresh pair, while its successor is unused', async () => {
    const first = await t.tokensFor('editor@demo.local');
    const second = (await refresh(first.refresh_token)).json();
    // The answer was lost (a page unloading, a second tab): the same token comes back 10 s later.
    t.clock.advance(10_000);
    const retried = await refresh(first.refresh_token);
    expect(retried.statusCode).toBe(200);
    const third = retried.json();
    expect(third.refresh_token).not.toBe(second.refresh_token);
    expect((await t.as(third.access_token)({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(200);
    // The chain goes on from the newest token.
    expect((await refresh(third.refresh_token)).statusCode).toBe(200);
  });

  it('answers the same rotated token presented several times within the window (reloads, tabs), keeping one chain', async () => {
    const first = await t.tokensFor('editor@demo.local');
    await refresh(first.refresh_token);
    t.clock.advance(5_000);
    expect((await refresh(first.refresh_token)).statusCode).toBe(200);
    t.clock.advance(5_000);
    const third = await refresh(first.refresh_token);
    expect(third.statusCode).toBe(200);
    expect((await t.as(third.json().access_token)({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(200);
    expect((await refresh(third.json().refresh_token)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token comes back after its successor was used', async () => {
    const first = await t.tokensFor('editor@demo.local');
    const second = (await refresh(first.refresh_token)).json();
    // The successor is presented in its own right (not a lost answer), even within the window.
    t.clock.advance(5_000);
    const third = (await refresh(second.refresh_token)).json();

    const reuse = await refresh(first.refresh_token);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ code: 'token_reused' });
    // The legitimate newest token of that family is dead too, and so are its access tokens.
    const after = await refresh(third.refresh_token);
    expect(after.statusCode).toBe(400);
    expect(after.json().code).toBe('token_revoked');
    expect((await t.as(third.access_token)({ method: 'GET', url: '/api/users/me' })).json().code).toBe('session_revoked');
  });

  it('revokes the whole family when a rotated token comes back after the grace window', async () => {
    const first = await t.tokensFor('editor@demo.local');
    const second = (await refresh(first.refresh_token)).json();
    t.clock.advance(31_000);
    const reuse = await refresh(first.refresh_token);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ code: 'token_reused' });
    expect((await refresh(second.refresh_token)).statusCode).toBe(400);
  });

  it('answers both of two simultaneous uses of the same token, keeping one chain', async () => {
    const first = await t.tokensFor('editor@demo.local');
    const results = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const [a, b] = results.map((r) => r.json());
    expect(a.refresh_token).not.toBe(b.refresh_token);
    // One of the two was rotated into the other: exactly one of them is still fresh.
    const statuses = (await Promise.all([refresh(a.refresh_token), refresh(b.refresh_token)])).map((r) => r.statusCode);
    expect(statuses).toContain(200);
  });

  it('rejects unknown tokens, expired tokens, a wrong grant_type and missing fields', async () => {
    // RFC 6749 §5.2: an unusable grant is 400 invalid_grant; a malformed request 400 invalid_request.
    expect((await refresh('not-a-token')).statusCode).toBe(400);

    const wrong = await refresh('x', 'password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe('grant_type must be refresh_token');

    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { grant_type: 'refresh_token' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([expect.objectContaining({ path: 'body.refresh_token' })]);

    const old = await t.tokensFor('editor@demo.local');
    t.clock.advance(31 * 24 * 3600 * 1000);
    try {
      const expired = await refresh(old.refresh_token);
      expect(expired.statusCode).toBe(400);
      expect(expired.json().code).toBe('token_expired');
    } finally {
      t.clock.advance(-31 * 24 * 3600 * 1000);
    }
  });
});

describe('access tokens', () => {
  it('expire after 15 minutes', async () => {
    const { access_token } = await t.tokensFor('editor@demo.local');
    t.clock.advance(14 * 60 * 1000);
    expect((await me(access_token)).statusCode).toBe(200);
    t.clock.advance(2 * 60 * 1000);
    try {
      const expired = await me(access_token);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ code: 'token_expired', detail: 'Access token expired' });
    } finally {
      t.clock.advance(-16 * 60 * 1000);
    }
  });

  it('rejects a tampered payload, a token signed with another key, alg none, garbage and a missing header', async () => {
    const { access_token } = await t.tokensFor('editor@demo.local');
    const [header, payload, signature] = access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = [header, Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-0000-0000-000000000000' })).toString('base64url'), signature].join('.');
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(48)));
    const none = [Buffer.from('{"alg":"none"}').toString('base64url'), payload, ''].join('.');

    for (const token of [tampered, forged, none, 'garbage']) {
      const response = await me(token);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('invalid_token');
    }
    const noHeader = await t.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(noHeader.statusCode).toBe(401);
    expect(noHeader.json()).toEqual({ detail: 'Missing bearer token', code: 'missing_token' });
    const basic = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: 'Basic abc' } });
    expect(basic.statusCode).toBe(401);
  });

  it('reports its status', async () => {
    const { access_token } = await t.tokensFor('editor@demo.local');
    const status = await t.as(access_token)({ method: 'GET', url: '/api/auth/token/status' });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ valid: true, token_type: 'access' });
    expect(new Date(status.json().expires_at).getTime()).toBeGreaterThan(Date.now());
  });
});

describe('dummy tokens', () => {
  it('mint tokens narrowed to the given rights', async () => {
    const narrowed = await t.login('admin@demo.local', ['users:read']);
    const body = (await narrowed({ method: 'GET', url: '/api/users/me' })).json();
    expect(Object.values(body.organization_rights)).toEqual([['users:read']]);
  });

  it('reject unknown rights and unknown users', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/auth/dummy?x=admin@demo.local&rights=users:read,bogus:do' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBe('Unknown rights: bogus:do');
    const nobody = await t.app.inject({ method: 'GET', url: '/api/auth/dummy?x=nobody@demo.local' });
    expect(nobody.statusCode).toBe(404);
  });
});
