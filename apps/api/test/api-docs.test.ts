import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

it('gives the API reference a policy of its own: its scripts and styles, one hashed style, nothing inline', async () => {
  const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
  expect(page.statusCode).toBe(200);
  const csp = String(page.headers['content-security-policy']);
  expect(csp).toContain("script-src 'self';");
  expect(csp).toContain("script-src-attr 'none'");
  expect(csp).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/]+=';/);
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('validator.swagger.io');

  // The app's own policy is unchanged elsewhere.
  const app = String((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
  expect(app).toContain("style-src 'self' 'unsafe-inline'");
});

it('sends the reference’s scripts compressed', async () => {
  const script = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js', headers: { 'accept-encoding': 'br, gzip' } });
  expect(script.statusCode).toBe(200);
  expect(script.headers['content-encoding']).toBe('br');
  expect(zlib.brotliDecompressSync(script.rawPayload).toString()).toContain('SwaggerUIBundle');
});
