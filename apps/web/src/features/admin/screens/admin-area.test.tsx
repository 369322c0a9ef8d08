import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@aegis/contracts';
import { signIn, spyOnPageLoads, stubAppApi } from '../../../testing/app-api';
import { buildCurrentUser, DEMO_ORGANIZATION } from '../../../testing/factories';
import { callsTo, jsonResponse, type FetchCall } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

const emptyPage = { items: [], total: 0, page: 1, size: 10, pages: 0 };
const overview = { organizations: 0, users: 0, projects: 0, projects_ai_application: 0, projects_organization: 0, active_organizations_30d: 0, platform_frameworks: 4, organization_templates: 0 };

const internalUser = (rights: CurrentUser['organization_rights'][string] = ['internal_metrics:read']) =>
  buildCurrentUser({
    roles: ['internal'],
    organization_roles: [{ organization_id: DEMO_ORGANIZATION.id, role: 'internal' }],
    organization_rights: { [DEMO_ORGANIZATION.id]: rights },
  });

/** An organization admin: every organization right but the platform's. */
const organizationAdmin = buildCurrentUser({ organization_rights: { [DEMO_ORGANIZATION.id]: ['organizations:update', 'users:read'] } });

const platformApi = ({ url }: FetchCall) => {
  if (url.startsWith('/api/v1/organizations/metrics')) return jsonResponse(200, emptyPage);
  if (url === '/api/v1/organizations/overview') return jsonResponse(200, overview);
  return undefined;
};

const platformCalls = (fetch: ReturnType<typeof stubAppApi>) =>
  fetch.mock.calls.filter(([input]) => String(input).startsWith('/api/v1/organizations/'));

describe('the /admin area', () => {
  it('sends a user without internal_metrics:read home before anything of it renders', async () => {
    signIn();
    const fetch = stubAppApi({ user: organizationAdmin, handle: platformApi });
    const { router } = renderApp('/admin');

    expect(await screen.findByRole('heading', { name: 'Hello, Alice Admin!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: 'Admin' })).not.toBeInTheDocument();
    expect(platformCalls(fetch)).toHaveLength(0);
  });

  it('shows the organizations tab to an internal user', async () => {
    signIn();
    stubAppApi({ user: internalUser(), handle: platformApi });
    const { router } = renderApp('/admin');

    expect(await screen.findByRole('heading', { level: 2, name: 'Organizations' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(screen.getByRole('heading', { level: 1, name: 'Admin' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(tabs).getByRole('link', { name: 'Organizations' })).toHaveAttribute('aria-current', 'page');
    // An internal user is an internal admin: the Frameworks tab is theirs too.
    expect(within(tabs).getAllByRole('link').map((link) => link.textContent)).toEqual(['Organizations', 'Frameworks']);
  });

  it('hides the Frameworks tab from someone with the metrics right who is not an internal admin, and sends them back from its screens', async () => {
    signIn();
    // The right without the internal role (a right granted on its own).
    const metricsReader = buildCurrentUser({ roles: ['admin'], organization_rights: { [DEMO_ORGANIZATION.id]: ['internal_metrics:read'] } });
    const fetch = stubAppApi({ user: metricsReader, handle: platformApi });
    const { router } = renderApp('/admin/frameworks');

    expect(await screen.findByRole('heading', { level: 2, name: 'Organizations' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    const tabs = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(tabs).getAllByRole('link').map((link) => link.textContent)).toEqual(['Organizations']);
    expect(fetch.mock.calls.some(([input]) => String(input).startsWith('/api/v1/platform-frameworks'))).toBe(false);

    await router.navigate('/admin/frameworks/EU_AI_ACT');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('sends someone outside the admin area home from its framework screens too', async () => {
    signIn();
    stubAppApi({ user: organizationAdmin, handle: platformApi });
    const { router } = renderApp('/admin/frameworks');
    expect(await screen.findByRole('heading', { name: 'Hello, Alice Admin!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets a super admin in without any organization right', async () => {
    signIn();
    stubAppApi({ user: buildCurrentUser({ is_super_admin: true, organization_rights: {} }), handle: platformApi });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 2, name: 'Organizations' })).toBeInTheDocument();
  });

  it('is reached from the profile panel', async () => {
    signIn();
    stubAppApi({ user: internalUser(), handle: platformApi });
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'User profile' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Alice Admin' })).getByRole('link', { name: 'Admin' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Organizations' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('leaves a visitor without a session to the session guard: one logout, no user request', async () => {
    const pageLoads = spyOnPageLoads();
    const fetch = stubAppApi({ handle: platformApi });
    const { router } = renderApp('/admin');

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(pageLoads).toHaveBeenCalledTimes(1);
    expect(callsTo(fetch, '/api/users/me')).toHaveLength(0);
  });

  it('logs out, as everywhere, when the user cannot be loaded', async () => {
    signIn();
    const pageLoads = spyOnPageLoads();
    stubAppApi({ handle: ({ url }) => (url === '/api/users/me' ? jsonResponse(403, { detail: 'No', code: 'forbidden' }) : platformApi({ url, init: {} })) });
    const { router } = renderApp('/admin');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(pageLoads).toHaveBeenCalledWith('/api/auth/logout');
  });
});
