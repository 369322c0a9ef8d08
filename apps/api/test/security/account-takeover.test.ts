import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationId, uniqueEmail } from '../factories';
import { build, type TestApp } from '../helper';
import { me, openInvitation, register, signInWithPassword, submitSignup } from './flows';

/**
 * Finding 1 (critical): an admin of one organization set the first password of another organization's
 * person, and signed in as them. Finding 2 (critical): subject pinning took over any account.
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

const usersUrl = (organization: string) => `/api/organizations/${organization}/users`;

describe("no password set on another organization's person", () => {
  it('users_force with a password on a Demo member without an account creates no account and no membership', async () => {
    const demoAdmin = await t.login('admin@demo.local');
    const outsider = await t.login('outsider@other.local');
    const email = uniqueEmail('victim');
    const created = await demoAdmin({ method: 'POST', url: `${usersUrl(demo)}_force`, payload: { email, firstname: 'Vic', lastname: 'Tim', role: 'admin' } });
    expect(created.json()).toMatchObject({ state: 'active', roles: ['admin'] });

    const attack = await outsider({ method: 'POST', url: `${usersUrl(other)}_force`, payload: { email, firstname: 'Evil', lastname: 'Twin', password: 'attacker-pass' } });
    expect(attack.statusCode).toBe(201);
    // An invitation the person must accept, never a membership or a password.
    expect(attack.json()).toMatchObject({ state: 'pending', activation_status: null, firstname: 'Evil', lastname: 'Twin', last_access_at: null });
    const signIn = await signInWithPassword(t, email, 'attacker-pass');
    expect(signIn.status).toBe(401);
    expect(signIn.token).toBeUndefined();
    // The person's own record is untouched.
    const seen = (await demoAdmin({ method: 'GET', url: `${usersUrl(demo)}?name=${encodeURIComponent(email)}` })).json().items[0];
    expect(seen).toMatchObject({ firstname: 'Vic', lastname: 'Tim', state: 'active' });
  });

  it("another organization's invitation link cannot create a Demo invitee's account; Demo's own link still can", async () => {
    const demoAdmin = await t.login('admin@demo.local');
    const outsider = await t.login('outsider@other.local');
    const email = uniqueEmail('invitee');
    const demoInvite = (await demoAdmin({ method: 'POST', url: usersUrl(demo), payload: { email, role: 'admin', firstname: 'Ina', lastname: 'Vitee' } })).json();

    const otherInvite = await outsider({ method: 'POST', url: usersUrl(other), payload: { email } });
    expect(otherInvite.statusCode).toBe(201);
    const opened = await openInvitation(t, otherInvite.json().signup_link);
    expect(opened.page.statusCode).toBe(200);
    expect(opened.isSignupForm).toBe(false);
    // Posting the sign-up form anyway (forged) is refused, and nothing is created.
    const forged = await submitSignup(opened.browser, opened.page, 'attacker-pass');
    expect(forged.statusCode).toBe(409);
    expect((await signInWithPassword(t, email, 'attacker-pass')).token).toBeUndefined();

    // The real invitee signs up through Demo's link and lands in Demo with the invited role.
    const real = await openInvitation(t, demoInvite.signup_link);
    expect(real.isSignupForm).toBe(true);
    const signedUp = await submitSignup(real.browser, real.page, 'invitee-pass', { firstname: 'Ina', lastname: 'Vitee' });
    expect(signedUp.statusCode).toBe(303);
    const registered = await register(real.browser, String(signedUp.headers.location));
    expect(registered.statusCode).toBe(201);
    const profile = await me(t, registered.json().access_token);
    expect(profile).toMatchObject({ email, roles: ['admin'] });
    expect(profile.organization?.name).toBe('Demo Organization');
  });
});

describe('no account taken over by pinning a subject', () => {
  it("another organization invites the super admin and cannot pin its own subject to him", async () => {
    const outsider = await t.login('outsider@other.local');
    const outsiderId = (await me(t, (await t.tokensFor('outsider@other.local')).access_token)).id;
    // The outsider has signed in before, so the provider subject of their account is on record.
    const attackerSession = await signInWithPassword(t, 'outsider@other.local', 'demo');
    expect(attackerSession.token).toBeDefined();

    const invited = await outsider({ method: 'POST', url: usersUrl(other), payload: { email: 'super@demo.local' } });
    expect(invited.statusCode).toBe(201);
    const superId = invited.json().user_id as string;
    for (const oid of [outsiderId, 'attacker-subject']) {
      const pin = await outsider({ method: 'PATCH', url: `${usersUrl(other)}/${superId}`, payload: { oid } });
      expect([403, 409]).toContain(pin.statusCode);
    }
    const after = await signInWithPassword(t, 'outsider@other.local', 'demo');
    expect((await me(t, after.token!)).email).toBe('outsider@other.local');
  });

  it('a Demo admin cannot pin a subject to the super admin, nor to a member who signed in or belongs elsewhere', async () => {
    const demoAdmin = await t.login('admin@demo.local');
    const superId = (await me(t, (await t.tokensFor('super@demo.local')).access_token)).id;
    const pinSuper = await demoAdmin({ method: 'PATCH', url: `${usersUrl(demo)}/${superId}`, payload: { oid: 'x-1' } });
    expect(pinSuper.statusCode).toBe(403);
    expect(pinSuper.json().code).toBe('super_admin_protected');

    const editorId = (await me(t, (await t.tokensFor('editor@demo.local')).access_token)).id;
    expect((await demoAdmin({ method: 'PATCH', url: `${usersUrl(demo)}/${editorId}`, payload: { oid: 'x-2' } })).statusCode).toBe(403);
  });

  it("a pinned subject never takes the platform's person with that e-mail away from their own account", async () => {
    const demoAdmin = await t.login('admin@demo.local');
    // The outsider's provider subject (the embedded provider's account id), as an attacker could learn it.
    const { rows } = (await t.db.execute(`select id from local_accounts where email = 'outsider@other.local'`)) as unknown as { rows: { id: string }[] };
    const subject = rows[0]!.id;
    await t.db.execute(`update users set oidc_subject = null, oidc_issuer = null where email = 'outsider@other.local'`);
    const puppet = (await demoAdmin({ method: 'POST', url: `${usersUrl(demo)}_force`, payload: { email: uniqueEmail('puppet'), firstname: 'Pup', lastname: 'Pet' } })).json();
    expect((await demoAdmin({ method: 'PATCH', url: `${usersUrl(demo)}/${puppet.user_id}`, payload: { oid: subject } })).statusCode).toBe(200);
    // The outsider signs in as themselves: refused rather than handed the puppet's Demo account.
    const signIn = await signInWithPassword(t, 'outsider@other.local', 'demo');
    expect(signIn.token).toBeUndefined();
    expect(signIn.body).toContain('subject_conflict');
  });
});
