import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser, Invitation, OrganizationMember } from '@aegis/contracts';
import { signIn, stubAppApi } from '../../../testing/app-api';
import { buildCurrentUser, buildInvitee, buildOrganizationMember, buildUserWithRoles, DEMO_ORGANIZATION } from '../../../testing/factories';
import { jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const ORG = DEMO_ORGANIZATION.id;
const admin = buildUserWithRoles(['admin']);
const alice = buildOrganizationMember({ user_id: admin.id, firstname: 'Alice', lastname: 'Admin', email: 'admin@demo.local', roles: ['admin'] });
const bob = buildOrganizationMember();
const invitee = buildInvitee();
const LINK = 'http://localhost/api/auth/authorize/fresh-token';

type Call = { method: string; url: string; body: unknown };

/** The users API over a list of people; records every call to it. */
function stubMembers({ user = admin, people = [alice, bob, invitee] }: { user?: CurrentUser; people?: OrganizationMember[] } = {}) {
  const calls: Call[] = [];
  const invitation = (email: string, emailSent = false): Invitation => ({
    invitation_id: '0199a0b2-0000-7000-8000-000000000099',
    user_id: invitee.user_id,
    email,
    role: 'member',
    status: 'pending',
    expires_at: '2026-12-08T10:00:00Z',
    signup_link: LINK,
    email_sent: emailSent,
  });
  stubAppApi({
    user,
    handle: ({ url, init }) => {
      const method = init.method ?? 'GET';
      const isMembers = url.startsWith(`/api/organizations/${ORG}/users`);
      if (!isMembers && !url.startsWith('/api/users/0199')) return undefined;
      calls.push({ method, url, body: init.body ? JSON.parse(init.body as string) : undefined });
      const path = url.split('?')[0]!;
      if (method === 'GET' && path === `/api/organizations/${ORG}/users`) {
        return jsonResponse(200, { items: people, total: people.length, page: 1, size: 10, pages: 1 });
      }
      if (method === 'POST' && path === `/api/organizations/${ORG}/users`) return jsonResponse(201, invitation((JSON.parse(init.body as string) as { email: string }).email));
      if (path.endsWith('/resend-invite')) return jsonResponse(200, invitation(invitee.email, true));
      if (path.endsWith('/cancel-invites')) return jsonResponse(200, { ...invitee, state: 'cancelled' });
      if (path.endsWith('/signup-link')) return jsonResponse(200, { signup_link: LINK, expires_at: '2026-12-08T10:00:00Z' });
      if (path.endsWith('/roles')) return jsonResponse(200, { ...bob, roles: (JSON.parse(init.body as string) as { roles: string[] }).roles });
      if (path.endsWith('/status')) return jsonResponse(200, { ...bob, activation_status: 'deactivated', state: 'deactivated' });
      return undefined;
    },
  });
  return calls;
}

const lastList = (calls: Call[]) => new URL(calls.filter((c) => c.method === 'GET' && c.url.includes('/users?')).at(-1)!.url, 'http://x').searchParams;

async function openScreen(options?: Parameters<typeof stubMembers>[0]) {
  signIn();
  const calls = stubMembers(options);
  const view = renderApp('/organization/users');
  // The first render loads the screen's chunks.
  await screen.findByRole('row', { name: /Bob Member/ });
  return { calls, user: userEvent.setup(), ...view };
}

async function chooseAction(user: ReturnType<typeof userEvent.setup>, person: string, action: RegExp | string) {
  await user.click(screen.getByRole('button', { name: `Actions for ${person}` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

describe('OrganizationUsersScreen', () => {
  it('lists members and invitees with roles, state and last access', async () => {
    const { calls } = await openScreen();
    const bobRow = screen.getByRole('row', { name: /Bob Member/ });
    expect(within(bobRow).getByText('bob@demo.local')).toBeInTheDocument();
    expect(within(bobRow).getByText('Member')).toBeInTheDocument();
    expect(within(bobRow).getByText('Active')).toBeInTheDocument();
    expect(within(bobRow).getByText(/^\d{2}-11-2026 \d{2}:\d{2}$/)).toBeInTheDocument();

    const inviteeRow = screen.getByRole('row', { name: /new\.person@example\.test/ });
    expect(within(inviteeRow).getByText('Pending')).toBeInTheDocument();
    expect(within(inviteeRow).getByText('Never')).toBeInTheDocument();
    expect(within(inviteeRow).getByText('No name yet')).toBeInTheDocument();

    const query = lastList(calls);
    expect(Object.fromEntries(query)).toEqual({ include_inactive: 'true', sort_by: 'name', descending: 'false', page: '1', size: '10' });
    // Never any action on yourself.
    expect(screen.queryByRole('button', { name: 'Actions for Alice Admin' })).not.toBeInTheDocument();
  });

  it('calls a super admin “Super admin” rather than by their roles here, and keeps each e-mail on one line with its whole value', async () => {
    const sam = buildOrganizationMember({ user_id: '0199a0b2-0000-7000-8000-000000000030', firstname: 'Sam', lastname: 'Super', email: 'super@demo.local', is_super_admin: true });
    await openScreen({ people: [alice, bob, sam] });
    const samRow = screen.getByRole('row', { name: /Sam Super/ });
    expect(within(samRow).getByText('Super admin')).toBeInTheDocument();
    expect(within(samRow).queryByText('Member')).not.toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Bob Member/ })).queryByText('Super admin')).not.toBeInTheDocument();
    expect(within(samRow).getByText('super@demo.local')).toHaveAttribute('title', 'super@demo.local');
  });

  it('searches by name once typing pauses, and filters by state', async () => {
    const { calls, user } = await openScreen();
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'bob');
    await waitFor(() => expect(lastList(calls).get('name')).toBe('bob'));
    expect(calls.filter((c) => c.url.includes('name=b&') || c.url.includes('name=bo&'))).toHaveLength(0);

    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Pending' }));
    await waitFor(() => expect(lastList(calls).get('state')).toBe('pending'));
    expect(lastList(calls).get('include_inactive')).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Deactivated' }));
    await waitFor(() => expect(lastList(calls).get('state')).toBe('deactivated'));
    expect(lastList(calls).get('include_inactive')).toBe('true');
    expect(lastList(calls).get('name')).toBe('bob');
  });

  it('sorts by a column, then the other way round', async () => {
    const { calls, user } = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(lastList(calls).get('sort_by')).toBe('email'));
    expect(lastList(calls).get('descending')).toBe('false');
    expect(screen.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: /^Email/ }));
    await waitFor(() => expect(lastList(calls).get('descending')).toBe('true'));
    expect(screen.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('refuses a bad email without a request, then invites and shows the sign-up link with its expiry', async () => {
    const { calls, user } = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await user.type(email, 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByText('Enter a valid email address')).toBeInTheDocument();
    expect(email).toHaveFocus();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'Carol@Example.test');
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Carol');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));

    const shown = await screen.findByRole('dialog', { name: 'Invitation for carol@example.test created' });
    expect(shown).toHaveAccessibleDescription(/^No e-mail was sent\. Share this link with carol@example\.test yourself/);
    expect(within(shown).getByRole('textbox', { name: 'Sign-up link' })).toHaveValue(LINK);
    expect(within(shown).getByText(/^The link works until \d{2}-12-2026 \d{2}:\d{2}\.$/)).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe(`/api/organizations/${ORG}/users`);
    expect(post.body).toEqual({ email: 'carol@example.test', role: 'member', firstname: 'Carol' });

    await user.click(within(shown).getByRole('button', { name: 'Copy sign-up link' }));
    expect(await navigator.clipboard.readText()).toBe(LINK);
  });

  it('puts the field errors of a 422 next to their fields', async () => {
    const { user } = await openScreen();
    stubAppApi({
      user: admin,
      handle: ({ url, init }) =>
        init.method === 'POST' && url === `/api/organizations/${ORG}/users`
          ? jsonResponse(422, { detail: 'body.email: is not allowed here', code: 'unprocessable_content', errors: [{ path: 'body.email', message: 'is not allowed here' }] })
          : undefined,
    });
    await user.click(screen.getByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'carol@example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByText('is not allowed here')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('is not allowed here');
  });

  it('replaces the roles of a member with PATCH, without offering the internal role to a plain admin', async () => {
    const { calls, user } = await openScreen();
    await chooseAction(user, 'Bob Member', 'Change roles');
    const dialog = await screen.findByRole('dialog', { name: 'Change roles of Bob Member' });
    expect(within(dialog).getByRole('checkbox', { name: 'Member' })).toBeChecked();
    expect(within(dialog).queryByRole('checkbox', { name: 'Internal' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Member' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Keep at least one role')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toBe(`/api/organizations/${ORG}/users/${bob.user_id}/roles`);
    expect(patch.body).toEqual({ roles: ['admin'] });
    expect(await screen.findByText('Roles of Bob Member updated')).toBeInTheDocument();
  });

  it('offers the internal role to a super admin', async () => {
    const { user } = await openScreen({ user: buildCurrentUser({ is_super_admin: true }) });
    await chooseAction(user, 'Bob Member', 'Change roles');
    const dialog = await screen.findByRole('dialog', { name: 'Change roles of Bob Member' });
    expect(within(dialog).getByRole('checkbox', { name: 'Internal' })).toBeEnabled();
  });

  it('deactivates a member only after a confirmation that names them', async () => {
    const { calls, user } = await openScreen();
    await chooseAction(user, 'Bob Member', 'Deactivate');
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Bob Member?' });
    expect(dialog).toHaveAccessibleDescription(/Their sessions end immediately/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
    // Focus goes back to the row's actions button.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Actions for Bob Member' })).toHaveFocus());

    await chooseAction(user, 'Bob Member', 'Deactivate');
    await user.click(within(await screen.findByRole('dialog', { name: 'Deactivate Bob Member?' })).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toBe(`/api/organizations/${ORG}/users/${bob.user_id}/status`);
    expect(patch.body).toEqual({ status: 'deactivated' });
  });

  it('resends an invitation and shows the new link, saying when the server e-mailed it', async () => {
    const { calls, user } = await openScreen();
    await chooseAction(user, 'new.person@example.test', /^Resend invitation/);
    const shown = await screen.findByRole('dialog', { name: 'New invitation for new.person@example.test' });
    expect(shown).toHaveAccessibleDescription(/^We e-mailed this link to new\.person@example\.test\./);
    expect(within(shown).getByRole('textbox', { name: 'Sign-up link' })).toHaveValue(LINK);
    expect(calls.find((c) => c.method === 'POST')!.url).toBe(`/api/users/${invitee.user_id}/resend-invite?organization_id=${ORG}`);
  });

  it('cancels an invitation after confirmation', async () => {
    const { calls, user } = await openScreen();
    await chooseAction(user, 'new.person@example.test', 'Cancel invitation');
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the invitation for new.person@example.test?' });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel invitation' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.url).toBe(`/api/users/${invitee.user_id}/cancel-invites?organization_id=${ORG}`);
  });

  it('copies a new sign-up link and says the previous one stops working', async () => {
    const { calls, user } = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Actions for new.person@example.test' }));
    const item = await screen.findByRole('menuitem', { name: /^Copy new sign-up link/ });
    expect(item).toHaveTextContent('The previous link stops working');
    await user.click(item);
    expect(await screen.findByText(/copied\. The previous link no longer works\./)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(LINK);
    expect(calls.some((c) => c.method === 'GET' && c.url === `/api/users/${invitee.user_id}/signup-link?organization_id=${ORG}`)).toBe(true);
  });

  it('offers a member neither invitations nor row actions, and only admins create users', async () => {
    const member = buildUserWithRoles(['member']);
    const view = await openScreen({ user: member });
    expect(screen.queryByRole('button', { name: 'Invite user' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create user' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
    view.unmount();

    // users:invite alone (no admin role) may invite but not create.
    const inviter = buildUserWithRoles(['member'], { organization_rights: { [ORG]: ['users:read', 'users:invite'] } });
    await openScreen({ user: inviter });
    expect(screen.getByRole('button', { name: 'Invite user' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create user' })).not.toBeInTheDocument();
  });

  it('creates a user directly, checking the names and the password length first', async () => {
    const { calls, user } = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create user' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'dave@example.test');
    await user.type(within(dialog).getByLabelText('Initial password'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('First name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('The password must have at least 8 characters')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
