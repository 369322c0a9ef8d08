import { afterAll, beforeAll, expect, it } from 'vitest';
import { organizationId } from '../factories';
import { build, type TestApp } from '../helper';

/** Finding 5 (medium): a NUL byte in any string of a query, path or body answered 500. */
let t: TestApp;
let demo: string;
let project: string;
beforeAll(async () => {
  t = await build();
  demo = await organizationId(t, 'Demo Organization');
  const owner = await t.login('owner@demo.local');
  project = (await owner({ method: 'GET', url: `/api/organizations/${demo}/projects` })).json().items[0].id;
});
afterAll(() => t.close());

it('refuses NUL and lone surrogates in queries, paths and bodies with 422 naming the field', async () => {
  const admin = await t.login('admin@demo.local');
  const cases = [
    { method: 'GET', url: '/api/notifications?name=a%00b', path: 'query.name' },
    { method: 'GET', url: `/api/organizations/${demo}/users?name=%00`, path: 'query.name' },
    { method: 'POST', url: `/api/projects/${project}/comments/project/${project}`, payload: { body: 'hello\u0000world' }, path: 'body.body' },
    { method: 'POST', url: '/api/projects', payload: { name: 'Bad\u0000name', project_type: 'ai_application' }, path: 'body.name' },
    { method: 'PATCH', url: '/api/users/me', payload: { firstname: 'Half \ud800 a pair' }, path: 'body.firstname' },
    { method: 'GET', url: '/api/projects/%00', path: 'params.project_id' },
  ] as const;
  for (const { path, ...request } of cases) {
    const response = await admin(request);
    expect(response.statusCode, `${request.method} ${request.url}`).toBe(422);
    expect(response.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
  }
  const publicRoute = await t.app.inject({ method: 'GET', url: '/api/auth/dummy?x=a%00@demo.local' });
  expect(publicRoute.statusCode).toBe(422);
});

it('never answers 500 to a NUL anywhere: every route, every part', async () => {
  const admin = await t.login('admin@demo.local');
  const ids: Record<string, string> = { organization_id: demo, project_id: project };
  for (const route of t.app.routeAccess) {
    if (!route.url.startsWith('/api') || route.url.includes('*') || route.url.includes('stream')) continue;
    const url = route.url.replace(/:([a-z_]+)/g, (_, name: string) => ids[name] ?? '%00');
    const withBody = ['POST', 'PATCH', 'PUT'].includes(route.method);
    const response = await admin({
      method: route.method as 'GET',
      url: `${url}${url.includes('?') ? '&' : '?'}name=a%00b&x=%00`,
      ...(withBody ? { payload: { name: 'a\u0000b', body: '\u0000', email: 'x\u0000@y.z' } } : {}),
    });
    expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBeLessThan(500);
  }
});

it('refuses a NUL in the embedded provider forms without a 500', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/idp/auth?client_id=aegis-web%00&response_type=code' });
  expect(response.statusCode).toBeLessThan(500);
});
