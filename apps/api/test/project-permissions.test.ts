import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { projectRightsFor, type ProjectRole } from '@aegis/contracts';
import { projects, users } from '../src/db/schema';
import { organizationId, uniqueEmail } from './factories';
import { build, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

/** The seeded people of Credit Scoring Model, an admin (full access) and a member with no role on it. */
const PEOPLE: { email: string; roles: ProjectRole[]; fullAccess?: boolean }[] = [
  { email: 'owner@demo.local', roles: ['owner'] },
  { email: 'editor@demo.local', roles: ['editor'] },
  { email: 'reviewer@demo.local', roles: ['reviewer'] },
  { email: 'auditor@demo.local', roles: ['auditor'] },
  { email: 'admin@demo.local', roles: [], fullAccess: true },
];

/**
 * Every project-scoped route, called by each project role on Demo Organization's seeded project:
 * refused with 403 exactly when PERMISSIONS.md withholds the right, never a 5xx otherwise.
 */
it('allows and refuses each project role exactly as the permission table says', async () => {
  const demo = await organizationId(t, 'Demo Organization');
  const [project] = await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model'));
  const [owner] = await t.db.select().from(users).where(eq(users.email, 'owner@demo.local'));
  const routes = t.app.routeAccess.filter((r) => r.url.startsWith('/api') && r.access?.kind === 'project');
  expect(routes.length).toBeGreaterThanOrEqual(11);

  // A member of the organization without a role on the project: every project route is a 403.
  const admin = await t.login('admin@demo.local');
  const stranger = uniqueEmail('stranger');
  const createdMember = await admin({ method: 'POST', url: `/api/organizations/${demo}/users_force`, payload: { email: stranger, firstname: 'Stan', lastname: 'Stranger', password: 'a-long-password-1' } });
  expect(createdMember.statusCode).toBe(201);
  const people = [...PEOPLE, { email: stranger, roles: [] as ProjectRole[] }];

  for (const person of people) {
    const call = await t.login(person.email);
    const rights = new Set<string>(projectRightsFor(person.roles, { fullAccess: person.fullAccess }));
    for (const route of routes) {
      const needed = (route.access as { right: string }).right;
      const label = `${person.email} ${route.method} ${route.url}`;
      // Deleting the project is checked for refusals only; the allowed case has its own test.
      if (route.method === 'DELETE' && route.url === '/api/projects/:project_id' && rights.has(needed)) continue;
      let url = route.url.replace(':project_id', project!.id).replace(':user_id', owner!.id).replace(':object_type', 'project').replace(':object_id', project!.id);
      // The role routes: taking the last owner's role is refused with 409, giving it again changes nothing.
      if (url.startsWith('/api/users/')) url += `?project_id=${project!.id}&role=owner`;
      const response = await call({ method: route.method as 'GET', url, payload: ['GET', 'DELETE'].includes(route.method) ? undefined : { invalid_field_for_matrix: true } });
      if (rights.has(needed)) {
        expect(response.statusCode, label).not.toBe(403);
        expect(response.statusCode, label).toBeLessThan(500);
      } else {
        expect(response.statusCode, label).toBe(403);
        expect(response.json().detail, label).toBe(`Missing permission ${needed} on this project`);
      }
    }
  }
  // Nothing the matrix sent changed the project.
  const [after] = await t.db.select().from(projects).where(eq(projects.id, project!.id));
  expect(after).toEqual(project);
  // Every allowed role draws the full report of the seeded project (three frameworks) once.
}, 180_000);
