import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrganizationMember, Project, ProjectMember, ProjectPermission } from '@aegis/contracts';
import { signIn, stubAppApi } from '../../../testing/app-api';
import { buildCurrentUser, buildOrganizationMember, buildProject, DEMO_ORGANIZATION } from '../../../testing/factories';
import { jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const ORG = DEMO_ORGANIZATION.id;
const viewer = buildCurrentUser();
const PROJECT_ID = '0199a0b2-0000-7000-8000-0000000000c1';
const URL_SETTINGS = `/projects/project-detail/${PROJECT_ID}/settings`;

const scoring = buildProject({ id: PROJECT_ID, description: 'Scores loan applications.', members: 3 });

const me: ProjectMember = { user_id: viewer.id, firstname: 'Alice', lastname: 'Admin', email: 'admin@demo.local', roles: ['owner'] };
const bob: ProjectMember = { user_id: '0199a0b2-0000-7000-8000-000000000010', firstname: 'Bob', lastname: 'Member', email: 'bob@demo.local', roles: ['editor', 'reviewer'] };
const dana: ProjectMember = { user_id: '0199a0b2-0000-7000-8000-000000000011', firstname: 'Dana', lastname: 'Owner', email: 'dana@demo.local', roles: ['owner'] };
const carol: OrganizationMember = buildOrganizationMember({ user_id: '0199a0b2-0000-7000-8000-000000000012', firstname: 'Carol', lastname: 'Candidate', email: 'carol@demo.local' });

type Call = { method: string; url: string; path: string; query: URLSearchParams; body: unknown };

type Setup = {
  project?: Project;
  members?: ProjectMember[];
  /** Answers the role and project calls before the defaults; undefined falls through. */
  handle?: (call: Call) => Response | undefined;
};

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, size: 10, pages: items.length ? 1 : 0 });

/** The project, its members and the organization's other members; records every call. */
function stubSettings({ project = scoring, members = [me, bob], handle }: Setup = {}) {
  const calls: Call[] = [];
  stubAppApi({
    user: viewer,
    handle: ({ url, init }) => {
      const parsed = new URL(url, 'http://x');
      const call: Call = {
        method: init.method ?? 'GET',
        url,
        path: parsed.pathname,
        query: parsed.searchParams,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      const own = call.path.startsWith(`/api/projects/${PROJECT_ID}`) || call.path.startsWith('/api/users/0199') || call.path.includes(`/organizations/${ORG}`);
      if (!own) return undefined;
      calls.push(call);
      const answer = handle?.(call);
      if (answer) return answer;
      const { method, path, query } = call;
      if (method === 'GET' && path === `/api/projects/${PROJECT_ID}`) return jsonResponse(200, project);
      if (method === 'GET' && path === `/api/projects/${PROJECT_ID}/users`) {
        const name = query.get('name')?.toLowerCase();
        const roles = query.get('roles')?.split(',');
        const items = members.filter(
          (m) => (!name || `${m.firstname} ${m.lastname}`.toLowerCase().includes(name)) && (!roles || m.roles.some((r) => roles.includes(r))),
        );
        return jsonResponse(200, page(items));
      }
      if (method === 'GET' && path === `/api/organizations/${ORG}/users`) {
        const name = query.get('name')?.toLowerCase();
        return jsonResponse(200, page([carol].filter((m) => !name || `${m.firstname} ${m.lastname}`.toLowerCase().includes(name))));
      }
      if (method === 'GET' && path === `/api/organizations/${ORG}/projects`) return jsonResponse(200, page([]));
      if (method === 'GET' && path === `/api/projects/${PROJECT_ID}/frameworks`) return jsonResponse(200, page([]));
      if (path === `/api/v1/organizations/${ORG}/quota`) {
        return jsonResponse(200, { organization_id: ORG, plan_quota: { projects: 10 }, used_quota: { projects_ai_application: 1, projects_organization: 0 } });
      }
      return undefined;
    },
  });
  return { calls };
}

async function openSettings(setup?: Setup) {
  signIn();
  const stubbed = stubSettings(setup);
  const view = renderApp(URL_SETTINGS);
  await screen.findByRole('heading', { name: 'Settings', level: 2 });
  return { ...stubbed, ...view, user: userEvent.setup() };
}

const callsOf = (calls: Call[], method: string, pathStart: string) => calls.filter((c) => c.method === method && c.path.startsWith(pathStart));

async function chooseAction(user: ReturnType<typeof userEvent.setup>, person: string, action: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${person}` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

describe('ProjectSettingsScreen: sections by rights', () => {
  it('shows an owner every section, the members with their roles and what the roles mean', async () => {
    await openSettings();
    for (const name of ['General', 'Frameworks', 'Members', 'Export', 'Danger zone']) {
      expect(screen.getByRole('heading', { name, level: 3 })).toBeInTheDocument();
    }
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Credit scoring');
    expect(screen.getByRole('radio', { name: 'AI application' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Scores loan applications.');

    const bobRow = await screen.findByRole('row', { name: /Bob Member/ });
    expect(within(bobRow).getByText('bob@demo.local')).toBeInTheDocument();
    expect(within(bobRow).getByText('Editor')).toBeInTheDocument();
    expect(within(bobRow).getByText('Reviewer')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Alice Admin/ })).getByText('(you)', { exact: false })).toBeInTheDocument();
    expect(screen.getByText(/Accountable for the fulfilment of Controls/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add member' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export PDF' })).toBeInTheDocument();
  });

  it('tells someone without settings rights so and leads back to the dashboard', async () => {
    await openSettings({ project: buildProject({ id: PROJECT_ID, roles: ['editor'] }) });
    expect(screen.getByText("You can't change this project's settings")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the project dashboard' })).toHaveAttribute('href', `/projects/project-detail/${PROJECT_ID}`);
    expect(screen.queryByRole('heading', { name: 'General' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Members' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Danger zone' })).not.toBeInTheDocument();
  });

  it('shows only the sections the rights allow', async () => {
    const rights: ProjectPermission[] = ['projects:read', 'users:read', 'user_roles:assign'];
    const { user } = await openSettings({ project: { ...scoring, rights } });
    expect(screen.getByRole('heading', { name: 'Members', level: 3 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Export', level: 3 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'General' })).not.toBeInTheDocument();
    // Frameworks are removed with projects:update: without it, the section is not here (the dashboard shows them).
    expect(screen.queryByRole('heading', { name: 'Frameworks' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Danger zone' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add member' })).toBeInTheDocument();

    // Without user_roles:delete, a member can have their roles changed but not be removed.
    await user.click(await screen.findByRole('button', { name: 'Actions for Bob Member' }));
    expect(await screen.findByRole('menuitem', { name: 'Change roles' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Remove from project' })).not.toBeInTheDocument();
  });
});

describe('ProjectSettingsScreen: general', () => {
  it('saves a new name, replaces the project on screen and keeps Save off until the next change', async () => {
    const renamed = { ...scoring, name: 'Loan scoring', updated_at: '2026-11-21T09:30:00Z' };
    const { calls, user } = await openSettings({
      handle: ({ method, path }) => (method === 'PATCH' && path === `/api/projects/${PROJECT_ID}` ? jsonResponse(200, renamed) : undefined),
    });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Loan scoring');
    expect(save).toBeEnabled();
    await user.click(save);

    expect(await screen.findByText('Project settings saved')).toBeInTheDocument();
    expect(callsOf(calls, 'PATCH', `/api/projects/${PROJECT_ID}`).map((c) => c.body)).toEqual([{ name: 'Loan scoring' }]);
    expect(screen.getByRole('heading', { name: 'Loan scoring', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Loan scoring');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows the server’s reason when the name is taken', async () => {
    const { user } = await openSettings({
      handle: ({ method, path }) =>
        method === 'PATCH' && path === `/api/projects/${PROJECT_ID}`
          ? jsonResponse(409, { detail: 'A project named Fraud detection already exists', code: 'conflict' })
          : undefined,
    });
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Fraud detection');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A project named Fraud detection already exists')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Fraud detection');
  });

  it('puts the server’s field errors next to their fields', async () => {
    const { user } = await openSettings({
      handle: ({ method, path }) =>
        method === 'PATCH' && path === `/api/projects/${PROJECT_ID}`
          ? jsonResponse(422, { detail: 'Invalid request', code: 'unprocessable_content', errors: [{ path: 'body.description', message: 'Too spicy' }] })
          : undefined,
    });
    await user.type(screen.getByRole('textbox', { name: 'Description' }), ' More.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too spicy')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription('Too spicy');
  });

  it('checks the name before sending', async () => {
    const { calls, user } = await openSettings();
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(callsOf(calls, 'PATCH', '/api/projects/')).toHaveLength(0);
  });

  it('does not offer a type the plan has no room for', async () => {
    const { user } = await openSettings({
      handle: ({ path }) =>
        path === `/api/v1/organizations/${ORG}/quota`
          ? jsonResponse(200, { organization_id: ORG, plan_quota: { projects: 2 }, used_quota: { projects_ai_application: 1, projects_organization: 2 } })
          : undefined,
    });
    await user.click(screen.getByRole('radio', { name: 'Organization' }));
    expect(await screen.findByText(/allows 2 organization projects and all are in use/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});

describe('ProjectSettingsScreen: members', () => {
  it('adds someone from the organization with the role chosen', async () => {
    const { calls, user } = await openSettings({
      handle: ({ method, path }) =>
        method === 'POST' && path === `/api/users/${carol.user_id}/roles` ? jsonResponse(200, { ...carol, roles: ['reviewer'] }) : undefined,
    });
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add member' });
    expect(within(dialog).getByText(/Reviews the project delivery/)).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Editor' })).toBeChecked();

    await user.type(within(dialog).getByRole('combobox', { name: /Person/ }), 'car');
    // The search goes out once typing pauses.
    await waitFor(() => expect(callsOf(calls, 'GET', `/api/organizations/${ORG}/users`).some((c) => c.query.get('name') === 'car')).toBe(true));
    const search = callsOf(calls, 'GET', `/api/organizations/${ORG}/users`).find((c) => c.query.get('name') === 'car');
    expect(search?.query.get('not_in_project')).toBe(PROJECT_ID);
    expect(search?.query.get('state')).toBe('active');
    await user.click(await screen.findByRole('option', { name: /Carol Candidate/ }));

    await user.click(within(dialog).getByRole('radio', { name: 'Reviewer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Carol Candidate added to Credit scoring as Reviewer')).toBeInTheDocument();
    const [post] = callsOf(calls, 'POST', '/api/users/');
    expect(post?.path).toBe(`/api/users/${carol.user_id}/roles`);
    expect(Object.fromEntries(post!.query)).toEqual({ role: 'reviewer', project_id: PROJECT_ID });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add member' })).not.toBeInTheDocument());
  });

  it('asks for a person before adding', async () => {
    const { calls, user } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add member' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Choose the person to add')).toBeInTheDocument();
    expect(callsOf(calls, 'POST', '/api/users/')).toHaveLength(0);
  });

  it('replaces a member’s roles', async () => {
    const { calls, user } = await openSettings({
      handle: ({ method, path }) => (method === 'PATCH' && path === `/api/users/${bob.user_id}/roles` ? jsonResponse(200, { ...bob, roles: ['auditor'] }) : undefined),
    });
    await chooseAction(user, 'Bob Member', 'Change roles');
    const dialog = await screen.findByRole('dialog', { name: 'Change roles of Bob Member' });
    expect(within(dialog).getByRole('checkbox', { name: 'Editor' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Editor' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Reviewer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Keep at least one role')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Auditor' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Roles of Bob Member updated')).toBeInTheDocument();
    const [patch] = callsOf(calls, 'PATCH', '/api/users/');
    expect(patch?.query.get('project_id')).toBe(PROJECT_ID);
    expect(patch?.body).toEqual({ roles: ['auditor'] });
  });

  it('removes a member after confirmation, role by role', async () => {
    const { calls, user } = await openSettings({
      handle: ({ method, path, query }) =>
        method === 'DELETE' && path === `/api/users/${bob.user_id}/roles`
          ? jsonResponse(200, { ...bob, roles: bob.roles.filter((r) => r !== query.get('role')) })
          : undefined,
    });
    await chooseAction(user, 'Bob Member', 'Remove from project');
    const dialog = await screen.findByRole('dialog', { name: 'Remove Bob Member from the project?' });
    expect(within(dialog).getByText(/loses their roles \(Editor, Reviewer\)/)).toBeInTheDocument();
    expect(callsOf(calls, 'DELETE', '/api/users/')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Bob Member removed from Credit scoring')).toBeInTheDocument();
    const deletes = callsOf(calls, 'DELETE', '/api/users/');
    expect(deletes.map((c) => Object.fromEntries(c.query))).toEqual([
      { role: 'editor', project_id: PROJECT_ID },
      { role: 'reviewer', project_id: PROJECT_ID },
    ]);
  });

  it('shows why the server refuses to remove the last owner', async () => {
    const { calls, user } = await openSettings({
      members: [me, dana],
      handle: ({ method }) =>
        method === 'DELETE' ? jsonResponse(409, { detail: 'A project needs at least one owner: make someone else owner first', code: 'conflict' }) : undefined,
    });
    await chooseAction(user, 'Dana Owner', 'Remove from project');
    const dialog = await screen.findByRole('dialog', { name: 'Remove Dana Owner from the project?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('A project needs at least one owner: make someone else owner first')).toBeInTheDocument();
    expect(callsOf(calls, 'DELETE', '/api/users/')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Remove Dana Owner from the project?' })).toBeInTheDocument();
  });

  it('does not offer the only owner leaving, nor giving up Owner', async () => {
    const { user } = await openSettings();
    await user.click(await screen.findByRole('button', { name: 'Actions for Alice Admin' }));
    expect(await screen.findByRole('menuitem', { name: 'Change roles' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Remove from project' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Change roles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change roles of Alice Admin' });
    expect(within(dialog).getByRole('checkbox', { name: 'Owner' })).toBeDisabled();
    expect(within(dialog).getByText(/make someone else owner first/)).toBeInTheDocument();
  });

  it('searches the members by name', async () => {
    const { calls, user } = await openSettings();
    await screen.findByRole('row', { name: /Bob Member/ });
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'zed');
    expect(await screen.findByText('No members match “zed”.')).toBeInTheDocument();
    expect(callsOf(calls, 'GET', `/api/projects/${PROJECT_ID}/users`).some((c) => c.query.get('name') === 'zed')).toBe(true);
  });
});

describe('ProjectSettingsScreen: export', () => {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:report');
  const revokeObjectURL = vi.fn();

  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('downloads the PDF under the name the server gives', async () => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { calls, user } = await openSettings({
      handle: ({ path }) =>
        path === `/api/projects/${PROJECT_ID}/export`
          ? new Response('%PDF-1.7', {
              status: 200,
              headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="Credit scoring.pdf"' },
            })
          : undefined,
    });
    await user.click(screen.getByRole('button', { name: 'Export PDF' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toBe('Credit scoring.pdf');
    expect(clicked[0]?.href).toBe('blob:report');
    expect(await createObjectURL.mock.calls[0]?.[0].text()).toBe('%PDF-1.7');
    expect(callsOf(calls, 'GET', `/api/projects/${PROJECT_ID}/export`)).toHaveLength(1);
  });

  it('says so when the export fails', async () => {
    const { user } = await openSettings({
      handle: ({ path }) => (path === `/api/projects/${PROJECT_ID}/export` ? jsonResponse(403, { detail: 'Not allowed', code: 'forbidden' }) : undefined),
    });
    await user.click(screen.getByRole('button', { name: 'Export PDF' }));
    expect(await screen.findByText('The PDF could not be exported: Not allowed')).toBeInTheDocument();
  });
});

describe('ProjectSettingsScreen: danger zone', () => {
  it('deletes the project once its exact name is typed, then lists the projects', async () => {
    const { calls, user, queryClient } = await openSettings({
      handle: ({ method, path }) => (method === 'DELETE' && path === `/api/projects/${PROJECT_ID}` ? new Response(null, { status: 204 }) : undefined),
    });
    await user.click(screen.getByRole('button', { name: 'Delete project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Credit scoring?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete project' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Project name' }), 'credit scoring');
    expect(confirm).toBeDisabled();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Project name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Project name' }), 'Credit scoring');
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    expect(await screen.findByRole('heading', { name: 'Projects', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Project Credit scoring deleted')).toBeInTheDocument();
    expect(callsOf(calls, 'DELETE', `/api/projects/${PROJECT_ID}`)).toHaveLength(1);
    await waitFor(() => expect(queryClient.getQueryCache().findAll({ queryKey: ['project', PROJECT_ID] })).toHaveLength(0));
  });

  it('keeps the dialog open with the reason when deletion fails', async () => {
    const { user } = await openSettings({
      handle: ({ method, path }) =>
        method === 'DELETE' && path === `/api/projects/${PROJECT_ID}` ? jsonResponse(403, { detail: 'Only owners may delete', code: 'forbidden' }) : undefined,
    });
    await user.click(screen.getByRole('button', { name: 'Delete project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Credit scoring?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Project name' }), 'Credit scoring');
    await user.click(within(dialog).getByRole('button', { name: 'Delete project' }));
    expect(await within(dialog).findByText('Only owners may delete')).toBeInTheDocument();
  });
});
