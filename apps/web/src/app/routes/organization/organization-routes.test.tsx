import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@aegis/contracts';
import { signIn, stubAppApi } from '../../../testing/app-api';
import { buildOrganizationConfig, buildUserWithRoles, DEMO_ORGANIZATION } from '../../../testing/factories';
import { jsonResponse, type FetchCall } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const emptyPage = { items: [], total: 0, page: 1, size: 10, pages: 0 };
const emptyMembers = ({ url }: FetchCall) =>
  ['users', 'tags', 'templates'].some((list) => url.startsWith(`/api/organizations/${DEMO_ORGANIZATION.id}/${list}`)) ? jsonResponse(200, emptyPage) : undefined;

const admin = buildUserWithRoles(['admin']);
const member = buildUserWithRoles(['member']);
/** A member who may read the config but is not shown the users (with the users feature off). */
const configReader = buildUserWithRoles(['member'], { organization_rights: { [DEMO_ORGANIZATION.id]: ['config:read'] } });

async function open(path: string, user: CurrentUser, usersEnabled = true) {
  signIn();
  stubAppApi({ user, organizationConfig: buildOrganizationConfig({ user_management_enabled_for_entire_organization: usersEnabled }), handle: emptyMembers });
  const view = renderApp(path);
  // The first render loads the area's chunks.
  await screen.findByRole('heading', { level: 1, name: 'Demo Organization' });
  return view;
}

const tabs = () => screen.queryByRole('navigation', { name: 'Organization sections' });
const tabNames = () => (tabs() ? within(tabs()!).getAllByRole('link').map((link) => link.textContent) : []);

describe('the organization area', () => {
  it('shows an admin every tab, opens User Management from /organization and follows the path', async () => {
    const { router } = await open('/organization', admin);
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/users'));
    expect(tabNames()).toEqual(['User Management', 'Frameworks', 'Customization', 'Settings']);
    const users = within(tabs()!).getByRole('link', { name: 'User Management' });
    expect(users).toHaveAttribute('href', '/organization/users');
    await waitFor(() => expect(users).toHaveAttribute('aria-current', 'page'));

    const settings = within(tabs()!).getByRole('link', { name: 'Settings' });
    settings.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/settings'));
    await waitFor(() => expect(settings).toHaveAttribute('aria-current', 'page'));
    expect(users).not.toHaveAttribute('aria-current');
  });

  it('shows User Management to someone with full project access whatever the users feature says', async () => {
    const lead = buildUserWithRoles(['member'], { organization_rights: { [DEMO_ORGANIZATION.id]: ['projects:full_access'] } });
    await open('/organization/users', lead, false);
    expect(tabNames()).toEqual(['User Management', 'Frameworks', 'Customization']);
  });

  it('shows a member User Management while the users feature is on, and sends them from Settings to Frameworks without config:read', async () => {
    const { router } = await open('/organization', member, true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/users'));
    expect(tabNames()).toEqual(['User Management', 'Frameworks', 'Customization']);

    await act(() => router.navigate('/organization/settings'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/frameworks'));
  });

  it('hides User Management from a member while the users feature is off: Frameworks is where they land', async () => {
    const { router } = await open('/organization', member, false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/frameworks'));
    expect(tabNames()).toEqual(['Frameworks', 'Customization']);
    await waitFor(() => expect(within(tabs()!).getByRole('link', { name: 'Frameworks' })).toHaveAttribute('aria-current', 'page'));

    await act(() => router.navigate('/organization/users'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/frameworks'));
  });

  it('keeps the Frameworks tab current on a framework’s page', async () => {
    await open('/organization/frameworks/EU_AI_ACT', member, false);
    await waitFor(() => expect(within(tabs()!).getByRole('link', { name: 'Frameworks' })).toHaveAttribute('aria-current', 'page'));
  });

  it('shows someone who may read the config but not the users Frameworks, Customization and Settings, never User Management', async () => {
    const { router } = await open('/organization', configReader, false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/frameworks'));
    expect(tabNames()).toEqual(['Frameworks', 'Customization', 'Settings']);

    await act(() => router.navigate('/organization/users'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/frameworks'));
    await act(() => router.navigate('/organization/settings'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/settings'));
  });
});
