import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProjectMember } from '@aegis/contracts';
import { signIn } from '../../../testing/app-api';
import { bodyOf, callsOf, query, stubControlsApi } from '../../../testing/controls-api';
import { ADA, buildControlListItem, buildProject } from '../../../testing/factories';
import { jsonResponse } from '../../../testing/fetch-stub';
import { stubScreenWidth } from '../../../testing/match-media';
import { renderApp } from '../../../testing/render-app';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const frameworks = [
  { framework_code: 'EU_AI_ACT', name: 'EU AI Act' },
  { framework_code: 'NIST_AI_RMF', name: 'NIST AI RMF' },
];
const owner = buildProject({ roles: ['owner'], frameworks });
const base = `/projects/project-detail/${owner.id}/controls`;
const listPath = `/api/projects/${owner.id}/controls`;
const eddie: ProjectMember = { user_id: '0199a0b2-0000-7000-8000-0000000000b3', firstname: 'Eddie', lastname: 'Editor', email: 'editor@demo.local', roles: ['editor'] };
const TAG = { tag_id: '0199a0b2-0000-7000-8000-0000000000f9', name: 'Bias', color: '#aa3366', created_at: '2026-11-20T09:30:00Z' };

const controls = [
  buildControlListItem({ due_date: '2020-01-31', status: 'in_progress', assignees: [ADA], needs_attention: true, needs_attention_reason: 'Test “AUC ≥ 0.8” failed', test_failing: true }),
  buildControlListItem({ id: '0199a0b2-0000-7000-8000-0000000000d2', control_code: 'MFF-1.GOV.02', title: 'Roles and responsibilities', status: 'approved', frameworks: ['EU_AI_ACT'], tags: [TAG], review_status: 'approved' }),
];

async function open(url = base, options: Partial<Parameters<typeof stubControlsApi>[0]> = {}) {
  signIn();
  const api = stubControlsApi({ project: owner, controls, members: [eddie], tags: [TAG], ...options });
  const view = renderApp(url);
  await screen.findByRole('heading', { level: 2, name: 'Controls' });
  await screen.findByRole('row', { name: /MFF-1.RSK.01/ });
  const lastList = () => query(callsOf(api.calls, listPath).at(-1)!);
  return { ...api, ...view, lastList, user: userEvent.setup() };
}

const search = (router: { state: { location: { search: string } } }) => Object.fromEntries(new URLSearchParams(router.state.location.search));

describe('the controls list', () => {
  it('shows each control with its status, attention, people, due date and frameworks, linking to its page', async () => {
    await open();
    const row = screen.getByRole('row', { name: /MFF-1.RSK.01/ });
    expect(within(row).getByRole('link', { name: 'MFF-1.RSK.01' })).toHaveAttribute('href', `/projects/project-detail/${owner.id}/control-detail/MFF-1.RSK.01`);
    expect(within(row).getByText('In progress')).toBeInTheDocument();
    expect(within(row).getByText('Needs attention')).toBeInTheDocument();
    expect(within(row).getByText('Test failing')).toBeInTheDocument();
    expect(within(row).getByText('Test “AUC ≥ 0.8” failed')).toBeInTheDocument();
    expect(within(row).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(row).getByText('31-01-2020')).toBeInTheDocument();
    expect(within(row).getByText('Overdue')).toBeInTheDocument();
    expect(within(row).getByText('NIST AI RMF')).toBeInTheDocument();
    const approved = screen.getByRole('row', { name: /MFF-1.GOV.02/ });
    expect(within(approved).getByText('Approved')).toBeInTheDocument();
    expect(within(approved).getByText('Review approved')).toBeInTheDocument();
    expect(within(row).queryByText(/^Review /)).not.toBeInTheDocument();
    expect(within(approved).getByText('Bias')).toBeInTheDocument();
    expect(screen.getByText('2 controls')).toBeInTheDocument();
  });

  it('says why an out-of-scope control is out of scope', async () => {
    const reason = 'Not applicable: every requirement it serves is out of scope (Art. 16: applies to providers)';
    await open(base, { controls: [...controls, buildControlListItem({ id: '0199a0b2-0000-7000-8000-0000000000d3', control_code: 'MFF-1.DEV.03', title: 'Technical documentation', status: 'out_of_scope', out_of_scope_justification: reason })] });
    const row = screen.getByRole('row', { name: /MFF-1.DEV.03/ });
    expect(within(row).getByText('Out of scope', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(within(row).getByText(reason)).toBeInTheDocument();
  });

  it('names frameworks by their short names, not their codes, in the table and on the cards of a phone', async () => {
    const iso = { framework_code: 'ISO_IEC_42001', name: 'ISO/IEC 42001:2023 AI management system' };
    const project = { project: { ...owner, frameworks: [...frameworks, iso] }, controls: [buildControlListItem({ frameworks: ['EU_AI_ACT', 'ISO_IEC_42001'] })] };
    const view = await open(base, project);
    const row = screen.getByRole('row', { name: /MFF-1.RSK.01/ });
    expect(within(row).getByText('EU AI Act')).toBeInTheDocument();
    // The full name stays at hand.
    expect(within(row).getByTitle('ISO/IEC 42001:2023 AI management system')).toHaveTextContent('ISO/IEC 42001');
    expect(within(row).queryByText(/EU AI ACT|EU_AI_ACT|ISO IEC/)).not.toBeInTheDocument();
    view.unmount();

    stubScreenWidth(390);
    signIn();
    stubControlsApi({ ...project, members: [eddie], tags: [TAG] });
    renderApp(base);
    const card = (await screen.findByRole('link', { name: 'MFF-1.RSK.01' })).closest('li')!;
    expect(within(card).getByText('EU AI Act · ISO/IEC 42001')).toBeInTheDocument();
  });

  it('keeps the table to its fixed columns: names, tags and codes cut short keep their whole text in a title', async () => {
    await open();
    const table = screen.getByRole('table');
    expect(table).toHaveStyle({ tableLayout: 'fixed' });
    expect(within(screen.getByRole('row', { name: /MFF-1.RSK.01/ })).getByTitle('Ada Lovelace')).toHaveTextContent('Ada Lovelace');
    const approved = screen.getByRole('row', { name: /MFF-1.GOV.02/ });
    expect(within(approved).getByTitle('Bias')).toHaveTextContent('Bias');
    expect(within(approved).getByRole('link', { name: 'MFF-1.GOV.02' })).toHaveAttribute('title', 'MFF-1.GOV.02');
  });

  it('asks the API for what a shared URL says, every filter included', async () => {
    const requirement = '0199a0b2-0000-7000-8000-0000000000e9';
    const { lastList } = await open(
      `${base}?framework=NIST_AI_RMF&requirement=${requirement}&status=ready,in_review&tags=${TAG.tag_id}&name=risk&is_assigned_to_me=true&is_assigned_to_me_for_review=true&needs_attention=true&page=2&sort_by=due_date&descending=true`,
      { requirements: [] },
    );
    expect(lastList()).toEqual({
      name: 'risk',
      framework: 'NIST_AI_RMF',
      requirement,
      status: 'ready,in_review',
      tags: TAG.tag_id,
      is_assigned_to_me: 'true',
      is_assigned_to_me_for_review: 'true',
      needs_attention: 'true',
      sort_by: 'due_date',
      descending: 'true',
      page: '2',
      size: '10',
    });
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('risk');
    expect(screen.getByRole('checkbox', { name: 'Assigned to me' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'To review by me' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Needs attention' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Ready, In review');
    expect(screen.getByRole('columnheader', { name: /Due/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('puts the flags and the statuses in the URL as they change, starting again at page 1', async () => {
    const { router, user } = await open(`${base}?page=2`);
    await user.click(screen.getByRole('checkbox', { name: 'Assigned to me' }));
    await waitFor(() => expect(search(router)).toEqual({ is_assigned_to_me: 'true' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'In progress' }));
    await user.click(screen.getByRole('option', { name: 'In review' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(search(router)).toEqual({ is_assigned_to_me: 'true', status: 'in_progress,in_review' }));
  });

  it('puts the framework, the sort and, once typing pauses, the name in the URL, and asks the API for them', async () => {
    const { router, user, lastList } = await open();
    await user.click(screen.getByRole('combobox', { name: 'Framework' }));
    await user.click(screen.getByRole('option', { name: 'EU AI Act' }));
    await waitFor(() => expect(search(router)).toEqual({ framework: 'EU_AI_ACT' }));
    await user.click(screen.getByRole('button', { name: 'Control' }));
    await waitFor(() => expect(search(router)).toEqual({ framework: 'EU_AI_ACT', sort_by: 'title' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'gov');
    await waitFor(() => expect(search(router)).toEqual({ framework: 'EU_AI_ACT', sort_by: 'title', name: 'gov' }));
    await waitFor(() => expect(lastList()).toMatchObject({ name: 'gov', framework: 'EU_AI_ACT', sort_by: 'title', descending: 'false', page: '1' }));
  });

  it('clears the filters, the search box included, and keeps the sort', async () => {
    const { router, user } = await open(`${base}?name=gov&framework=EU_AI_ACT&status=ready&sort_by=title`);
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('gov');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(search(router)).toEqual({ sort_by: 'title' }));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveValue(''));
  });

  it('says when no control matches, with a way to clear the filters', async () => {
    signIn();
    stubControlsApi({ project: owner, controls: [] });
    const { router } = renderApp(`${base}?needs_attention=true`);
    expect(await screen.findByText('No controls match these filters.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('changes the status of the selected controls, asking why for out of scope', async () => {
    const { user, calls } = await open(base, { controls: [controls[0]!, { ...controls[1]!, status: 'in_progress', review_status: null }] });
    await user.click(screen.getByRole('checkbox', { name: 'Select every control on this page' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change status…' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the status' });
    await user.click(within(dialog).getByRole('combobox', { name: 'New status' }));
    await user.click(screen.getByRole('option', { name: 'Out of scope' }));
    await user.click(within(dialog).getByRole('button', { name: 'Change status' }));
    expect(within(dialog).getByText(/Say why they are out of scope/)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Why are they out of scope/ })).toHaveFocus();
    expect(callsOf(calls, `${listPath}/bulk`, 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Why are they out of scope/ }), 'No credit decisions here');
    await user.click(within(dialog).getByRole('button', { name: 'Change status' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(callsOf(calls, `${listPath}/bulk`, 'POST')[0]!)).toEqual({ control_codes: ['MFF-1.RSK.01', 'MFF-1.GOV.02'], status: 'out_of_scope', justification: 'No credit decisions here' });
    expect(await screen.findByText('2 controls moved to Out of scope')).toBeInTheDocument();
    expect(screen.queryByText('2 selected')).not.toBeInTheDocument();
  });

  it('says how many controls changed and which the server refused, and why (an approved one is locked)', async () => {
    const { user, calls } = await open();
    await user.click(screen.getByRole('checkbox', { name: 'Select MFF-1.RSK.01' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select MFF-1.GOV.02' }));
    await user.click(screen.getByRole('button', { name: 'Change status…' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the status' });
    await user.click(within(dialog).getByRole('button', { name: 'Change status' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('1 changed, 1 refused:');
    expect(within(alert).getByRole('listitem')).toHaveTextContent('MFF-1.GOV.02 — This control is approved and locked: its status cannot change — reopen it first');
    expect(bodyOf(callsOf(calls, `${listPath}/bulk`, 'POST')[0]!)).toEqual({ control_codes: ['MFF-1.RSK.01', 'MFF-1.GOV.02'], status: 'in_progress' });
    expect(screen.getByText('2 selected')).toBeInTheDocument();
  });

  it('shows a refusal of the whole bulk change as the server words it', async () => {
    const detail = 'Not controls of this project: MFF-1.NOPE.01';
    const { user } = await open(base, { handle: (call) => (call.url.endsWith('/controls/bulk') ? jsonResponse(422, { detail, code: 'unprocessable_content' }) : undefined) });
    await user.click(screen.getByRole('checkbox', { name: 'Select MFF-1.RSK.01' }));
    await user.click(screen.getByRole('button', { name: 'Change status…' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the status' });
    await user.click(within(dialog).getByRole('button', { name: 'Change status' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(detail);
  });

  it('marks a control approved by force, without a review, on the list', async () => {
    await open(base, { controls: [controls[0]!, { ...controls[1]!, approval_forced: true }] });
    const approved = screen.getByRole('row', { name: /MFF-1.GOV.02/ });
    expect(within(approved).getByText('Forced approval')).toBeInTheDocument();
    expect(within(approved).queryByText('Review approved')).not.toBeInTheDocument();
  });

  it('assigns project members to the selected controls', async () => {
    const { user, calls } = await open();
    await user.click(screen.getByRole('checkbox', { name: 'Select MFF-1.GOV.02' }));
    await user.click(screen.getByRole('button', { name: 'Assign people…' }));
    const dialog = screen.getByRole('dialog', { name: 'Assign people' });
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(within(dialog).getByText('Choose at least one person')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'People to assign' }));
    await user.click(await screen.findByRole('option', { name: /Eddie Editor/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(callsOf(calls, `${listPath}/bulk`, 'POST')).toHaveLength(1));
    expect(bodyOf(callsOf(calls, `${listPath}/bulk`, 'POST')[0]!)).toEqual({ control_codes: ['MFF-1.GOV.02'], add_assignees: [eddie.user_id] });
    expect(await screen.findByText('Eddie Editor assigned to 1 control')).toBeInTheDocument();
  });

  it('offers no selection to a reviewer, and no assigning to an auditor', async () => {
    signIn();
    stubControlsApi({ project: buildProject({ roles: ['reviewer'], frameworks }), controls });
    const view = renderApp(base);
    await screen.findByRole('row', { name: /MFF-1.RSK.01/ });
    expect(screen.queryByRole('checkbox', { name: /Select/ })).not.toBeInTheDocument();
    view.unmount();

    stubControlsApi({ project: buildProject({ roles: ['auditor'], frameworks }), controls });
    renderApp(base);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select MFF-1.RSK.01' }));
    expect(screen.getByRole('button', { name: 'Change status…' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign people…' })).not.toBeInTheDocument();
  });

  it('keeps the filters on the way to a control and back through its breadcrumb', async () => {
    const { user, router } = await open(`${base}?status=in_progress&is_assigned_to_me=true`, {
      details: [],
      handle: (call) => (call.url.includes('/controls/MFF-1.RSK.01') ? jsonResponse(404, { detail: 'Control not found', code: 'not_found' }) : undefined),
    });
    await user.click(screen.getByRole('link', { name: 'MFF-1.RSK.01' }));
    expect(await screen.findByRole('heading', { name: 'Control not found' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Controls' }));
    await screen.findByRole('heading', { level: 2, name: 'Controls' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(search(router)).toEqual({ status: 'in_progress', is_assigned_to_me: 'true' });
  });
});
