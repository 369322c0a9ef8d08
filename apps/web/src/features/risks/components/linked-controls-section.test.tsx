import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ControlLight, RiskControl } from '@aegis/contracts';
import { signIn } from '../../../testing/app-api';
import { ADA, buildProject } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';
import { stubRisksApi } from '../testing/risks-api';
import { buildRiskDetail, CONTROLS, RISK_ID } from '../testing/risk-fixtures';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

// Issue 29, item 19: an out-of-scope control (not applicable, so nobody works on it) could be linked as
// a control that reduces a risk without a word. The link stays allowed (the API takes it); the picker
// marks it and a warning says it does not count as reducing the risk.
const owner = buildProject({ roles: ['owner'] });
const page = `/projects/project-detail/${owner.id}/risk-detail/${RISK_ID}`;
const risk = buildRiskDetail({ likelihood: 4, impact: 4, assignees: [ADA] });
const outOfScope: ControlLight = { id: '0199a0b2-0000-7000-8000-0000000000c9', control_code: 'MFF-1.TRN.03', title: 'Public transparency report', status: 'out_of_scope' };
const linkOf = (control: ControlLight): RiskControl => ({ ...control, linked_by: ADA, linked_at: '2026-11-21T10:00:00Z' });

async function open(links: RiskControl[] = []) {
  signIn();
  const api = stubRisksApi({ project: owner, details: [risk], controls: [...CONTROLS, outOfScope], links: { [RISK_ID]: links } });
  renderApp(page);
  await screen.findByRole('heading', { level: 2, name: risk.name }, { timeout: 10_000 });
  return { ...api, user: userEvent.setup(), section: await screen.findByRole('region', { name: 'Controls that reduce it' }) };
}

describe('linking an out-of-scope control to a risk', () => {
  it('marks it in the picker, warns before linking, and links it when asked', async () => {
    const { user, section, calls } = await open();
    await user.click(await within(section).findByRole('button', { name: 'Link controls…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link controls to R-1' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Controls' }));
    const option = await screen.findByRole('option', { name: /MFF-1.TRN.03/ });
    expect(within(option).getByText('Out of scope')).toBeInTheDocument();
    // An in-scope control chosen alone: no warning.
    await user.click(await screen.findByRole('option', { name: /MFF-1.RSK.01/ }));
    expect(within(dialog).queryByText(/does not count as reducing/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Controls' }));
    await user.click(await screen.findByRole('option', { name: /MFF-1.TRN.03/ }));
    expect(within(dialog).getByText('MFF-1.TRN.03 is out of scope: nobody works on it, so it does not count as reducing R-1. You can link it all the same.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(calls.filter((call) => call.url.endsWith(`/risks/${RISK_ID}/controls/${outOfScope.id}`) && call.init.method === 'PUT')).toHaveLength(1));
    const list = await within(section).findByRole('list', { name: 'Controls linked to R-1' }, { timeout: 10_000 });
    await within(list).findByRole('link', { name: 'MFF-1.TRN.03' });
    expect(within(section).getByText('MFF-1.TRN.03 is out of scope: nobody works on it, so it does not count as reducing R-1. Assess the residual risk without it.')).toBeInTheDocument();
  }, 90_000);

  it('warns on the risk page for a linked control that is out of scope, and not for the others', async () => {
    const { section } = await open([linkOf(CONTROLS[0]!), linkOf(outOfScope)]);
    const list = await within(section).findByRole('list', { name: 'Controls linked to R-1' }, { timeout: 10_000 });
    const item = within(list).getByRole('link', { name: 'MFF-1.TRN.03' }).closest('li')!;
    expect(within(item).getByText('Out of scope')).toBeInTheDocument();
    expect(within(section).getAllByText(/does not count as reducing R-1/)).toHaveLength(1);
    expect(within(section).getByText(/^MFF-1.TRN.03 is out of scope/)).toBeInTheDocument();
  }, 90_000);
});
