import { afterAll, beforeAll, expect, it } from 'vitest';
import { organizationId, uniqueEmail } from '../factories';
import { build, type TestApp } from '../helper';

/** Findings 7 and 8 (low): an organization admin changed the super admin; the internal role got 403 on users_force. */
let t: TestApp;
let demo: string;
let superId: string;
beforeAll(async () => {
  t = await build();
  demo = await organizationId(t, 'Demo Organization');
  superId = (await (await t.login('super@demo.local'))({ method: 'GET', url: '/api/users/me' })).json().id;
});
afterAll(() => t.close());

it("an organization admin cannot change the super admin's status, roles or subject", async () => {
  const admin = await t.login('admin@demo.local');
  const base = `/api/organizations/${demo}/users/${superId}`;
  const attempts = [
    await admin({ method: 'PATCH', url: `${base}/status`, payload: { status: 'deactivated' } }),
    await admin({ method: 'PATCH', url: `${base}/roles`, payload: { roles: ['member', 'admin'] } }),
    await admin({ method: 'POST', url: `${base}/roles?role=admin` }),
    await admin({ method: 'DELETE', url: `${base}/roles?role=member` }),
    await admin({ method: 'PATCH', url: base, payload: { oid: 'someone-else' } }),
  ];
  for (const response of attempts) {
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('super_admin_protected');
  }
  const superStill = (await admin({ method: 'GET', url: `/api/organizations/${demo}/users?name=super@demo.local` })).json().items[0];
  expect(superStill).toMatchObject({ state: 'active', roles: ['member'] });
  // A super admin may.
  const superAdmin = await t.login('super@demo.local');
  expect((await superAdmin({ method: 'POST', url: `${base}/roles?role=admin` })).statusCode).toBe(200);
});

it('the internal role holds what admin holds: it creates users directly', async () => {
  const internal = await t.login('internal@demo.local');
  const created = await internal({ method: 'POST', url: `/api/organizations/${demo}/users_force`, payload: { email: uniqueEmail('by-internal'), firstname: 'In', lastname: 'Ternal' } });
  expect(created.statusCode).toBe(201);
  expect(created.json().state).toBe('active');
});

it('a super admin or internal user naming an organization that does not exist gets 404, not 500 (found by the schema fuzzer)', async () => {
  const nowhere = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
  const superAdmin = await t.login('super@demo.local');
  const internal = await t.login('internal@demo.local');
  const attempts = [
    await superAdmin({ method: 'POST', url: `/api/organizations/${nowhere}/users`, payload: { email: uniqueEmail('nowhere') } }),
    await superAdmin({ method: 'POST', url: `/api/organizations/${nowhere}/users_force`, payload: { email: uniqueEmail('nowhere'), firstname: 'No', lastname: 'Where' } }),
    await superAdmin({ method: 'POST', url: `/api/organizations/${nowhere}/tags`, payload: { name: 'Nowhere' } }),
    await superAdmin({ method: 'GET', url: `/api/organizations/${nowhere}/users` }),
    await superAdmin({ method: 'GET', url: `/api/users/${superId}/signup-link?organization_id=${nowhere}` }),
    await internal({ method: 'POST', url: `/api/organizations/${nowhere}/platform-frameworks`, payload: { framework_code: 'ISO_IEC_42001', enabled: false } }),
    await internal({ method: 'PATCH', url: `/api/organizations/${nowhere}`, payload: { name: 'Nowhere' } }),
  ];
  for (const response of attempts) {
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found', detail: 'Organization not found' });
  }
  // Their own and other existing organizations still answer.
  expect((await superAdmin({ method: 'GET', url: `/api/organizations/${await organizationId(t, 'Other Organization')}/users` })).statusCode).toBe(200);
  expect((await superAdmin({ method: 'GET', url: `/api/organizations/${demo}/users` })).statusCode).toBe(200);
});
