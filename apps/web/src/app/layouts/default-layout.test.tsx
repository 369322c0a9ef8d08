import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initErrorReporting } from '../../lib/error-reporting';
import { startUnreadStream, stopUnreadStream, useUnreadCount } from '../../lib/unread-stream';
import { signIn, spyOnPageLoads, stubAppApi } from '../../testing/app-api';
import { buildClientConfig, buildCurrentUser, buildOrganizationConfig, DEMO_ORGANIZATION } from '../../testing/factories';
import { callsTo, jsonResponse, type FetchCall } from '../../testing/fetch-stub';
import { stubScreenWidth } from '../../testing/match-media';
import { renderApp } from '../../testing/render-app';

vi.mock('../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));
vi.mock('../../lib/error-reporting', () => ({ initErrorReporting: vi.fn(() => Promise.resolve()), reportError: vi.fn() }));

afterEach(() => {
  vi.mocked(useUnreadCount).mockReturnValue(0);
  sessionStorage.clear();
});

const emptyPage = { items: [], total: 0, page: 1, size: 10, pages: 0 };
/** The notifications screen's own calls, for the tests that open it. */
const notificationsApi = ({ url, init }: FetchCall) =>
  url.startsWith('/api/notifications') && (init.method ?? 'GET') === 'GET' ? jsonResponse(200, emptyPage) : undefined;

async function renderSignedIn(path: string, api: Parameters<typeof stubAppApi>[0] = {}) {
  signIn();
  const fetch = stubAppApi({ handle: notificationsApi, ...api });
  const view = renderApp(path);
  await screen.findByRole('contentinfo');
  return { ...view, fetch };
}

async function openProfile() {
  await userEvent.click(screen.getByRole('button', { name: 'User profile' }));
  return screen.findByRole('dialog', { name: 'Alice Admin' });
}

describe('DefaultLayout', () => {
  it('records last access, starts the notification stream, restores dark mode and starts error reporting', async () => {
    localStorage.setItem('dark_mode', 'true');
    const { fetch, unmount } = await renderSignedIn('/');

    const lastAccess = callsTo(fetch, '/api/users/me/last_access');
    expect(lastAccess).toHaveLength(1);
    expect(lastAccess[0]?.init.method).toBe('PATCH');
    expect(startUnreadStream).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(initErrorReporting).toHaveBeenCalledWith(buildClientConfig()));

    unmount();
    expect(stopUnreadStream).toHaveBeenCalled();
  });

  it('has the landmarks and a skip link to the content', async () => {
    await renderSignedIn('/');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Skip to content' }));
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('greets the user on the dashboard only, and always names the organization', async () => {
    const { router } = await renderSignedIn('/');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('heading', { name: 'Hello, Alice Admin!' })).toBeInTheDocument();
    expect(within(header).getByText('Demo Organization')).toBeInTheDocument();

    await act(() => router.navigate('/notifications'));
    expect(router.state.location.pathname).toBe('/notifications');
    // The router renders in a transition: the dashboard stays until the notifications chunk is in.
    await waitFor(() => expect(within(screen.getByRole('banner')).queryByText('Hello, Alice Admin!')).not.toBeInTheDocument());
    expect(within(screen.getByRole('banner')).getByText('Demo Organization')).toBeInTheDocument();
  });

  it('links to the notifications, with the unread variant and its count above 0', async () => {
    vi.mocked(useUnreadCount).mockReturnValue(0);
    const view = await renderSignedIn('/');
    const link = screen.getByRole('link', { name: 'Notifications' });
    expect(link).toHaveAttribute('href', '/notifications');
    expect(link).toHaveAttribute('data-variant', 'read');
    expect(link).not.toHaveAccessibleDescription();
    view.unmount();

    vi.mocked(useUnreadCount).mockReturnValue(3);
    await renderSignedIn('/');
    const unread = screen.getByRole('link', { name: 'Notifications' });
    expect(unread).toHaveAttribute('data-variant', 'unread');
    expect(unread).toHaveAccessibleDescription('3 unread');
    expect(within(unread).getByTestId('unread-count')).toHaveTextContent('3');
  });

  it('shows the Vendors entry only when the organization enables vendors', async () => {
    const view = await renderSignedIn('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/projects');
    expect(within(nav).getByRole('link', { name: 'Organization' })).toHaveAttribute('href', '/organization');
    expect(within(nav).queryByRole('link', { name: 'Vendors' })).not.toBeInTheDocument();
    view.unmount();

    await renderSignedIn('/', { organizationConfig: buildOrganizationConfig({ vendor_management_enabled_for_entire_organization: true }) });
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Vendors' })).toHaveAttribute('href', '/vendors');
  });

  it('links Support to DOCS_URL in a new tab, else to the built-in help page in a new tab', async () => {
    const view = await renderSignedIn('/');
    const support = screen.getByRole('link', { name: /^Support/ });
    expect(support).toHaveAttribute('href', 'https://docs.example.com');
    expect(support).toHaveAttribute('target', '_blank');
    expect(support.getAttribute('rel')).toContain('noopener');
    view.unmount();

    await renderSignedIn('/', { clientConfig: buildClientConfig({ docs_url: null }) });
    const help = screen.getByRole('link', { name: 'Support (opens in a new tab)' });
    expect(help).toHaveAttribute('href', '/help');
    expect(help).toHaveAttribute('target', '_blank');
  });

  it('marks the drawer entry of the current area', async () => {
    await renderSignedIn('/projects/project-detail/abc');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Projects' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Organization' })).not.toHaveAttribute('aria-current');
  });

  it('opens the profile panel from the header and from the drawer', async () => {
    await renderSignedIn('/');
    const panel = await openProfile();
    expect(within(panel).getByText('AA')).toBeInTheDocument();
    expect(within(panel).getByText('admin@demo.local')).toBeInTheDocument();
    expect(within(panel).getByText('Admin')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'API Tokens' })).toHaveAttribute('href', '/tokens');
    expect(within(panel).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'User Profile' }));
    expect(await screen.findByRole('dialog', { name: 'Alice Admin' })).toBeInTheDocument();
  });

  it('shows the Admin entry only with internal_metrics:read, and no Admin badge for a member', async () => {
    const member = buildCurrentUser({
      roles: ['member'],
      organization_roles: [{ organization_id: DEMO_ORGANIZATION.id, role: 'member' }],
      organization_rights: { [DEMO_ORGANIZATION.id]: ['internal_metrics:read'] },
    });
    await renderSignedIn('/', { user: member });
    const panel = await openProfile();
    expect(within(panel).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(within(panel).queryByText('Admin', { selector: '.MuiChip-label' })).not.toBeInTheDocument();
  });

  it('calls a super admin what the users list calls them, whatever their roles here, with the Admin entry', async () => {
    await renderSignedIn('/', { user: buildCurrentUser({ roles: ['member'], is_super_admin: true }) });
    const panel = await openProfile();
    expect(within(panel).getByText('Super admin', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(within(panel).queryByText('Admin', { selector: '.MuiChip-label' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Admin' })).toBeInTheDocument();
  });

  it('signs out from the profile panel', async () => {
    const pageLoads = spyOnPageLoads();
    await renderSignedIn('/');
    const panel = await openProfile();
    await userEvent.click(within(panel).getByRole('button', { name: 'Sign out' }));
    expect(pageLoads).toHaveBeenCalledWith('/api/auth/logout');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('switches dark mode and remembers it', async () => {
    await renderSignedIn('/');
    const toggle = screen.getByRole('button', { name: 'Dark mode' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('dark_mode')).toBe('true');
  });

  it('shows the copyright years, the Status link and the version in the footer', async () => {
    const view = await renderSignedIn('/');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(`© 2023–${new Date().getFullYear()} Aegis`)).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Status' })).toHaveAttribute('href', 'https://status.example.com');
    expect(within(footer).getByText('v1.2.6')).toBeInTheDocument();
    expect(within(footer).getByRole('button', { name: 'Provide Feedback' })).toBeInTheDocument();
    view.unmount();

    // Without STATUS_URL the link stays, to the built-in status page.
    await renderSignedIn('/', { clientConfig: buildClientConfig({ status_url: null }) });
    await within(screen.getByRole('contentinfo')).findByText('v1.2.6');
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Status' })).toHaveAttribute('href', '/status');
  });

  it('on small screens: a dismissible banner, remembered for the session, and the drawer as an overlay', async () => {
    stubScreenWidth(600);
    const view = await renderSignedIn('/');
    const text = 'The full Aegis Platform features are enabled for bigger resolution screens.';
    expect(screen.getByText(text)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Expand menu' }));
    const overlay = await screen.findByRole('presentation');
    expect(within(overlay).getByText('Hello, Alice Admin!')).toBeInTheDocument();
    await userEvent.click(within(overlay).getByRole('button', { name: 'Collapse menu' }));

    // The rest of the page is inert until the overlay has gone.
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(text)).not.toBeInTheDocument();
    view.unmount();

    await renderSignedIn('/');
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });

  it('shows no banner on a desktop screen', async () => {
    await renderSignedIn('/');
    expect(screen.queryByText(/bigger resolution screens/)).not.toBeInTheDocument();
  });
});
