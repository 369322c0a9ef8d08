import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../src/db/schema';
import { organizationId } from './factories';
import { build, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

it('lets every member read their organization flags, with the spec defaults', async () => {
  const demo = await organizationId(t, 'Demo Organization');
  for (const email of ['reviewer@demo.local', 'admin@demo.local']) {
    const response = await (await t.login(email))({ method: 'GET', url: `/api/v1/config/organizations/${demo}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      organization_id: demo,
      vendor_management_enabled_for_entire_organization: true,
      user_management_enabled_for_entire_organization: true,
      evidence_scoring_enabled_for_entire_organization: false,
      control_assessment_enabled_for_entire_organization: false,
      content_management_enabled: false,
      separation_of_duties_enabled: true,
    });
  }
});

it("answers 404 for another organization's config, even for a malformed id", async () => {
  const other = await organizationId(t, 'Other Organization');
  const reviewer = await t.login('reviewer@demo.local');
  const response = await reviewer({ method: 'GET', url: `/api/v1/config/organizations/${other}` });
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ detail: 'Organization not found', code: 'not_found' });
  expect((await reviewer({ method: 'GET', url: '/api/v1/config/organizations/abc' })).statusCode).toBe(404);
});

it('serves the client configuration without a token', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/client-config' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({
    product_name: 'Aegis',
    version: 'v1.2.6',
    environment: 'prod',
    docs_url: null,
    status_url: null,
    sentry_dsn: null,
  });
});

describe('changing the flags', () => {
  it('PATCH changes the named flags, PUT sets all, each writes an activity entry', async () => {
    const demo = await organizationId(t, 'Demo Organization');
    const admin = await t.login('admin@demo.local');
    const url = `/api/v1/config/organizations/${demo}`;
    const patched = await admin({ method: 'PATCH', url, payload: { vendor_management_enabled_for_entire_organization: false } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ vendor_management_enabled_for_entire_organization: false, user_management_enabled_for_entire_organization: true });

    const all = { vendor_management_enabled_for_entire_organization: true, user_management_enabled_for_entire_organization: true, evidence_scoring_enabled_for_entire_organization: true, control_assessment_enabled_for_entire_organization: false, content_management_enabled: false };
    const put = await admin({ method: 'PUT', url, payload: all });
    // Separation of duties is not one of the spec's flags: a PUT without it leaves it as it is.
    expect(put.json()).toEqual({ organization_id: demo, ...all, separation_of_duties_enabled: true });
    const off = await admin({ method: 'PUT', url, payload: { ...all, separation_of_duties_enabled: false } });
    expect(off.json()).toMatchObject({ separation_of_duties_enabled: false });
    await admin({ method: 'PATCH', url, payload: { separation_of_duties_enabled: true } });

    const log = await t.db.select().from(activityLogs).where(eq(activityLogs.objectId, demo));
    expect(log.filter((e) => e.objectType === 'organization_config')).toHaveLength(4);
  });

  it('refuses unknown keys, incomplete PUTs and empty PATCHes with 422, and members with 403', async () => {
    const demo = await organizationId(t, 'Demo Organization');
    const admin = await t.login('admin@demo.local');
    const url = `/api/v1/config/organizations/${demo}`;
    const unknown = await admin({ method: 'PATCH', url, payload: { dark_mode: true } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail).toContain('dark_mode');
    expect((await admin({ method: 'PUT', url, payload: { content_management_enabled: true } })).statusCode).toBe(422);
    expect((await admin({ method: 'PATCH', url, payload: {} })).statusCode).toBe(422);
    const member = await t.login('reviewer@demo.local');
    const refused = await member({ method: 'PATCH', url, payload: { content_management_enabled: true } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Missing permission config:patch');
  });
});
