import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { projects, users } from '../src/db/schema';
import { organizationId } from './factories';
import { build, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

it("an outsider calling every organization endpoint with Demo Organization's ids never gets a 2xx, only 404", async () => {
  const demo = await organizationId(t, 'Demo Organization');
  const [editor] = await t.db.select().from(users).where(eq(users.email, 'editor@demo.local'));
  const outsider = await t.login('outsider@other.local');
  const routes = t.app.routeAccess.filter(
    (r) =>
      r.access &&
      r.access.kind !== 'public' &&
      (r.url.includes(':organization_id') || r.url.includes(':project_id') || /^\/api\/users\/:user_id\/(cancel-invites|resend-invite|signup-link|roles)$/.test(r.url)),
  );
  const [project] = await t.db.select().from(projects).where(eq(projects.organizationId, demo));
  expect(routes.length).toBeGreaterThanOrEqual(12);
  for (const route of routes) {
    let url = route.url.replace(':organization_id', demo).replace(':project_id', project!.id).replace(':user_id', editor!.id);
    if (route.url === '/api/users/:user_id/roles') url += `?project_id=${project!.id}&role=owner`;
    else if (url.startsWith('/api/users/')) url += `?organization_id=${demo}`;
    const response = await outsider({ method: route.method as 'GET', url: url.replace(':object_id', 'x'), payload: ['GET', 'DELETE'].includes(route.method) ? undefined : {} });
    expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
  }
});

it('an organization_id in the query of a route that does not read it is an unknown parameter, ignored (found by the schema fuzzer: it answered 404)', async () => {
  const other = await organizationId(t, 'Other Organization');
  const admin = await t.login('admin@demo.local');
  for (const url of ['/api/users/me', '/api/notifications', '/api/users/me/work', '/api/auth/api']) {
    const response = await admin({ method: 'GET', url: `${url}?organization_id=${other}` });
    expect(response.statusCode, url).toBe(200);
  }
  // Where the query names the organization, another one's id still answers 404.
  const [editor] = await t.db.select().from(users).where(eq(users.email, 'editor@demo.local'));
  const named = await admin({ method: 'GET', url: `/api/users/${editor!.id}/signup-link?organization_id=${other}` });
  expect(named.statusCode).toBe(404);
});
