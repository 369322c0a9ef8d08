import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../testing/app-api';
import { buildProject } from '../../../testing/factories';
import { jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { bodyOf, callsOf, queryOf, stubRisksApi } from '../testing/risks-api';
import { buildRiskListItem } from '../testing/risk-fixtures';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));
vi.mock('../../../lib/save-file', () => ({ saveFile: vi.fn() }));

const owner = buildProject({ roles: ['owner'] });
const base = `/projects/project-detail/${owner.id}/risks`;
const listPath = `/api/projects/${owner.id}/risks`;

const risks = [
  buildRiskListItem({ likelihood: 4, impact: 5, residual_likelihood: 2, residual_impact: 2, treatment_option: 'mitigate', control_count: 2 }),
  buildRiskListItem({ id: '0199a0b2-0000-7000-8000-000000000e02', reference: 'R-2', name: 'Prompt injection', category: 'secure_resilient', likelihood: 4, impact: 5, status: 'in_progress' }),
  buildRiskListItem({ id: '0199a0b2-0000-7000-8000-000000000e03', reference: 'R-3', name: 'Model drift', category: 'valid_reliable', likelihood: 2, impact: 2, status: 'out_of_scope' }),
];

async function open(url = base, options: Partial<Parameters<typeof stubRisksApi>[0]> = {}) {
  signIn();
  const api = stubRisksApi({ project: owner, risks, ...options });
  const view = renderApp(url);
  await screen.findByRole('heading', { level: 2, name: 'Risks' }, { timeout: 10_000 });
  const lastList = () => queryOf(callsOf(api.calls, listPath).at(-1)!);
  return { ...api, ...view, lastList, user: userEvent.setup() };
}

const search = (router: { state: { location: { search: string } } }) => Object.fromEntries(new URLSearchParams(router.state.location.search));

describe('the risk register', () => {
  it('lists each risk with its levels before and after treatment, the appetite flag and a link to its page', async () => {
    await open();
    const row = await screen.findByRole('row', { name: /R-1/ });
    expect(within(row).getByRole('link', { name: 'R-1 Biased outcomes against applicants' })).toHaveAttribute('href', `/projects/project-detail/${owner.id}/risk-detail/${risks[0]!.id}`);
    expect(within(row).getByText('Critical')).toBeInTheDocument();
    expect(within(row).getByText('L4 × I5 = 20')).toBeInTheDocument();
    expect(within(row).getByText('Low')).toBeInTheDocument();
    expect(within(row).getByText('L2 × I2 = 4')).toBeInTheDocument();
    expect(within(row).getByText('Mitigate')).toBeInTheDocument();
    expect(within(row).queryByText('Above appetite')).not.toBeInTheDocument();
    const injection = screen.getByRole('row', { name: /R-2/ });
    expect(within(injection).getByText('Above appetite')).toBeInTheDocument();
    expect(within(injection).getByText('Not assessed yet')).toBeInTheDocument();
    expect(within(injection).getByText('Not decided')).toBeInTheDocument();
    expect(screen.getByText('3 risks')).toBeInTheDocument();
  });

  it('asks the API for what a shared URL says, and shows the filters it set', async () => {
    const { lastList } = await open(`${base}?name=bias&status=ready,in_progress&is_assigned_to_me=true&category=fair&above_appetite=true&residual_likelihood=2&residual_impact=3&sort_by=residual_score&descending=true&page=2`);
    await waitFor(() =>
      expect(lastList()).toEqual({
        name: 'bias',
        status: 'ready,in_progress',
        is_assigned_to_me: 'true',
        category: 'fair',
        above_appetite: 'true',
        residual_likelihood: '2',
        residual_impact: '3',
        sort_by: 'residual_score',
        descending: 'true',
        page: '2',
        size: '10',
      }),
    );
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('bias');
    expect(screen.getByRole('checkbox', { name: 'Assigned to me' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Above the appetite' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Clear the heat map filter: Residual: likelihood 2, impact 3' })).toBeInTheDocument();
  });

  it('sorts by inherent and residual score from the column headers', async () => {
    const { user, router, lastList } = await open();
    await screen.findByRole('row', { name: /R-1/ });
    await user.click(screen.getByRole('button', { name: 'Residual' }));
    expect(search(router)).toEqual({ sort_by: 'residual_score' });
    await user.click(await screen.findByRole('button', { name: 'Residual, sorted ascending' }));
    expect(search(router)).toEqual({ sort_by: 'residual_score', descending: 'true' });
    await waitFor(() => expect(lastList()).toMatchObject({ sort_by: 'residual_score', descending: 'true' }));
    await user.click(await screen.findByRole('button', { name: 'Inherent' }));
    expect(search(router)).toEqual({ sort_by: 'inherent_score' });
  }, 90_000);

  it('counts the risks in scope on both heat maps; a cell filters the table to its risks and the chip clears it', async () => {
    const { user, router, lastList } = await open();
    expect(await screen.findByText('2 risks in scope, 1 above the appetite; 1 out of scope is left out')).toBeInTheDocument();
    const inherent = screen.getByRole('group', { name: 'Inherent risk' });
    const residual = screen.getByRole('group', { name: 'Residual risk' });
    expect(within(inherent).getByRole('button', { name: 'Likelihood 4, impact 5: 2 risks, critical' })).toHaveTextContent('2');
    expect(within(residual).getByRole('button', { name: 'Likelihood 2, impact 2: 1 risk, low' })).toBeInTheDocument();
    expect(within(residual).getByRole('button', { name: 'Likelihood 4, impact 5: 1 risk, critical' })).toBeInTheDocument();
    // Empty cells are no stops for the keyboard; the out-of-scope risk at 2 × 2 is not counted.
    expect(within(inherent).getAllByRole('button')).toHaveLength(1);

    const cell = within(inherent).getByRole('button', { name: /^Likelihood 4, impact 5/ });
    cell.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('button', { name: 'Clear the heat map filter: Inherent: likelihood 4, impact 5' });
    // The map leaves out-of-scope risks out; so does the list it filters.
    expect(search(router)).toEqual({ likelihood: '4', impact: '5', status: 'ready,in_progress,in_review,approved' });
    await waitFor(() => expect(lastList()).toMatchObject({ likelihood: '4', impact: '5', status: 'ready,in_progress,in_review,approved' }));
    expect(within(screen.getByRole('group', { name: 'Inherent risk' })).getByRole('button', { name: /^Likelihood 4, impact 5/ })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(residual).getByRole('button', { name: /^Likelihood 2, impact 2/ }));
    expect(search(router)).toMatchObject({ residual_likelihood: '2', residual_impact: '2' });
    expect(search(router).likelihood).toBeUndefined();

    await user.click(await screen.findByRole('button', { name: 'Clear the heat map filter: Residual: likelihood 2, impact 2' }));
    await waitFor(() => expect(search(router).residual_likelihood).toBeUndefined());
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Clear the heat map filter/ })).not.toBeInTheDocument());
  }, 90_000);

  it('downloads the register as CSV', async () => {
    const { saveFile } = await import('../../../lib/save-file');
    const { user, calls } = await open();
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.anything(), 'project-risks.csv'));
    expect(callsOf(calls, `${listPath}.csv`)).toHaveLength(1);
  });

  it('adds a risk from the library: its fields filled in, the level shown, the new risk’s page opened', async () => {
    const { user, calls, router } = await open();
    await user.click(await screen.findByRole('button', { name: 'Add risk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a risk' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Start from the risk library' }));
    await user.click(await screen.findByRole('option', { name: /Prompt injection/ }));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Prompt injection');
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue('Instructions hidden in inputs make the model ignore its rules or reveal data.');
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveTextContent('Secure and resilient');
    expect(within(dialog).getByText('Customers')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /^Likelihood/ })).toHaveTextContent('4 — Likely');
    expect(within(dialog).getByRole('combobox', { name: /^Impact/ })).toHaveTextContent('4 — Major');
    expect(within(dialog).getByText('High')).toBeInTheDocument();

    // Scored worse than the library's typical case.
    await user.click(within(dialog).getByRole('combobox', { name: /^Impact/ }));
    await user.click(await screen.findByRole('option', { name: /^5 — Severe/ }));
    expect(within(dialog).getByText('Critical')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add risk' }));

    await waitFor(() => expect(callsOf(calls, listPath, 'POST')).toHaveLength(1));
    expect(bodyOf(callsOf(calls, listPath, 'POST')[0]!)).toEqual({
      name: 'Prompt injection',
      description: 'Instructions hidden in inputs make the model ignore its rules or reveal data.',
      category: 'secure_resilient',
      affected: ['Customers', 'The organization'],
      likelihood: 4,
      impact: 5,
      monetary_impact: null,
      currency: 'EUR',
      expected_annual_loss: null,
      tags: [],
      library_id: 'prompt-injection',
    });
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/risk-detail\/0199a0b2-0000-7000-8000-000000000801$/));
  }, 90_000);

  it('says what is missing before sending, and shows the API’s refusal next to its field', async () => {
    const { user, calls } = await open(base, {
      handle: (call) =>
        call.url === listPath && call.init.method === 'POST'
          ? jsonResponse(422, { detail: 'name: a risk with this name exists', code: 'unprocessable_content', errors: [{ path: 'body.name', message: 'a risk with this name exists' }] })
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Add risk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a risk' });
    await user.click(within(dialog).getByRole('button', { name: 'Add risk' }));
    expect(within(dialog).getByText('Give the risk a name')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose how likely it is, 1 to 5')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose how bad it would be, 1 to 5')).toBeInTheDocument();
    expect(callsOf(calls, listPath, 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Bias');
    await user.click(within(dialog).getByRole('combobox', { name: /^Likelihood/ }));
    await user.click(await screen.findByRole('option', { name: /^2 — Unlikely/ }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Impact/ }));
    await user.click(await screen.findByRole('option', { name: /^3 — Moderate/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add risk' }));
    expect(await within(dialog).findByText('a risk with this name exists')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  }, 90_000);

  it('invites the first risk when the register is empty, and offers reviewers no way to add one', async () => {
    const view = await open(base, { risks: [] });
    expect(await screen.findByText(/No risks yet\. Start from the risk library/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add the first risk' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    view.unmount();

    signIn();
    stubRisksApi({ project: buildProject({ roles: ['reviewer'] }), risks });
    renderApp(base);
    await screen.findByRole('row', { name: /R-1/ }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Add risk' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});
