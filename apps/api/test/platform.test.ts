import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { access } from '../src/plugins/access';
import { build, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build({}, {
    beforeReady: (app) => {
      app.get('/api/test/boom', { config: { access: access.public } }, async () => {
        throw new Error('secret internals: select * from users');
      });
    },
  });
});
afterAll(() => t.close());

describe('health', () => {
  it('answers ok with the database checked', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'ok', version: 'v1.2.6', components: { database: { status: 'ok' } } });
  });
});

describe('OpenAPI', () => {
  it('lists every route with a unique operationId', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    const paths = Object.entries(spec.paths as Record<string, Record<string, { operationId?: string }>>).filter(([path]) => !path.startsWith('/api/test'));
    const operations = paths.flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, id: op.operationId })),
    );
    expect(operations.filter((o) => !o.id).map((o) => o.route)).toEqual([]);
    expect(new Set(operations.map((o) => o.id)).size).toBe(operations.length);
    const documented = new Set(operations.map((o) => o.route));
    const registered = t.app.routeAccess
      .filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs') && !r.url.startsWith('/api/test') && r.url !== '/api/openapi.json')
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(registered.filter((r) => !documented.has(r))).toEqual([]);
    expect(spec.paths['/api/users/me'].get.security).toEqual([{ bearer: [] }]);
  });

  it('serves a browsable reference at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('errors and headers', () => {
  it('hides 5xx internals behind a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/boom', headers: { 'x-request-id': 'trace-123' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'An internal error occurred', code: 'internal_server', request_id: 'trace-123' });
    expect(response.body).not.toContain('secret internals');
    expect(response.headers['x-request-id']).toBe('trace-123');
  });

  it('gives every response a request id and security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(String(response.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=[\w-]+; Path=\/; SameSite=Strict/);
  });

  it('answers 413 for a body over the limit, 400 for broken JSON and 415 for an unknown content type', async () => {
    const editor = await t.login('editor@demo.local');
    const big = await editor({ method: 'PATCH', url: '/api/users/me', payload: { firstname: 'x'.repeat(1_100_000) } });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ detail: 'Request body is larger than the limit', code: 'content_too_large' });

    const broken = await editor({ method: 'PATCH', url: '/api/users/me', payload: '{"firstname":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('bad_request');

    const xml = await editor({ method: 'PATCH', url: '/api/users/me', payload: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().code).toBe('unsupported_media_type');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Route GET /api/nothing-here not found', code: 'not_found' });
  });
});
