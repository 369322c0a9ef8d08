import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_RISK_MATRIX, type RiskSettings } from '@aegis/contracts';
import { signIn } from '../../../testing/app-api';
import { buildCurrentUser, buildProject, buildUserWithRoles, DEMO_ORGANIZATION } from '../../../testing/factories';
import { jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { bodyOf, callsOf, stubRisksApi } from '../testing/risks-api';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const settingsPath = `/api/organizations/${DEMO_ORGANIZATION.id}/risk-settings`;

async function open(user = buildUserWithRoles(['admin']), options: Partial<Parameters<typeof stubRisksApi>[0]> = {}) {
  signIn();
  const api = stubRisksApi({ project: buildProject(), user, ...options });
  renderApp('/organization/settings');
  const region = await screen.findByRole('region', { name: 'Risk matrix and appetite' }, { timeout: 10_000 });
  return { ...api, region, user: userEvent.setup() };
}

describe('the organization’s risk matrix and appetite', () => {
  it('lets an admin change a cell and the appetite, and saves both', async () => {
    const { region, user, calls } = await open();
    const cell = await within(region).findByRole('combobox', { name: 'Likelihood 5, impact 3' });
    expect(cell).toHaveValue('high');
    await user.selectOptions(cell, 'critical');
    await user.click(within(region).getByRole('combobox', { name: /^Risk appetite/ }));
    await user.click(await screen.findByRole('option', { name: 'Low' }));
    await user.click(within(region).getByRole('button', { name: 'Save matrix and appetite' }));
    await waitFor(() => expect(callsOf(calls, settingsPath, 'PUT')).toHaveLength(1));
    const sent = bodyOf<RiskSettings>(callsOf(calls, settingsPath, 'PUT')[0]!);
    expect(sent.appetite).toBe('low');
    expect(sent.matrix[4]).toEqual(['medium', 'high', 'critical', 'critical', 'critical']);
    expect(sent.matrix.slice(0, 4)).toEqual(DEFAULT_RISK_MATRIX.slice(0, 4));
    expect(await within(region).findByText(/Changed by Ada Lovelace/)).toBeInTheDocument();
  }, 60_000);

  it('names the cells where the level goes down before sending, and those the API refuses', async () => {
    const refusal = { detail: 'matrix: likelihood 2, impact 2 is low, lower than medium', code: 'unprocessable_content', errors: [{ path: 'body.matrix.1.1', message: 'likelihood 2, impact 2 is low, lower than medium at likelihood 1' }] };
    const { region, user, calls } = await open(undefined, { handle: (call) => (call.url === settingsPath && call.init.method === 'PUT' ? jsonResponse(422, refusal) : undefined) });
    await user.selectOptions(await within(region).findByRole('combobox', { name: 'Likelihood 5, impact 5' }), 'low');
    await user.click(within(region).getByRole('button', { name: 'Save matrix and appetite' }));
    expect(within(within(region).getByRole('alert')).getByText('likelihood 5, impact 5 is low, lower than critical at impact 4')).toBeInTheDocument();
    expect(within(region).getByRole('combobox', { name: 'Likelihood 5, impact 5' })).toHaveAccessibleDescription('likelihood 5, impact 5 is low, lower than critical at impact 4');
    expect(within(region).getByRole('combobox', { name: 'Likelihood 5, impact 5' })).toHaveAttribute('aria-invalid', 'true');
    expect(callsOf(calls, settingsPath, 'PUT')).toHaveLength(0);

    await user.selectOptions(within(region).getByRole('combobox', { name: 'Likelihood 5, impact 5' }), 'critical');
    await user.selectOptions(within(region).getByRole('combobox', { name: 'Likelihood 4, impact 1' }), 'medium');
    await user.click(within(region).getByRole('button', { name: 'Save matrix and appetite' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('likelihood 2, impact 2 is low, lower than medium at likelihood 1');
    expect(within(region).getByRole('combobox', { name: 'Likelihood 2, impact 2' })).toHaveAttribute('aria-invalid', 'true');
  }, 60_000);

  it('shows those who may read the settings but not change them the matrix and the appetite, to read', async () => {
    const { region } = await open(buildCurrentUser({ roles: ['member'], organization_roles: [{ organization_id: DEMO_ORGANIZATION.id, role: 'member' }], organization_rights: { [DEMO_ORGANIZATION.id]: ['config:read'] } }));
    expect(await within(region).findByText('Likelihood 5, impact 5:', { exact: false })).toBeInTheDocument();
    expect(within(region).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(region).getByText(/Changing them needs an organization admin/)).toBeInTheDocument();
  }, 60_000);
});
