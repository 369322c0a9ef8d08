import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrganizationMetrics } from '@aegis/contracts';
import { signIn, stubAppApi } from '../../../testing/app-api';
import { buildCurrentUser, DEMO_ORGANIZATION } from '../../../testing/factories';
import { jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

const operator = buildCurrentUser({
  roles: ['internal'],
  organization_roles: [{ organization_id: DEMO_ORGANIZATION.id, role: 'internal' }],
  organization_rights: { [DEMO_ORGANIZATION.id]: ['internal_metrics:read', 'organizations:update'] },
});

function buildMetrics(overrides: Partial<OrganizationMetrics> = {}): OrganizationMetrics {
  return {
    organization_id: '0199a0b2-0000-7000-8000-0000000000a1',
    name: 'Acme',
    plan_quota: { projects: 10 },
    users: 12,
    pending_invitations: 2,
    projects_ai_application: 3,
    projects_organization: 1,
    frameworks_enabled: 4,
    templates: 0,
    last_activity_at: null,
    created_at: '2026-03-04T10:00:00Z',
    ...overrides,
  };
}

const acme = buildMetrics();
const yours = buildMetrics({
  organization_id: DEMO_ORGANIZATION.id,
  name: DEMO_ORGANIZATION.name,
  plan_quota: { projects: null },
  users: 1500,
  last_activity_at: '2026-11-20T09:30:00Z',
});

type Call = { method: string; url: string; body: unknown };
type Answer = (call: Call) => Response | undefined;

/** The platform endpoints over a list of organizations; `answer` may take over any call first. */
function stubPlatform(organizations: OrganizationMetrics[] = [acme, yours], answer: Answer = () => undefined) {
  const calls: Call[] = [];
  const fetch = stubAppApi({
    user: operator,
    handle: ({ url, init }) => {
      if (!url.startsWith('/api/organizations') && !url.startsWith('/api/v1/organizations')) return undefined;
      const call = { method: init.method ?? 'GET', url, body: init.body ? JSON.parse(init.body as string) : undefined };
      calls.push(call);
      const answered = answer(call);
      if (answered) return answered;
      if (url === '/api/v1/organizations/overview') {
        return jsonResponse(200, { organizations: 1234, users: 1512, projects: 20, projects_ai_application: 12, projects_organization: 8, active_organizations_30d: 7, platform_frameworks: 4, organization_templates: 2 });
      }
      if (url.startsWith('/api/v1/organizations/metrics')) {
        return jsonResponse(200, { items: organizations, total: organizations.length, page: 1, size: 10, pages: 1 });
      }
      return undefined;
    },
  });
  const metricsQueries = () => calls.filter((c) => c.url.startsWith('/api/v1/organizations/metrics')).map((c) => new URL(c.url, 'http://x').searchParams);
  return { calls, fetch, metricsQueries };
}

async function openAdmin() {
  signIn();
  renderApp('/admin');
  // The first visit loads the screen's chunks.
  return screen.findByRole('row', { name: /^Acme/ });
}

describe('AdminOrganizationsScreen', () => {
  it('shows the platform totals as cards and one row per organization', async () => {
    stubPlatform();
    const row = await openAdmin();

    const totals = screen.getByRole('list', { name: 'Platform totals' });
    const card = (label: string) => within(totals).getByText(label).closest('li')!;
    await waitFor(() => expect(within(card('Organizations')).getByText('1.2k')).toBeInTheDocument());
    expect(within(card('Users')).getByText('1.5k')).toBeInTheDocument();
    expect(within(card('Active in the last 30 days')).getByText('7')).toBeInTheDocument();
    expect(within(card('Projects')).getByText('20')).toBeInTheDocument();
    expect(within(card('Projects')).getByText('12 AI application · 8 organization')).toBeInTheDocument();

    const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(0, 7)).toEqual(['12', '2', '3', '1', expect.stringMatching(/^3 \/ 10/), '4', 'No activity yet']);
    expect(cells[7]).toBe('04-03-2026');
    expect(within(card('Frameworks')).getByText('on the platform · 2 organization templates')).toBeInTheDocument();

    const mine = screen.getByRole('row', { name: /^Demo Organization/ });
    expect(within(mine).getByRole('rowheader')).toHaveTextContent('Demo Organization (yours)');
    expect(within(mine).getByText('1.5k')).toBeInTheDocument();
    expect(within(mine).getByText('Unlimited')).toBeInTheDocument();
    expect(within(mine).getByText(/^20-11-2026 \d\d:30$/)).toBeInTheDocument();
    // The server refuses to delete the organization one is signed in to; so does the screen.
    expect(within(mine).getByRole('button', { name: /Delete Demo Organization/ })).toBeDisabled();
  });

  it('shows the empty and the error state', async () => {
    stubPlatform([]);
    signIn();
    const { unmount } = renderApp('/admin');
    expect(await screen.findByText('There are no organizations yet.', {})).toBeInTheDocument();
    unmount();

    stubPlatform([], ({ url }) => (url.startsWith('/api/v1/organizations/metrics') ? jsonResponse(403, { detail: 'No', code: 'forbidden' }) : undefined));
    renderApp('/admin');
    expect(await screen.findByText('The organizations could not be loaded.')).toBeInTheDocument();
  });

  it('searches by name (once typing pauses) and sorts by the column headers', async () => {
    const { metricsQueries } = stubPlatform();
    await openAdmin();
    expect(Object.fromEntries(metricsQueries()[0]!)).toEqual({ sort_by: 'name', descending: 'false', page: '1', size: '10' });

    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'acm');
    await waitFor(() => expect(metricsQueries().at(-1)!.get('name')).toBe('acm'));
    // Debounced: not one request per key.
    expect(metricsQueries().filter((q) => q.has('name'))).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Users' }));
    await waitFor(() => expect(metricsQueries().at(-1)!.get('sort_by')).toBe('users'));
    expect(metricsQueries().at(-1)!.get('descending')).toBe('false');
    expect(screen.getByRole('columnheader', { name: /Users/ })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: /^Users/ }));
    await waitFor(() => expect(metricsQueries().at(-1)!.get('descending')).toBe('true'));
    expect(metricsQueries().at(-1)!.get('name')).toBe('acm');

    await user.click(screen.getByRole('button', { name: 'Projects' }));
    await waitFor(() => expect(metricsQueries().at(-1)!.get('sort_by')).toBe('projects'));
  });

  it('creates an organization with its first admin and shows the sign-up link', async () => {
    const { calls } = stubPlatform([acme], ({ method, body }) =>
      method === 'POST'
        ? jsonResponse(201, {
            id: '0199a0b2-0000-7000-8000-0000000000a2',
            name: (body as { name: string }).name,
            plan_quota: { projects: 5 },
            used_quota: { projects_ai_application: 0, projects_organization: 0 },
            created_at: '2026-11-21T10:00:00Z',
            admin_invitation: { email: 'boss@globex.test', signup_link: 'https://aegis.test/api/auth/authorize/secret-token', expires_at: '2026-11-28T10:00:00Z', email_sent: false },
          })
        : undefined,
    );
    await openAdmin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create organization' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Globex ');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Plan quota (projects)' }), '5');
    await user.type(within(dialog).getByRole('textbox', { name: "First admin's email" }), 'Boss@Globex.test');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const shown = await screen.findByRole('dialog', { name: 'Organization “Globex” created' });
    expect(within(shown).getByRole('textbox', { name: 'Sign-up link' })).toHaveValue('https://aegis.test/api/auth/authorize/secret-token');
    expect(within(shown).getByRole('button', { name: 'Copy sign-up link' })).toBeInTheDocument();
    expect(within(shown).getByText(/No e-mail was sent/)).toBeInTheDocument();
    const post = calls.filter((c) => c.method === 'POST');
    expect(post).toHaveLength(1);
    expect(post[0]).toMatchObject({ url: '/api/organizations', body: { name: 'Globex', plan_quota: { projects: 5 }, admin_email: 'boss@globex.test' } });
  });

  it('creates an unlimited organization without an admin, and checks the form before sending', async () => {
    const { calls } = stubPlatform([acme], ({ method, body }) =>
      method === 'POST'
        ? jsonResponse(201, { id: '0199a0b2-0000-7000-8000-0000000000a3', ...(body as object), used_quota: { projects_ai_application: 0, projects_organization: 0 }, created_at: '2026-11-21T10:00:00Z', admin_invitation: null })
        : undefined,
    );
    await openAdmin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create organization' });
    await user.type(within(dialog).getByRole('textbox', { name: "First admin's email" }), 'not-an-email');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Plan quota (projects)' }), '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('The quota cannot be negative')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Initech');
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Plan quota (projects)' }));
    await user.clear(within(dialog).getByRole('textbox', { name: "First admin's email" }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Organization “Initech” created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Initech', plan_quota: { projects: null } });
  });

  it('edits an organization, sending only what changed', async () => {
    const { calls } = stubPlatform([acme], ({ method, body }) =>
      method === 'PATCH'
        ? jsonResponse(200, { id: acme.organization_id, name: 'Acme', plan_quota: { projects: null }, used_quota: { projects_ai_application: 3, projects_organization: 1 }, created_at: acme.created_at, ...(body as object) })
        : undefined,
    );
    await openAdmin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Acme' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit organization “Acme”' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Acme');
    expect(within(dialog).getByRole('spinbutton', { name: 'Plan quota (projects)' })).toHaveValue(10);
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Plan quota (projects)' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Plan quota (projects)' }), '25');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Edit Acme' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit organization “Acme”' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Acme Corp');
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Plan quota (projects)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));

    const patches = calls.filter((c) => c.method === 'PATCH');
    expect(patches[0]).toEqual({ method: 'PATCH', url: `/api/organizations/${acme.organization_id}`, body: { plan_quota: { projects: 25 } } });
    expect(patches[1]!.body).toEqual({ name: 'Acme Corp', plan_quota: { projects: null } });
  });

  it('keeps the edit dialog open when the server refuses a quota below usage', async () => {
    const detail = 'The quota cannot be below current usage: 3 AI-application and 1 organization projects (4 in all)';
    stubPlatform([acme], ({ method }) => (method === 'PATCH' ? jsonResponse(409, { detail, code: 'conflict' }) : undefined));
    await openAdmin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Acme' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit organization “Acme”' });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Plan quota (projects)' }), { target: { value: '2' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit organization “Acme”' })).toBeInTheDocument();
  });

  it('deletes only after the name is typed, and offers the cascade after a 409 about projects', async () => {
    const { calls } = stubPlatform([acme, yours], ({ method, url }) => {
      if (method !== 'DELETE') return undefined;
      return url.includes('cascade=true')
        ? new Response(null, { status: 204 })
        : jsonResponse(409, { detail: 'Acme still has 4 project(s): delete them first, or confirm deleting everything with cascade=true', code: 'conflict' });
    });
    await openAdmin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Acme' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete organization “Acme”?' });
    const remove = within(dialog).getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Organization name' }), 'acme');
    expect(remove).toBeDisabled();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Organization name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Organization name' }), 'Acme{Enter}');

    const cascade = await screen.findByRole('dialog', { name: 'Delete “Acme” with all its projects?' });
    expect(within(cascade).getByText(/also deletes every one of its projects/)).toBeInTheDocument();
    const deletes = () => calls.filter((c) => c.method === 'DELETE');
    expect(deletes().map((c) => c.url)).toEqual([`/api/v1/organizations/${acme.organization_id}`]);
    // The 409 becomes this question, not a red notice.
    expect(screen.queryByText(/confirm deleting everything with cascade=true/)).not.toBeInTheDocument();

    await user.click(within(cascade).getByRole('button', { name: 'Delete with all its projects' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes().map((c) => c.url)).toEqual([`/api/v1/organizations/${acme.organization_id}`, `/api/v1/organizations/${acme.organization_id}?cascade=true`]);
    expect(await screen.findByText('Organization “Acme” deleted')).toBeInTheDocument();
  });

  it('deletes an organization without projects at the first confirmation, and can be cancelled', async () => {
    const { calls } = stubPlatform([acme], ({ method }) => (method === 'DELETE' ? new Response(null, { status: 204 }) : undefined));
    await openAdmin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Acme' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete organization “Acme”?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Organization name' }), 'Acme');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Acme' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete organization “Acme”?' });
    // A new dialog starts empty: the name typed before does not carry over.
    expect(within(dialog).getByRole('textbox', { name: 'Organization name' })).toHaveValue('');
    await user.type(within(dialog).getByRole('textbox', { name: 'Organization name' }), 'Acme');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`/api/v1/organizations/${acme.organization_id}`]);
  });
});
