import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, users } from '../src/db/schema';
import { TestBrowser, formAction, hiddenField } from './browser';
import { organizationId, uniqueEmail } from './factories';
import { build, type TestApp } from './helper';
import { callbackCode, exchangeCode } from './sign-in';

let t: TestApp;
let demo: string;
beforeAll(async () => {
  t = await build();
  demo = await organizationId(t, 'Demo Organization');
});
afterAll(() => t.close());

const idOf = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]!.id;
const usersUrl = () => `/api/organizations/${demo}/users`;

describe('members list', () => {
  it('lists members with roles and state, searches, filters and pages', async () => {
    const admin = await t.login('admin@demo.local');
    const all = (await admin({ method: 'GET', url: `${usersUrl()}?size=50` })).json();
    expect(all.total).toBe(7);
    const editor = all.items.find((m: { email: string }) => m.email === 'editor@demo.local');
    expect(editor).toMatchObject({ firstname: 'Eddie', roles: ['member'], state: 'active', activation_status: 'active', invitation: null });

    const found = (await admin({ method: 'GET', url: `${usersUrl()}?name=rita` })).json();
    expect(found.items.map((m: { email: string }) => m.email)).toEqual(['reviewer@demo.local']);
    const byEmail = (await admin({ method: 'GET', url: `${usersUrl()}?name=auditor@` })).json();
    expect(byEmail.total).toBe(1);

    const paged = (await admin({ method: 'GET', url: `${usersUrl()}?size=3&page=2&sort_by=email` })).json();
    expect(paged).toMatchObject({ total: 7, page: 2, size: 3, pages: 3 });
    expect(paged.items.map((m: { email: string }) => m.email)).toEqual(['internal@demo.local', 'owner@demo.local', 'reviewer@demo.local']);

    expect((await admin({ method: 'GET', url: `${usersUrl()}?sort_by=password` })).statusCode).toBe(422);
  });

  it('marks the platform super admin, whatever their roles here, and nobody else', async () => {
    const admin = await t.login('admin@demo.local');
    const all = (await admin({ method: 'GET', url: `${usersUrl()}?size=50` })).json() as { items: { email: string; roles: string[]; is_super_admin: boolean }[] };
    expect(all.items.filter((m) => m.is_super_admin).map((m) => m.email)).toEqual(['super@demo.local']);
    expect(all.items.find((m) => m.email === 'super@demo.local')).toMatchObject({ roles: ['member'], is_super_admin: true });
    const one = await admin({ method: 'GET', url: `${usersUrl()}?name=super@` });
    expect(one.json().items[0].is_super_admin).toBe(true);
  });

  it('lets members read it, and hides another organization behind 404', async () => {
    const member = await t.login('reviewer@demo.local');
    expect((await member({ method: 'GET', url: usersUrl() })).statusCode).toBe(200);
    const outsider = await t.login('outsider@other.local');
    expect((await outsider({ method: 'GET', url: usersUrl() })).statusCode).toBe(404);
  });

  it("filters out a project's members, and answers 404 for a project that is not the organization's (found by the schema fuzzer)", async () => {
    const admin = await t.login('admin@demo.local');
    const [project] = (await admin({ method: 'GET', url: `/api/organizations/${demo}/projects?sort_by=name` })).json().items;
    const addable = (await admin({ method: 'GET', url: `${usersUrl()}?not_in_project=${project.id}&size=50` })).json();
    expect(addable.items.map((m: { email: string }) => m.email)).not.toContain('editor@demo.local');
    expect(addable.total).toBeGreaterThan(0);

    const outsider = await t.login('outsider@other.local');
    const created = await outsider({ method: 'POST', url: '/api/projects', payload: { name: 'Elsewhere', project_type: 'organization' } });
    expect(created.statusCode).toBe(201);
    for (const projectId of [created.json().id, '3fa85f64-5717-4562-b3fc-2c963f66afa6']) {
      const response = await admin({ method: 'GET', url: `${usersUrl()}?not_in_project=${projectId}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ detail: 'Project not found' });
    }
  });
});

describe('invitations', () => {
  it('invites, lists the invitee as pending, and the link signs them up into the organization', async () => {
    const admin = await t.login('admin@demo.local');
    const email = uniqueEmail('invitee');
    const invited = await admin({ method: 'POST', url: usersUrl(), payload: { email: email.toUpperCase(), role: 'member', firstname: 'Ivy' } });
    expect(invited.statusCode).toBe(201);
    const invitation = invited.json();
    expect(invitation).toMatchObject({ email, role: 'member', status: 'pending', email_sent: false });
    expect(invitation.signup_link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/authorize\/[\w-]+$/);

    const pending = (await admin({ method: 'GET', url: `${usersUrl()}?state=pending` })).json();
    expect(pending.items).toEqual([expect.objectContaining({ email, state: 'pending', activation_status: null, roles: ['member'] })]);

    // The invitee follows the link through the embedded provider.
    const browser = new TestBrowser(t.app);
    const form = await browser.follow(new URL(invitation.signup_link).pathname);
    const submitted = await browser.postForm(formAction(form.body), { firstname: 'Ivy', lastname: 'Invitee', password: 'long enough', xsrf: hiddenField(form.body, 'xsrf') });
    const { code } = await callbackCode(browser, String(submitted.headers.location), '/oauth2-signup-redirect');
    expect((await exchangeCode(browser, code, {}, '/api/auth/register')).statusCode).toBe(201);

    const member = (await admin({ method: 'GET', url: `${usersUrl()}?name=${encodeURIComponent(email)}` })).json().items[0];
    expect(member).toMatchObject({ state: 'active', activation_status: 'active', firstname: 'Ivy', lastname: 'Invitee' });
    expect(member.invitation.status).toBe('accepted');
  });

  it('refuses duplicates and members with 409, bad emails with 422, and changes nothing', async () => {
    const admin = await t.login('admin@demo.local');
    const email = uniqueEmail('dup');
    expect((await admin({ method: 'POST', url: usersUrl(), payload: { email } })).statusCode).toBe(201);
    const again = await admin({ method: 'POST', url: usersUrl(), payload: { email } });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(`An invitation for ${email} is already pending: resend it instead`);
    const member = await admin({ method: 'POST', url: usersUrl(), payload: { email: 'editor@demo.local' } });
    expect(member.statusCode).toBe(409);
    expect(member.json().detail).toBe('editor@demo.local is already a member of this organization');
    const bad = await admin({ method: 'POST', url: usersUrl(), payload: { email: 'not-an-email' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0]).toEqual({ path: 'body.email', message: 'Enter a valid email address' });
    const internal = await admin({ method: 'POST', url: usersUrl(), payload: { email: uniqueEmail(), role: 'internal' } });
    expect(internal.statusCode).toBe(403);
  });

  it('resends (new link, old one dead), issues fresh links, and cancels', async () => {
    const admin = await t.login('admin@demo.local');
    const first = (await admin({ method: 'POST', url: usersUrl(), payload: { email: uniqueEmail('re') } })).json();
    const query = `organization_id=${demo}`;

    const resent = await admin({ method: 'POST', url: `/api/users/${first.user_id}/resend-invite?${query}` });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().signup_link).not.toBe(first.signup_link);
    const oldLink = await t.app.inject({ method: 'GET', url: new URL(first.signup_link).pathname });
    expect(oldLink.headers.location).toBe('/token-expired');

    const fresh = await admin({ method: 'GET', url: `/api/users/${first.user_id}/signup-link?${query}` });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().signup_link).not.toBe(resent.json().signup_link);
    const live = await t.app.inject({ method: 'GET', url: new URL(fresh.json().signup_link).pathname });
    expect(String(live.headers.location)).toContain('/idp/auth?');

    const cancelled = await admin({ method: 'POST', url: `/api/users/${first.user_id}/cancel-invites?${query}` });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().state).toBe('cancelled');
    expect((await admin({ method: 'POST', url: `/api/users/${first.user_id}/cancel-invites?${query}` })).statusCode).toBe(409);
    const dead = await t.app.inject({ method: 'GET', url: new URL(fresh.json().signup_link).pathname });
    expect(dead.headers.location).toBe('/token-expired');
  });

  it('shows an invitation past its expiry as expired', async () => {
    const admin = await t.login('admin@demo.local');
    const invited = (await admin({ method: 'POST', url: usersUrl(), payload: { email: uniqueEmail('late') } })).json();
    t.clock.advance(8 * 24 * 3600_000);
    try {
      const listed = (await (await t.login('admin@demo.local'))({ method: 'GET', url: `${usersUrl()}?state=expired` })).json();
      expect(listed.items.map((m: { user_id: string }) => m.user_id)).toContain(invited.user_id);
    } finally {
      t.clock.advance(-8 * 24 * 3600_000);
    }
  });

  it('members may not invite', async () => {
    const member = await t.login('reviewer@demo.local');
    const response = await member({ method: 'POST', url: usersUrl(), payload: { email: uniqueEmail() } });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe('Missing permission users:invite');
  });
});

describe('status and roles', () => {
  it('deactivating a member ends their sessions at once; reactivating restores access', async () => {
    const admin = await t.login('admin@demo.local');
    const { access_token, refresh_token } = await t.tokensFor('auditor@demo.local');
    const auditorId = await idOf('auditor@demo.local');
    const off = await admin({ method: 'PATCH', url: `${usersUrl()}/${auditorId}/status`, payload: { status: 'deactivated' } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ state: 'deactivated', activation_status: 'deactivated' });
    expect((await t.as(access_token)({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
    const refresh = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { grant_type: 'refresh_token', refresh_token } });
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json().error).toBe('invalid_grant');
    expect((await admin({ method: 'GET', url: usersUrl() })).json().items.map((m: { email: string }) => m.email)).not.toContain('auditor@demo.local');
    expect((await admin({ method: 'GET', url: `${usersUrl()}?include_inactive=true&size=50` })).json().items.map((m: { email: string }) => m.email)).toContain('auditor@demo.local');

    expect((await admin({ method: 'PATCH', url: `${usersUrl()}/${auditorId}/status`, payload: { status: 'active' } })).statusCode).toBe(200);
    expect((await (await t.login('auditor@demo.local'))({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(200);
  });

  it('keeps the last admin: no deactivation, no demotion, and no changing your own status', async () => {
    const admin = await t.login('admin@demo.local');
    const adminId = await idOf('admin@demo.local');
    const own = await admin({ method: 'PATCH', url: `${usersUrl()}/${adminId}/status`, payload: { status: 'deactivated' } });
    expect(own.statusCode).toBe(409);
    const internal = await t.login('internal@demo.local');
    const last = await internal({ method: 'PATCH', url: `${usersUrl()}/${adminId}/status`, payload: { status: 'deactivated' } });
    expect(last.statusCode).toBe(409);
    expect(last.json().detail).toBe('An organization needs at least one active admin: make someone else admin first');
    const demote = await internal({ method: 'DELETE', url: `${usersUrl()}/${adminId}/roles?role=admin` });
    expect(demote.statusCode).toBe(409);
  });

  it('adds, removes and replaces roles, with an activity entry for each change', async () => {
    const admin = await t.login('admin@demo.local');
    const ownerId = await idOf('owner@demo.local');
    const added = await admin({ method: 'POST', url: `${usersUrl()}/${ownerId}/roles?role=admin` });
    expect(added.json().roles).toEqual(['admin', 'member']);
    const removed = await admin({ method: 'DELETE', url: `${usersUrl()}/${ownerId}/roles?role=member` });
    expect(removed.json().roles).toEqual(['admin']);
    const replaced = await admin({ method: 'PATCH', url: `${usersUrl()}/${ownerId}/roles`, payload: { roles: ['member'] } });
    expect(replaced.json().roles).toEqual(['member']);
    expect((await admin({ method: 'DELETE', url: `${usersUrl()}/${ownerId}/roles?role=member` })).statusCode).toBe(409);
    expect((await admin({ method: 'PATCH', url: `${usersUrl()}/${ownerId}/roles`, payload: { roles: [] } })).statusCode).toBe(422);
    expect((await admin({ method: 'POST', url: `${usersUrl()}/${ownerId}/roles?role=internal` })).statusCode).toBe(403);
    expect((await admin({ method: 'POST', url: `${usersUrl()}/${ownerId}/roles?role=boss` })).statusCode).toBe(422);

    const log = await t.db.select().from(activityLogs).where(eq(activityLogs.objectId, ownerId));
    expect(log.filter((entry) => entry.action === 'roles_changed')).toHaveLength(3);
    expect(log.at(-1)).toMatchObject({ before: { roles: ['admin'] }, after: { roles: ['member'] }, objectType: 'organization_user' });
  });
});

describe('direct creation and identity provider subject', () => {
  it('lets an admin create a member with a first password that signs in', async () => {
    const admin = await t.login('admin@demo.local');
    const email = uniqueEmail('direct');
    const created = await admin({ method: 'POST', url: `/api/organizations/${demo}/users_force`, payload: { email, firstname: 'Dee', lastname: 'Rect', password: 'initial-pass' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email, state: 'active', roles: ['member'] });
    const again = await admin({ method: 'POST', url: `/api/organizations/${demo}/users_force`, payload: { email, firstname: 'Dee', lastname: 'Rect' } });
    expect(again.statusCode).toBe(409);
    // The internal role holds what admin holds (PERMISSIONS.md).
    const internal = await t.login('internal@demo.local');
    const byInternal = await internal({ method: 'POST', url: `/api/organizations/${demo}/users_force`, payload: { email: uniqueEmail(), firstname: 'A', lastname: 'B' } });
    expect(byInternal.statusCode).toBe(201);
    const member = await t.login('owner@demo.local');
    const notAllowed = await member({ method: 'POST', url: `/api/organizations/${demo}/users_force`, payload: { email: uniqueEmail(), firstname: 'A', lastname: 'B' } });
    expect(notAllowed.statusCode).toBe(403);
  });

  it('pins a subject of a member who never signed in, refusing one another user holds', async () => {
    const admin = await t.login('admin@demo.local');
    const create = async () =>
      (await admin({ method: 'POST', url: `/api/organizations/${demo}/users_force`, payload: { email: uniqueEmail('pinned'), firstname: 'Pin', lastname: 'Ned' } })).json().user_id as string;
    const first = await create();
    const second = await create();
    expect((await admin({ method: 'PATCH', url: `${usersUrl()}/${first}`, payload: { oid: 'ext-123' } })).statusCode).toBe(200);
    const taken = await admin({ method: 'PATCH', url: `${usersUrl()}/${second}`, payload: { oid: 'ext-123' } });
    expect(taken.statusCode).toBe(409);
    await t.login('editor@demo.local');
    const signedIn = await admin({ method: 'PATCH', url: `${usersUrl()}/${await idOf('editor@demo.local')}`, payload: { oid: 'ext-456' } });
    expect(signedIn.statusCode).toBe(403);
  });
});
