import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser, OrganizationConfig } from '@aegis/contracts';
import { signIn, stubAppApi } from '../../../testing/app-api';
import { buildOrganizationConfig, buildUserWithRoles, DEMO_ORGANIZATION } from '../../../testing/factories';
import { jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const CONFIG_URL = `/api/v1/config/organizations/${DEMO_ORGANIZATION.id}`;
const admin = buildUserWithRoles(['admin']);

type Call = { method: string; body: unknown };

/** The config endpoint with state: PATCH and PUT change what the next GET answers, unless `failWrites`. */
function stubConfig({ user = admin, failWrites = false }: { user?: CurrentUser; failWrites?: boolean } = {}) {
  let config: OrganizationConfig = buildOrganizationConfig({ vendor_management_enabled_for_entire_organization: false });
  const calls: Call[] = [];
  stubAppApi({
    user,
    handle: ({ url, init }) => {
      if (url !== CONFIG_URL) return undefined;
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(init.body as string) as Partial<OrganizationConfig>) : undefined;
      calls.push({ method, body });
      if (method === 'GET') return jsonResponse(200, config);
      if (failWrites) return jsonResponse(409, { detail: 'The settings changed meanwhile', code: 'conflict' });
      config = { ...config, ...body };
      return jsonResponse(200, config);
    },
  });
  return calls;
}

async function openSettings(options?: Parameters<typeof stubConfig>[0]) {
  signIn();
  const calls = stubConfig(options);
  renderApp('/organization/settings');
  // The first render loads the screen's chunks.
  await screen.findByRole('heading', { name: 'Settings' });
  await screen.findByRole('switch', { name: 'Vendor management' });
  return { calls, user: userEvent.setup() };
}

const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

describe('OrganizationSettingsScreen', () => {
  it('shows the five flags and separation of duties as described switches', async () => {
    await openSettings();
    const expected: [string, boolean][] = [
      ['Vendor management', false],
      ['User management', true],
      ['Evidence scoring', false],
      ['Control assessment', false],
      ['Content management', false],
      ['Separation of duties', true],
    ];
    for (const [name, on] of expected) {
      const control = screen.getByRole('switch', { name });
      expect(control).toBeEnabled();
      if (on) expect(control).toBeChecked();
      else expect(control).not.toBeChecked();
      expect(control).toHaveAccessibleDescription(/.+/);
    }
  });

  it('sends one flag with PATCH, says so, and the drawer follows the vendors flag', async () => {
    const { calls, user } = await openSettings();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Vendors' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Vendor management' }));
    expect(screen.getByRole('switch', { name: 'Vendor management' })).toBeChecked();
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual({ method: 'PATCH', body: { vendor_management_enabled_for_entire_organization: true } });
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(await within(nav).findByRole('link', { name: 'Vendors' })).toBeInTheDocument();
  });

  it('moves the switch back when the server refuses', async () => {
    const { calls, user } = await openSettings({ failWrites: true });
    await user.click(screen.getByRole('switch', { name: 'Evidence scoring' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(await screen.findByText('The settings changed meanwhile')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Evidence scoring' })).not.toBeChecked());
    expect(screen.queryByText('Settings saved')).not.toBeInTheDocument();
  });

  it('disables the switches and hides Restore defaults without config:patch and config:update', async () => {
    const reader = buildUserWithRoles(['member'], { organization_rights: { [DEMO_ORGANIZATION.id]: ['config:read'] } });
    await openSettings({ user: reader });
    for (const name of ['Vendor management', 'User management', 'Evidence scoring', 'Control assessment', 'Content management']) {
      expect(screen.getByRole('switch', { name })).toBeDisabled();
    }
    expect(screen.queryByRole('button', { name: 'Restore defaults' })).not.toBeInTheDocument();
  });

  it('restores the defaults with PUT after a confirmation', async () => {
    const { calls, user } = await openSettings();
    await user.click(screen.getByRole('switch', { name: 'Content management' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Restore defaults' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore the default settings?' });
    expect(writes(calls)).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Restore defaults' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]).toEqual({
      method: 'PUT',
      body: {
        vendor_management_enabled_for_entire_organization: true,
        user_management_enabled_for_entire_organization: true,
        evidence_scoring_enabled_for_entire_organization: false,
        control_assessment_enabled_for_entire_organization: false,
        content_management_enabled: false,
        separation_of_duties_enabled: true,
      },
    });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Content management' })).not.toBeChecked());
    expect(screen.getByRole('switch', { name: 'Vendor management' })).toBeChecked();
  });
});
