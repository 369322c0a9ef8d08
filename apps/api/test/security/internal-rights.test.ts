import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, users } from '../../src/db/schema';
import { membershipRepository } from '../../src/modules/organizations/membership-repository';
import { multipartFile, organizationId, sampleTemplate, uniqueEmail } from '../factories';
import { build, type TestApp } from '../helper';

/**
 * Issue 17, item 4: the internal role grants its rights only in the organization where it is held
 * (PERMISSIONS.md). In another organization an internal user is an outsider, but for the admin area's
 * platform actions on organizations themselves (rename, plan quota, delete, switching platform frameworks).
 */
let t: TestApp;
let demo: string;
let other: string;
beforeAll(async () => {
  t = await build();
  demo = await organizationId(t, 'Demo Organization');
  other = await organizationId(t, 'Other Organization');
});
afterAll(() => t.close());

/** The admin area's actions on an organization as a whole: the only organization routes that span organizations. */
const PLATFORM_ACTIONS = [
  'PATCH /api/organizations/:organization_id',
  'DELETE /api/v1/organizations/:organization_id',
  'GET /api/v1/organizations/:organization_id/quota',
  'POST /api/organizations/:organization_id/platform-frameworks',
];

describe('an internal user of Demo Organization in Other Organization', () => {
  it("cannot read Other Organization's private template, nor any framework through its path", async () => {
    const outsider = await t.login('outsider@other.local');
    const template = sampleTemplate();
    const uploaded = await outsider({ method: 'POST', url: `/api/organizations/${other}/templates`, ...multipartFile(JSON.stringify(template)) });
    expect(uploaded.statusCode).toBe(201);
    expect((await outsider({ method: 'GET', url: `/api/organizations/${other}/frameworks/${template.framework_code}` })).statusCode).toBe(200);

    const internal = await t.login('internal@demo.local');
    const read = await internal({ method: 'GET', url: `/api/organizations/${other}/frameworks/${template.framework_code}` });
    expect(read.statusCode).toBe(404);
    expect(read.json().detail).toBe('Organization not found');
    expect(read.body).not.toContain(template.name);
    // A platform framework through another organization's path is refused the same way.
    expect((await internal({ method: 'GET', url: `/api/organizations/${other}/frameworks/MFF-1` })).statusCode).toBe(404);
    // Nor does the admin area's platform catalogue serve an organization's own template.
    expect((await internal({ method: 'GET', url: `/api/v1/platform-frameworks/${template.framework_code}` })).statusCode).toBe(404);
    // Switching it "on" for that organization answers as an unknown code, without its name.
    const toggled = await internal({ method: 'POST', url: `/api/organizations/${other}/platform-frameworks`, payload: { framework_code: template.framework_code, enabled: true } });
    expect(toggled.statusCode).toBe(404);
    expect(toggled.body).not.toContain(template.name);
    const unknown = await internal({ method: 'POST', url: `/api/organizations/${other}/platform-frameworks`, payload: { framework_code: 'NO_SUCH_CODE', enabled: true } });
    expect(toggled.json().detail).toBe(unknown.json().detail.replace('NO_SUCH_CODE', template.framework_code));
  });

  it('gets 404 from every organization and project route with Other Organization ids, but the admin area actions', async () => {
    const [outsiderRow] = await t.db.select().from(users).where(eq(users.email, 'outsider@other.local'));
    const [project] = await t.db.select().from(projects).where(eq(projects.organizationId, other));
    const projectId = project?.id ?? (await (await t.login('outsider@other.local'))({ method: 'POST', url: '/api/projects', payload: { name: 'Other pilot', project_type: 'ai_application' } })).json().id;
    const internal = await t.login('internal@demo.local');
    const routes = t.app.routeAccess.filter(
      (r) =>
        r.access &&
        r.access.kind !== 'public' &&
        (r.url.includes(':organization_id') || r.url.includes(':project_id') || /^\/api\/users\/:user_id\/(cancel-invites|resend-invite|signup-link|roles)$/.test(r.url)),
    );
    const spanning = routes.filter((r) => PLATFORM_ACTIONS.includes(`${r.method} ${r.url}`));
    // The list above is exhaustive: a new route that spans organizations must be added to it on purpose.
    expect(spanning.map((r) => `${r.method} ${r.url}`).sort()).toEqual([...PLATFORM_ACTIONS].sort());
    const checked: string[] = [];
    for (const route of routes) {
      if (spanning.includes(route)) continue;
      let url = route.url.replace(':organization_id', other).replace(':project_id', projectId).replace(':user_id', outsiderRow!.id);
      if (route.url === '/api/users/:user_id/roles') url += `?project_id=${projectId}&role=owner`;
      else if (url.startsWith('/api/users/')) url += `?organization_id=${other}`;
      url = url.replace(/:[a-z_]+/g, 'x');
      const response = await internal({ method: route.method as 'GET', url, payload: ['GET', 'DELETE'].includes(route.method) ? undefined : {} });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
      checked.push(route.url);
    }
    expect(checked.length).toBeGreaterThanOrEqual(30);
  });

  it('still runs the admin area on Other Organization: quota, rename, platform frameworks', async () => {
    const internal = await t.login('internal@demo.local');
    expect((await internal({ method: 'GET', url: `/api/v1/organizations/${other}/quota` })).statusCode).toBe(200);
    expect((await internal({ method: 'PATCH', url: `/api/organizations/${other}`, payload: { name: 'Other Organization' } })).statusCode).toBe(200);
    expect((await internal({ method: 'POST', url: `/api/organizations/${other}/platform-frameworks`, payload: { framework_code: 'MFF-1', enabled: true } })).statusCode).toBe(200);
    // An admin of Demo Organization, without the internal role, does none of that.
    const admin = await t.login('admin@demo.local');
    expect((await admin({ method: 'GET', url: `/api/v1/organizations/${other}/quota` })).statusCode).toBe(404);
  });
});

describe('an internal user acting for their own organization', () => {
  it("cannot pin the sign-in subject of a person who also belongs to another organization", async () => {
    const outsider = await t.login('outsider@other.local');
    const created = await outsider({ method: 'POST', url: `/api/organizations/${other}/users_force`, payload: { email: uniqueEmail('both'), firstname: 'Bo', lastname: 'Th' } });
    expect(created.statusCode).toBe(201);
    const personId = created.json().user_id as string;
    await membershipRepository.addMember(t.db, demo, personId, 'member');

    const internal = await t.login('internal@demo.local');
    const pinned = await internal({ method: 'PATCH', url: `/api/organizations/${demo}/users/${personId}`, payload: { oid: 'taken-over' } });
    expect(pinned.statusCode).toBe(403);
    expect(pinned.json().code).toBe('subject_pin_forbidden');
    // The super admin still can (PERMISSIONS.md: they hold every permission everywhere).
    const superAdmin = await t.login('super@demo.local');
    expect((await superAdmin({ method: 'PATCH', url: `/api/organizations/${demo}/users/${personId}`, payload: { oid: 'pinned-by-super' } })).statusCode).toBe(200);
  });
});
