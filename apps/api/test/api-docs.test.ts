import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('the OpenAPI document', () => {
  type Answers = Record<string, { description?: string; content?: Record<string, { schema?: Record<string, unknown> }> }>;
  type Doc = { paths: Record<string, Record<string, { responses: Answers }>>; components: { schemas: Record<string, Record<string, unknown>> } };
  let doc: Doc;
  beforeAll(async () => {
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Doc;
  });
  const statuses = (path: string, method = 'get') => Object.keys(doc.paths[path]![method]!.responses);

  it('names the recursive requirement tree as a component that its children refer to', () => {
    const tree = '#/components/schemas/RequirementNode';
    const organization = doc.paths['/api/organizations/{organization_id}/frameworks/{framework_code}']!.get!.responses['200']!;
    const platform = doc.paths['/api/v1/platform-frameworks/{framework_code}']!.get!.responses['200']!;
    expect(organization.content!['application/json']!.schema).toMatchObject({ properties: { requirements: { items: { $ref: tree } } } });
    expect(platform.content!['application/json']!.schema).toMatchObject({ properties: { framework: { properties: { requirements: { items: { $ref: tree } } } } } });
    expect(doc.components.schemas.RequirementNode).toMatchObject({ properties: { children: { type: 'array', items: { $ref: tree } } } });
    expect(JSON.stringify(doc)).not.toMatch(/#\/components\/schemas\/schema\d/);
  });

  it('documents the error answers of the operations that had none', () => {
    expect(statuses('/api/client-config')).toEqual(['200', '422']);
    expect(statuses('/api/schemas/framework-template.json')).toEqual(['200', '422']);
    // As it is sent (found by the schema fuzzer: it was documented as application/json).
    expect(Object.keys(doc.paths['/api/schemas/framework-template.json']!.get!.responses['200']!.content!)).toEqual(['application/schema+json']);
    expect(Object.keys(doc.paths['/api/schemas/framework-template.json']!.get!.responses['422']!.content!)).toEqual(['application/json']);
    expect(statuses('/api/auth/authorize/{token}')).toEqual(['302', '422', '429', '503']);
    expect(statuses('/api/auth/logout')).toEqual(['302', '422', '503']);
    for (const stream of ['/api/notifications/unread/stream', '/api/notifications/unread/stream/']) {
      expect(statuses(stream)).toEqual(['200', '401', '422', '503']);
      expect(doc.paths[stream]!.get!.responses['401']!.description).toMatch(/session has ended/);
    }
  });

  it('derives the errors from the access a route declares, and keeps the ones it lists itself', () => {
    // A project right: not signed in, no right, unknown project, bad input, database down.
    expect(statuses('/api/projects/{project_id}/requirements')).toEqual(['200', '401', '403', '404', '422', '503']);
    // Rate limited, with the answers the sign-in route lists itself (502 from the provider).
    expect(statuses('/api/auth/token', 'post')).toEqual(expect.arrayContaining(['400', '403', '422', '429', '502', '503']));
    // A body: not JSON (400), larger than the limit (413), of a type no parser reads (415) — as they answer.
    expect(statuses('/api/projects', 'post')).toEqual(expect.arrayContaining(['400', '413', '415']));
    expect(statuses('/api/projects/{project_id}', 'get')).not.toContain('415');
    const problem = doc.components.schemas.Problem!;
    expect(problem).toMatchObject({ type: 'object', required: ['detail', 'code'] });
    expect(Object.keys(problem.properties as object)).toEqual(['detail', 'code', 'errors', 'request_id']);
  });

  it('answers a body as documented: 415 for a content type no parser reads, 413 beyond the body limit', async () => {
    const admin = await t.login('admin@demo.local');
    const xml = await admin({ method: 'POST', url: '/api/projects', headers: { 'content-type': 'application/xml' }, payload: '<project/>' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ code: 'unsupported_media_type' });
    const large = await admin({ method: 'POST', url: '/api/projects', payload: { name: 'x'.repeat(t.app.deps.config.bodyLimit), project_type: 'ai_application' } });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ code: 'content_too_large' });
  });
});
