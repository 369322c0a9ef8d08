import { afterAll, beforeAll, expect, it } from 'vitest';
import { organizationId, uniqueEmail } from '../factories';
import { build, type TestApp } from '../helper';
import { me, openInvitation, register } from './flows';
import { formAction, hiddenField } from '../browser';

/**
 * Finding 3 (high): users_force made another organization's person an active member without consent,
 * the invite answer told whether an e-mail had an account, the members list showed the person's own
 * names and last access, and sign-up or users_force overwrote their names.
 */
let t: TestApp;
let other: string;
beforeAll(async () => {
  t = await build();
  other = await organizationId(t, 'Other Organization');
});
afterAll(() => t.close());

const usersUrl = () => `/api/organizations/${other}/users`;

it('users_force on a Demo member yields a pending invitation, shown as the inviter typed it', async () => {
  const outsider = await t.login('outsider@other.local');
  await t.login('editor@demo.local'); // the editor has a last access time of their own
  const forced = await outsider({ method: 'POST', url: `${usersUrl()}_force`, payload: { email: 'editor@demo.local', firstname: 'Some', lastname: 'One' } });
  expect(forced.statusCode).toBe(201);
  expect(forced.json()).toMatchObject({ state: 'pending', activation_status: null, roles: ['member'] });
  const listed = (await outsider({ method: 'GET', url: `${usersUrl()}?name=editor@demo.local` })).json().items;
  expect(listed).toEqual([expect.objectContaining({ email: 'editor@demo.local', firstname: 'Some', lastname: 'One', last_access_at: null, state: 'pending' })]);
  // No token of the editor reaches Other Organization, and the editor's names are theirs.
  const editor = await me(t, (await t.tokensFor('editor@demo.local')).access_token);
  expect(editor).toMatchObject({ firstname: 'Eddie', lastname: 'Editor' });
  expect(editor.organization?.name).toBe('Demo Organization');
  const reader = await outsider({ method: 'GET', url: `/api/users/${editor.id}` });
  expect(reader.statusCode).toBe(404);
});

it('answers an invitation the same whether or not the e-mail has an account', async () => {
  const outsider = await t.login('outsider@other.local');
  const known = (await outsider({ method: 'POST', url: usersUrl(), payload: { email: 'reviewer@demo.local', firstname: 'R', lastname: 'V' } })).json();
  const unknown = (await outsider({ method: 'POST', url: usersUrl(), payload: { email: uniqueEmail('nobody'), firstname: 'R', lastname: 'V' } })).json();
  const shape = (value: Record<string, unknown>) => Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeof v]));
  expect(shape(known)).toEqual(shape(unknown));
  expect({ ...known, invitation_id: 0, user_id: 0, email: 0, signup_link: 0, expires_at: 0 }).toEqual({ ...unknown, invitation_id: 0, user_id: 0, email: 0, signup_link: 0, expires_at: 0 });
  const [a, b] = await Promise.all([known, unknown].map(async (i) => (await outsider({ method: 'GET', url: `${usersUrl()}?name=${i.email}` })).json().items[0]));
  expect(shape(a)).toEqual(shape(b));
  expect(a).toMatchObject({ firstname: 'R', lastname: 'V', last_access_at: null });
});

it('the invited person joins only by accepting, signed in as themselves', async () => {
  const outsider = await t.login('outsider@other.local');
  const invited = (await outsider({ method: 'POST', url: usersUrl(), payload: { email: 'auditor@demo.local', role: 'member' } })).json();
  const { browser, page, isSignupForm } = await openInvitation(t, invited.signup_link);
  expect(isSignupForm).toBe(false);
  // The wrong password does not accept it.
  const wrong = await browser.postForm(formAction(page.body), { email: 'auditor@demo.local', password: 'guess', xsrf: hiddenField(page.body, 'xsrf') });
  expect(wrong.statusCode).toBe(401);
  const signedIn = await browser.postForm(formAction(page.body), { email: 'auditor@demo.local', password: 'demo', xsrf: hiddenField(page.body, 'xsrf') });
  const accepted = await register(browser, String(signedIn.headers.location));
  expect(accepted.statusCode).toBe(201);
  const profile = await me(t, accepted.json().access_token);
  expect(profile).toMatchObject({ email: 'auditor@demo.local', firstname: 'Arthur', lastname: 'Auditor' });
  expect(profile.organization?.name).toBe('Other Organization');
});
