import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membershipRepository } from '../../src/modules/organizations/membership-repository';
import { organizationId, uniqueEmail } from '../factories';
import { build, type TestApp } from '../helper';

/**
 * Issue 17, item 8: inviting the e-mail of someone who has an account elsewhere answered with their
 * global user id, which correlates them across organizations. Until the invitation is accepted every
 * answer names the invitee by the invitation's own id, and every endpoint that acts on them takes it.
 */
let t: TestApp;
let demo: string;
let other: string;
let superId: string;
const superEmail = 'super@demo.local';
const members = (org: string) => `/api/organizations/${org}/users`;
type Member = { user_id: string; email: string; roles: string[]; state: string; is_super_admin: boolean; invitation: { invitation_id: string } | null };

beforeAll(async () => {
  t = await build();
  demo = await organizationId(t, 'Demo Organization');
  other = await organizationId(t, 'Other Organization');
  superId = (await (await t.login(superEmail))({ method: 'GET', url: '/api/users/me' })).json().id;
});
afterAll(() => t.close());

async function listed(org: string, email: string): Promise<Member | undefined> {
  const admin = await t.login(org === demo ? 'admin@demo.local' : 'outsider@other.local');
  const items = (await admin({ method: 'GET', url: `${members(org)}?size=100&include_inactive=true` })).json().items as Member[];
  return items.find((m) => m.email === email);
}

describe('a pending invitation of a person who has an account elsewhere', () => {
  it('answers with the invitation id in the invite response and the members list, never the global user id', async () => {
    const outsider = await t.login('outsider@other.local');
    const invited = await outsider({ method: 'POST', url: members(other), payload: { email: superEmail, role: 'member' } });
    expect(invited.statusCode).toBe(201);
    const invitation = invited.json();
    expect(invitation.user_id).toBe(invitation.invitation_id);
    expect(invited.body).not.toContain(superId);

    const row = await listed(other, superEmail);
    expect(row).toMatchObject({ user_id: invitation.invitation_id, state: 'pending', is_super_admin: false });
    const pendingOnly = await outsider({ method: 'GET', url: `${members(other)}?state=pending&size=100` });
    expect(pendingOnly.body).toContain(invitation.invitation_id);
    expect(pendingOnly.body).not.toContain(superId);
    // A person the organization has alone is answered the same way.
    const fresh = (await outsider({ method: 'POST', url: members(other), payload: { email: uniqueEmail('new'), role: 'member' } })).json();
    expect(fresh.user_id).toBe(fresh.invitation_id);
  });

  it('takes the invitation id to change the role, issue a link, resend and cancel; the global id answers 404', async () => {
    const outsider = await t.login('outsider@other.local');
    const start = (await listed(other, superEmail))!;
    const id = start.user_id;
    // The global id is not a name for the invitee here.
    expect((await outsider({ method: 'PATCH', url: `${members(other)}/${superId}/roles`, payload: { roles: ['admin'] } })).statusCode).toBe(404);
    expect((await outsider({ method: 'POST', url: `/api/users/${superId}/resend-invite?organization_id=${other}` })).statusCode).toBe(404);
    expect((await outsider({ method: 'GET', url: `/api/users/${superId}/signup-link?organization_id=${other}` })).statusCode).toBe(404);
    expect((await outsider({ method: 'POST', url: `/api/users/${superId}/cancel-invites?organization_id=${other}` })).statusCode).toBe(404);

    // Changing the role of a pending invitation changes the role it will grant, and tells nothing about the person.
    const role = await outsider({ method: 'PATCH', url: `${members(other)}/${id}/roles`, payload: { roles: ['admin'] } });
    expect(role.statusCode).toBe(200);
    expect(role.json()).toMatchObject({ user_id: id, roles: ['admin'], state: 'pending' });
    const twoRoles = await outsider({ method: 'POST', url: `${members(other)}/${id}/roles?role=member` });
    expect(twoRoles.statusCode).toBe(409);
    // Status and subject are a member's: a clear 409, not a hint that this person is a super admin elsewhere.
    const status = await outsider({ method: 'PATCH', url: `${members(other)}/${id}/status`, payload: { status: 'deactivated' } });
    expect(status.statusCode).toBe(409);
    expect((await outsider({ method: 'PATCH', url: `${members(other)}/${id}`, payload: { oid: 'x' } })).statusCode).toBe(409);

    const link = await outsider({ method: 'GET', url: `/api/users/${id}/signup-link?organization_id=${other}` });
    expect(link.statusCode).toBe(200);

    const resent = await outsider({ method: 'POST', url: `/api/users/${id}/resend-invite?organization_id=${other}` });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ role: 'admin', status: 'pending' });
    const renewed = resent.json().invitation_id as string;
    expect(resent.json().user_id).toBe(renewed);
    expect(resent.body).not.toContain(superId);
    expect((await listed(other, superEmail))!.user_id).toBe(renewed);

    const cancelled = await outsider({ method: 'POST', url: `/api/users/${renewed}/cancel-invites?organization_id=${other}` });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ user_id: renewed, state: 'cancelled' });
    expect(cancelled.body).not.toContain(superId);
  });

  it("answers 404 for another organization's invitation id", async () => {
    const outsider = await t.login('outsider@other.local');
    const invitation = (await outsider({ method: 'POST', url: members(other), payload: { email: 'editor@demo.local', role: 'member' } })).json();
    const demoAdmin = await t.login('admin@demo.local');
    expect((await demoAdmin({ method: 'POST', url: `/api/users/${invitation.invitation_id}/resend-invite?organization_id=${demo}` })).statusCode).toBe(404);
    expect((await demoAdmin({ method: 'PATCH', url: `${members(demo)}/${invitation.invitation_id}/roles`, payload: { roles: ['admin'] } })).statusCode).toBe(404);
  });

  it('users_force for a person with an account elsewhere answers the pending invitation by its id', async () => {
    const outsider = await t.login('outsider@other.local');
    const created = await outsider({ method: 'POST', url: `${members(other)}_force`, payload: { email: 'reviewer@demo.local', firstname: 'Re', lastname: 'Viewer' } });
    expect(created.statusCode).toBe(201);
    const member = created.json() as Member;
    expect(member.state).toBe('pending');
    expect(member.user_id).toBe(member.invitation!.invitation_id);
    const reviewerId = (await (await t.login('reviewer@demo.local'))({ method: 'GET', url: '/api/users/me' })).json().id;
    expect(created.body).not.toContain(reviewerId);
  });

  it('names the person by their user id once they accepted', async () => {
    const outsider = await t.login('outsider@other.local');
    const invitation = (await outsider({ method: 'POST', url: members(other), payload: { email: 'auditor@demo.local', role: 'member' } })).json();
    const auditorId = (await (await t.login('auditor@demo.local'))({ method: 'GET', url: '/api/users/me' })).json().id;
    expect(invitation.user_id).not.toBe(auditorId);
    await membershipRepository.acceptInvitation(t.db, invitation.invitation_id, t.clock.now());
    await membershipRepository.addMember(t.db, other, auditorId, 'member');
    expect((await listed(other, 'auditor@demo.local'))!.user_id).toBe(auditorId);
  });
});
