import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Project } from '@aegis/contracts';
import { signIn } from '../../../testing/app-api';
import { buildProject } from '../../../testing/factories';
import { jsonResponse } from '../../../testing/fetch-stub';
import { stubProjectApi } from '../../../testing/project-api';
import { renderApp } from '../../../testing/render-app';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));
// The settings screen has tests of its own; here it only has to be somewhere to go (app/routes composes it by name).
vi.mock('./project-settings-screen', () => {
  const Stub = () => <h2>Settings screen</h2>;
  return { default: Stub, ProjectSettingsScreen: Stub };
});

const owned = buildProject({ roles: ['owner'] });
const base = `/projects/project-detail/${owned.id}`;

async function open(url: string, options: Partial<Parameters<typeof stubProjectApi>[0]> = {}) {
  signIn();
  const api = stubProjectApi({ project: owned, ...options });
  const view = renderApp(url);
  return { ...api, ...view, user: userEvent.setup() };
}

const tabs = () => screen.getByRole('navigation', { name: 'Project sections' });
const tabNames = () => within(tabs()).getAllByRole('link').map((link) => link.textContent);
/** The title's line: the name and the type chip beside it (the dashboard below names the type too). */
const titleLine = () => within(screen.getByRole('heading', { level: 1 }).parentElement!);
const search = (router: { state: { location: { search: string } } }) => router.state.location.search;

describe('the project frame', () => {
  it('shows the name, the type, the way back and, to an owner, every tab with the current one marked', async () => {
    const { router, user } = await open(base);
    expect(await screen.findByRole('heading', { level: 1, name: 'Credit scoring' })).toBeInTheDocument();
    expect(titleLine().getByText('AI application')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to projects' })).toHaveAttribute('href', '/projects');
    expect(tabNames()).toEqual(['Dashboard', 'Requirements', 'Controls', 'Risks', 'Evidence', 'Assets', 'TestingPREVIEW', 'Settings']);
    const dashboard = within(tabs()).getByRole('link', { name: 'Dashboard' });
    const settings = within(tabs()).getByRole('link', { name: 'Settings' });
    expect(dashboard).toHaveAttribute('aria-current', 'page');
    expect(settings).toHaveAttribute('href', `${base}/settings`);

    await user.click(settings);
    expect(await screen.findByRole('heading', { name: 'Settings screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`${base}/settings`);
    expect(settings).toHaveAttribute('aria-current', 'page');
    expect(dashboard).not.toHaveAttribute('aria-current');
  });

  it.each<[string, Project['roles'], Project['rights'] | undefined, string[]]>([
    ['a reviewer', ['reviewer'], undefined, ['Dashboard', 'Requirements', 'Controls', 'Risks', 'Evidence', 'Assets', 'TestingPREVIEW']],
    ['an editor', ['editor'], undefined, ['Dashboard', 'Requirements', 'Controls', 'Risks', 'Evidence', 'Assets', 'TestingPREVIEW']],
    ['an auditor', ['auditor'], undefined, ['Dashboard', 'Requirements', 'Controls', 'Risks', 'Evidence', 'Assets', 'TestingPREVIEW']],
    ['someone who may only assign roles', [], ['projects:read', 'user_roles:assign'], ['Dashboard', 'Settings']],
    ['someone who may only delete', [], ['projects:read', 'projects:delete'], ['Dashboard', 'Settings']],
  ])('shows %s the tabs their rights allow', async (_who, roles, rights, expected) => {
    const project = buildProject({ roles, ...(rights ? { rights } : {}) });
    await open(base, { project });
    await screen.findByRole('heading', { level: 1, name: 'Credit scoring' });
    expect(tabNames()).toEqual(expected);
  });

  it('calls an organization-level project an organization project', async () => {
    await open(base, { project: buildProject({ project_type: 'organization', name: 'ISO 42001' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'ISO 42001' })).toBeInTheDocument();
    expect(titleLine().getByText('Organization project')).toBeInTheDocument();
  });

  it('lets a member without a role on the project ask its owners for access, once', async () => {
    const { calls, user } = await open(base, {
      projectStatus: 403,
      handle: ({ url }) => (url === `/api/projects/${owned.id}/request_access` ? jsonResponse(202, { notified: true, owners: 2 }) : undefined),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'You don’t have access to this project' })).toBeInTheDocument();
    expect(screen.getByText(/member of the organization, but you have no role on this project/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Project sections' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Request access' }));
    expect(await screen.findByText(/The project’s 2 owners have been told/)).toBeInTheDocument();
    const posts = calls.filter((call) => call.init.method === 'POST');
    expect(posts.map((call) => call.url)).toEqual([`/api/projects/${owned.id}/request_access`]);
    expect(screen.getByRole('button', { name: 'Access requested' })).toBeDisabled();
  });

  it('says an earlier request is still waiting when the owners have not read it yet', async () => {
    const { user } = await open(base, {
      projectStatus: 403,
      handle: ({ url }) => (url.endsWith('/request_access') ? jsonResponse(202, { notified: false, owners: 1 }) : undefined),
    });
    await user.click(await screen.findByRole('button', { name: 'Request access' }));
    expect(await screen.findByText(/Your earlier request is still waiting for the owners/)).toBeInTheDocument();
  });

  it('says the project was not found (404) and leads back to the list', async () => {
    await open(base, { projectStatus: 404 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Project not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to projects' })).toHaveAttribute('href', '/projects');
    expect(screen.queryByRole('button', { name: 'Request access' })).not.toBeInTheDocument();
  });

  it('offers a retry when the project fails to load for another reason', async () => {
    await open(base, { projectStatus: 500 });
    expect(await screen.findByText('The project could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('the project filters', () => {
  it('keeps the filters of the first screen opened, and a tab leads there without them but with the other parameters', async () => {
    const { router, user } = await open(`${base}/settings?status=open&tags=a&name=bias&page=2`);
    await screen.findByRole('heading', { name: 'Settings screen' });
    expect(search(router)).toBe('?status=open&tags=a&name=bias&page=2');
    expect(within(tabs()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', `${base}?page=2`);

    await user.click(within(tabs()).getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(base));
    expect(search(router)).toBe('?page=2');
  });

  it('drops them when clicking the tab already open', async () => {
    const { router, user } = await open(`${base}?framework=EU_AI_ACT&is_assigned_to_me=true`);
    await screen.findByRole('heading', { level: 1, name: 'Credit scoring' });
    await user.click(within(tabs()).getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(search(router)).toBe(''));
  });

  it('drops them whenever the project route changes, however the navigation came about', async () => {
    const { router } = await open(base);
    await screen.findByRole('heading', { level: 1, name: 'Credit scoring' });

    await act(() => router.navigate(`${base}/settings?status=open&tag=x&keep=1`));
    await screen.findByRole('heading', { name: 'Settings screen' });
    await waitFor(() => expect(search(router)).toBe('?keep=1'));
    expect(router.state.location.pathname).toBe(`${base}/settings`);

    // The same route again: nothing changes route name, so the filters stay.
    await act(() => router.navigate(`${base}/settings?status=closed`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(search(router)).toBe('?status=closed');
  });
});
