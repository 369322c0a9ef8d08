import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { seedDemo } from '../src/demo/seed';
import { TestBrowser, formAction, hiddenField } from './browser';
import { createTestDatabase } from './database';
import { build, testConfig, type TestApp } from './helper';

/**
 * External-provider mode: app B signs users in against app A's provider over a real socket, as it
 * would against Keycloak or Entra ID (discovery, token endpoint, JWKS all fetched over HTTP).
 */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

let provider: TestApp;
let app: Awaited<ReturnType<typeof buildApp>>;
let drop: () => Promise<void>;
let publicUrl: string;

beforeAll(async () => {
  // A: the provider side, listening on a free port and knowing itself by that address.
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  provider = await build({ PUBLIC_URL: publicUrl });
  await provider.app.listen({ port, host: '127.0.0.1' });

  // B: the product configured with OIDC_* variables pointing at A.
  const test = await createTestDatabase();
  drop = test.drop;
  await test.database.migrate();
  await seedDemo(test.database.db);
  app = await buildApp({
    config: testConfig({
      PUBLIC_URL: publicUrl,
      OIDC_ISSUER: `${publicUrl}/idp`,
      OIDC_CLIENT_ID: 'aegis-web',
      OIDC_CLIENT_SECRET: provider.app.deps.secrets.idpClientSecret,
    }),
    database: test.database,
    logger: false,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await drop?.();
  await provider?.close();
});

it('has no embedded provider of its own', async () => {
  expect(app.deps.idp).toBeUndefined();
  expect((await app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration' })).statusCode).toBe(404);
});

it('signs in through the external provider and logs out through its end-session endpoint', async () => {
  const ours = new TestBrowser(app);
  const theirs = new TestBrowser(provider.app);
  const start = await ours.get('/api/auth/authorize');
  expect(String(start.headers.location).startsWith(`${publicUrl}/idp/auth?`)).toBe(true);

  const loginPage = await theirs.follow(String(start.headers.location));
  const submitted = await theirs.postForm(formAction(loginPage.body), { email: 'auditor@demo.local', password: 'demo', xsrf: hiddenField(loginPage.body, 'xsrf') });
  const back = await theirs.follow(String(submitted.headers.location));
  const callback = new URL(String(back.headers.location));
  expect(callback.pathname).toBe('/oauth2-redirect');

  const token = await ours.postForm(
    '/api/auth/token',
    { grant_type: 'authorization_code', code: callback.searchParams.get('code')!, state: callback.searchParams.get('state')! },
    { 'x-xsrf-token': ours.cookie('XSRF-TOKEN')! },
  );
  expect(token.statusCode).toBe(201);
  const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token.json().access_token}` } });
  expect(me.json()).toMatchObject({ email: 'auditor@demo.local', firstname: 'Arthur' });

  const logout = await ours.get('/api/auth/logout');
  expect(String(logout.headers.location)).toMatch(new RegExp(`^${publicUrl}/idp/session/end\\?`));
  // Logging out ends the access token at once, not 15 minutes later.
  const after = await app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token.json().access_token}` } });
  expect(after.statusCode).toBe(401);
});
