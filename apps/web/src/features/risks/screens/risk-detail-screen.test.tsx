import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProjectMember } from '@aegis/contracts';
import { signIn } from '../../../testing/app-api';
import { ADA, buildProject } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';
import { bodyOf, callsOf, stubRisksApi } from '../testing/risks-api';
import { buildRiskDetail, buildTreatment, CONTROLS, RISK_ID } from '../testing/risk-fixtures';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const owner = buildProject({ roles: ['owner'] });
const page = `/projects/project-detail/${owner.id}/risk-detail/${RISK_ID}`;
const riskPath = `/api/projects/${owner.id}/risks/${RISK_ID}`;
const eddie: ProjectMember = { user_id: '0199a0b2-0000-7000-8000-0000000000b3', firstname: 'Eddie', lastname: 'Editor', email: 'editor@demo.local', roles: ['editor'] };
const risk = buildRiskDetail({ likelihood: 4, impact: 4, assignees: [ADA] });

async function open(options: Partial<Parameters<typeof stubRisksApi>[0]> = {}, project = owner) {
  signIn();
  const api = stubRisksApi({ project, details: [risk], members: [eddie], ...options });
  const view = renderApp(page);
  await screen.findByRole('heading', { level: 2, name: risk.name }, { timeout: 10_000 });
  return { ...api, ...view, user: userEvent.setup() };
}

const section = (name: string) => screen.getByRole('region', { name });

/** Opens a select by its label and picks the option whose text starts so. */
async function choose(user: ReturnType<typeof userEvent.setup>, within_: HTMLElement, label: RegExp, option: RegExp) {
  await user.click(within(within_).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('a risk’s page', () => {
  it('shows its levels, status and the actions on it, and its cells on the organization’s matrix', async () => {
    await open();
    expect(within(screen.getByRole('article')).getByText('R-1')).toBeInTheDocument();
    expect(screen.getByText('Inherent high')).toBeInTheDocument();
    expect(screen.getByText('Residual high')).toBeInTheDocument();
    expect(screen.getByText('Above the risk appetite')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark out of scope…' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Inherent: Likely \(4\) × Major \(4\), high\. No residual assessed yet\./ })).toBeInTheDocument();
    // The way back, and the Risks tab's reach.
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Risks' })).toHaveAttribute('href', `/projects/project-detail/${owner.id}/risks`);
  }, 90_000);

  it('saves a mitigation with residual scores, which moves the residual cell', async () => {
    const { user, calls } = await open();
    const treatment = await screen.findByRole('region', { name: 'Treatment' });
    await user.click(within(treatment).getByRole('radio', { name: /^Mitigate/ }));
    await user.type(within(treatment).getByRole('textbox', { name: 'Plan' }), 'Audit the model for bias each quarter.');
    await choose(user, treatment, /^Residual likelihood/, /^2 — Unlikely/);
    await choose(user, treatment, /^Residual impact/, /^2 — Minor/);
    expect(within(treatment).getByText('Low')).toBeInTheDocument();
    await user.click(within(treatment).getByRole('button', { name: 'Save treatment' }));
    await waitFor(() => expect(callsOf(calls, `${riskPath}/treatment`, 'PUT')).toHaveLength(1));
    expect(bodyOf(callsOf(calls, `${riskPath}/treatment`, 'PUT')[0]!)).toEqual({
      option: 'mitigate',
      plan: 'Audit the model for bias each quarter.',
      residual_likelihood: 2,
      residual_impact: 2,
      acceptance_rationale: null,
      acceptance_review_date: null,
    });
    expect(await screen.findByRole('img', { name: /Residual: Unlikely \(2\) × Minor \(2\), low\./ }, { timeout: 10_000 })).toBeInTheDocument();
    // The form is renewed by the save: the focus goes to the section's heading, not to the page's body (issue 29, item 19).
    await waitFor(() => expect(document.activeElement).toBe(within(treatment).getByRole('heading', { name: 'Treatment' })));
  }, 90_000);

  it('says before saving that accepting above medium needs an approved review, and shows the acceptance awaiting it', async () => {
    const { user, calls } = await open();
    const treatment = await screen.findByRole('region', { name: 'Treatment' });
    await user.click(within(treatment).getByRole('radio', { name: /^Accept/ }));
    expect(within(treatment).getByText(/Accepting a risk above medium needs an approved review/)).toBeInTheDocument();
    await user.click(within(treatment).getByRole('button', { name: 'Save treatment' }));
    expect(within(treatment).getByText('say why the risk is accepted: the rationale is what an auditor reads')).toBeInTheDocument();
    await user.type(within(treatment).getByRole('textbox', { name: 'Why the risk is accepted' }), 'Screening stays with a person.');
    await user.type(within(treatment).getByRole('textbox', { name: 'Review the acceptance by' }), '31-01-2027');
    await user.click(within(treatment).getByRole('button', { name: 'Save treatment' }));
    await waitFor(() => expect(callsOf(calls, `${riskPath}/treatment`, 'PUT')).toHaveLength(1));
    expect(bodyOf(callsOf(calls, `${riskPath}/treatment`, 'PUT')[0]!)).toMatchObject({ option: 'accept', acceptance_rationale: 'Screening stays with a person.', acceptance_review_date: '2027-01-31' });
    const record = await screen.findByRole('region', { name: 'Acceptance record' }, { timeout: 10_000 });
    expect(within(record).getByText('Awaiting review')).toBeInTheDocument();
    expect(within(record).getByText('not yet — a review must approve the risk')).toBeInTheDocument();
    expect(within(record).getByText('31-01-2027')).toBeInTheDocument();

    await user.click(within(record).getByRole('button', { name: 'Revoke acceptance…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the acceptance of R-1?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Why it no longer holds' }), 'The use changed.');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke acceptance' }));
    await waitFor(() => expect(callsOf(calls, `${riskPath}/acceptance/revoke`, 'POST')).toHaveLength(1));
    expect(await within(record).findByText('Revoked')).toBeInTheDocument();
  }, 90_000);

  it('adds treatment actions with their owner and due date, changes one, and removes it after asking', async () => {
    const { user, calls } = await open();
    const actions = await screen.findByRole('region', { name: 'Treatment actions' });
    expect(await within(actions).findByText('No actions yet.')).toBeInTheDocument();
    await user.click(within(actions).getByRole('button', { name: 'Add action' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an action' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Action' }), 'Run a bias audit');
    await choose(user, dialog, /^Owner/, /^Eddie Editor/);
    await user.type(within(dialog).getByRole('textbox', { name: 'Due date' }), '30-06-2027');
    await user.click(within(dialog).getByRole('button', { name: 'Add action' }));
    await waitFor(() => expect(callsOf(calls, `${riskPath}/treatment-strategies`, 'POST')).toHaveLength(1));
    expect(bodyOf(callsOf(calls, `${riskPath}/treatment-strategies`, 'POST')[0]!)).toEqual({ action: 'Run a bias audit', owner_id: eddie.user_id, due_date: '2027-06-30', status: 'planned' });
    expect(await within(actions).findByText('Run a bias audit', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(actions).getByText(/Planned · Eddie Editor/)).toBeInTheDocument();

    await user.click(within(actions).getByRole('button', { name: 'Actions for “Run a bias audit”' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change…' }));
    const change = await screen.findByRole('dialog', { name: 'Change the action' });
    expect(within(change).getByRole('textbox', { name: 'Due date' })).toHaveValue('30-06-2027');
    await choose(user, change, /^Status/, /^In progress/);
    await user.click(within(change).getByRole('button', { name: 'Save action' }));
    const patch = `${riskPath}/treatment-strategies/0199a0b2-0000-7000-8000-000000000960`;
    await waitFor(() => expect(callsOf(calls, patch, 'PATCH')).toHaveLength(1));
    expect(bodyOf(callsOf(calls, patch, 'PATCH')[0]!)).toEqual({ status: 'in_progress' });
    expect(await within(actions).findByText(/In progress · Eddie Editor/, {}, { timeout: 10_000 })).toBeInTheDocument();

    await user.click(within(actions).getByRole('button', { name: 'Actions for “Run a bias audit”' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove…' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove this action?' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(callsOf(calls, `${riskPath}/treatment-strategies/0199a0b2-0000-7000-8000-000000000960`, 'DELETE')).toHaveLength(1));
    expect(await within(actions).findByText('No actions yet.', {}, { timeout: 10_000 })).toBeInTheDocument();
  }, 90_000);

  it('links controls from a picker with their status, and unlinks one after asking', async () => {
    const { user, calls } = await open();
    const linked = await screen.findByRole('region', { name: 'Controls that reduce it' });
    await user.click(await within(linked).findByRole('button', { name: 'Link controls…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link controls to R-1' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Controls' }));
    await user.click(await screen.findByRole('option', { name: /MFF-1.RSK.01/ }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Controls' }), 'data');
    await user.click(await screen.findByRole('option', { name: /MFF-1.DAT.02/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(calls.filter((call) => call.url.startsWith(`${riskPath}/controls/`) && call.init.method === 'PUT')).toHaveLength(2));
    const list = await within(linked).findByRole('list', { name: 'Controls linked to R-1' }, { timeout: 10_000 });
    expect(within(list).getByRole('link', { name: 'MFF-1.RSK.01' })).toHaveAttribute('href', `/projects/project-detail/${owner.id}/control-detail/MFF-1.RSK.01`);
    expect(within(list).getByText('Approved')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Unlink MFF-1.DAT.02' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Unlink MFF-1.DAT.02?' })).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(callsOf(calls, `${riskPath}/controls/${CONTROLS[1]!.id}`, 'DELETE')).toHaveLength(1));
  }, 90_000);

  it('shows an approved risk read-only with the way to reopen it, saying why', async () => {
    const approved = buildRiskDetail({ status: 'approved', locked: true, allowed_transitions: ['in_progress'], residual_likelihood: 2, residual_impact: 2 });
    const { user, calls } = await open({ details: [approved], treatments: { [RISK_ID]: buildTreatment(approved, { option: 'mitigate', plan: 'Quarterly audits', residual_likelihood: 2, residual_impact: 2 }) } });
    expect(screen.getByText(/Approved and locked/)).toBeInTheDocument();
    const treatment = await screen.findByRole('region', { name: 'Treatment' });
    expect(await within(treatment).findByText('Quarterly audits')).toBeInTheDocument();
    expect(within(treatment).queryByRole('button', { name: 'Save treatment' })).not.toBeInTheDocument();
    expect(within(section('Scoring')).queryByRole('button', { name: 'Save scores' })).not.toBeInTheDocument();
    expect(within(section('Details')).queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add action' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete…' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reopen…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen R-1?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Why reopen it?' }), 'A new use of the model.');
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(callsOf(calls, riskPath, 'PATCH')).toHaveLength(1));
    expect(bodyOf(callsOf(calls, riskPath, 'PATCH')[0]!)).toEqual({ status: 'in_progress', justification: 'A new use of the model.' });
    expect(await screen.findByRole('button', { name: 'Save scores' }, { timeout: 10_000 })).toBeInTheDocument();
  }, 90_000);

  it('lets an auditor read everything and change nothing', async () => {
    await open({ treatments: { [RISK_ID]: buildTreatment(risk, { option: 'transfer', plan: 'Insurance' }) } }, buildProject({ roles: ['auditor'] }));
    expect(screen.getByText('Your role on this project lets you read this risk but not change it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    const treatment = await screen.findByRole('region', { name: 'Treatment' });
    expect(await within(treatment).findByText('Transfer')).toBeInTheDocument();
    expect(within(treatment).queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link controls…' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save people' })).not.toBeInTheDocument();
    expect(within(section('People')).getByText('Ada Lovelace')).toBeInTheDocument();
  }, 90_000);

  it('changes the details: money in euros by default, the annual loss estimated unless entered', async () => {
    const { user, calls } = await open();
    const details = section('Details');
    await user.type(within(details).getByRole('textbox', { name: 'Monetary impact' }), '12,500');
    expect(within(details).getByText(/Leave empty for the estimate: € 12,500/)).toBeInTheDocument();
    await choose(user, details, /^Currency/, /USD/);
    await user.click(within(details).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsOf(calls, riskPath, 'PATCH')).toHaveLength(1));
    expect(bodyOf(callsOf(calls, riskPath, 'PATCH')[0]!)).toEqual({ currency: 'USD', monetary_impact: 12500 });
  }, 90_000);
});
