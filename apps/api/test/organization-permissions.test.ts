import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { organizationRightsFor, type OrganizationRole } from '@aegis/contracts';
import { users } from '../src/db/schema';
import { organizationId } from './factories';
import { build, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const PEOPLE: { email: string; roles: OrganizationRole[]; superAdmin?: boolean }[] = [
  { email: 'admin@demo.local', roles: ['admin'] },
  { email: 'editor@demo.local', roles: ['member'] },
  { email: 'internal@demo.local', roles: ['internal'] },
  { email: 'super@demo.local', roles: ['member'], superAdmin: true },
];

/**
 * Every organization-scoped and platform route, called by each seeded role of Demo Organization on
 * its own organization: refused with 403 exactly when PERMISSIONS.md withholds the right.
 */
it('allows and refuses each role exactly as the permission table says', async () => {
  const demo = await organizationId(t, 'Demo Organization');
  const [editor] = await t.db.select().from(users).where(eq(users.email, 'reviewer@demo.local'));
  const routes = t.app.routeAccess.filter((r) => r.url.startsWith('/api') && (r.access?.kind === 'organization' || r.access?.kind === 'platform'));
  expect(routes.length).toBeGreaterThan(20);
  for (const person of PEOPLE) {
    const call = await t.login(person.email);
    const rights = new Set<string>(organizationRightsFor(person.roles, person.superAdmin));
    for (const route of routes) {
      const needed = route.access!.kind === 'platform' ? 'internal_metrics:read' : (route.access as { right: string }).right;
      let url = route.url
        .replace(':organization_id', demo)
        .replace(':user_id', editor!.id)
        .replace(':tag_id', '00000000-0000-4000-8000-000000000000');
      if (url.startsWith('/api/users/')) url += `?organization_id=${demo}`;
      // Destructive calls get a body that fails validation, so an allowed call changes nothing.
      const response = await call({ method: route.method as 'GET', url, payload: ['GET', 'DELETE'].includes(route.method) ? undefined : { invalid_field_for_matrix: true } });
      const label = `${person.email} ${route.method} ${route.url}`;
      if (rights.has(needed)) {
        expect(response.statusCode, label).not.toBe(403);
        expect(response.statusCode, label).toBeLessThan(500);
      }
      else {
        expect(response.statusCode, label).toBe(403);
        expect(response.json().detail, label).toBe(`Missing permission ${needed}`);
      }
    }
  }
});
