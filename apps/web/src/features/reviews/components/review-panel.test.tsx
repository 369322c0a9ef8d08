import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ControlDetail, CurrentUser, ProjectRole, Review } from '@aegis/contracts';
import { signIn } from '../../../testing/app-api';
import { bodyOf, callsOf } from '../../../testing/controls-api';
import { buildControlDetail, buildCurrentUser, buildProject } from '../../../testing/factories';
import { jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { ADAM, buildReview, EDDIE, personOf, RITA } from '../../../testing/review-factories';
import { stubReviewsApi } from '../../../testing/reviews-api';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const OLIVIA = { user_id: '0199a0b2-0000-7000-8000-000000000002', firstname: 'Alice', lastname: 'Admin', email: 'admin@demo.local', roles: ['owner' as ProjectRole] };
const userOf = (member: typeof EDDIE): CurrentUser => buildCurrentUser({ id: member.user_id, firstname: member.firstname, lastname: member.lastname, email: member.email });

type Open = { roles: ProjectRole[]; user?: CurrentUser; detail?: Partial<ControlDetail>; reviews?: Review[]; handle?: Parameters<typeof stubReviewsApi>[0]['handle'] };

async function open({ roles, user, detail = {}, reviews = [], handle }: Open) {
  const project = buildProject({ roles });
  signIn();
  const api = stubReviewsApi({ project, detail: buildControlDetail(detail), members: [OLIVIA, EDDIE, RITA, ADAM], reviews, user, handle });
  renderApp(`/projects/project-detail/${project.id}/control-detail/MFF-1.RSK.01`);
  const panel = await screen.findByRole('region', { name: 'Review' });
  return { ...api, panel, user: userEvent.setup() };
}

describe('the review panel', () => {
  it('lets an editor ask reviewers who may decide, checks the form, and shows the pending review', async () => {
    const { panel, user, calls, reviewsPath } = await open({ roles: ['editor'], user: userOf(EDDIE), detail: { status: 'in_progress', allowed_transitions: ['ready', 'out_of_scope'] } });
    expect(await within(panel).findByText(/No review is pending/)).toBeInTheDocument();
    expect(within(panel).getByText('None yet.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Approve without review…' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Request a review…' }));
    const dialog = screen.getByRole('dialog', { name: 'Request a review of MFF-1.RSK.01' });

    await user.type(within(dialog).getByRole('textbox', { name: 'Due date' }), '31-02-2027');
    await user.click(within(dialog).getByRole('button', { name: 'Request review' }));
    expect(within(dialog).getByText('Name at least one reviewer')).toBeInTheDocument();
    expect(within(dialog).getByText('Write the date as DD-MM-YYYY, for example 31-01-2027')).toBeInTheDocument();
    expect(callsOf(calls, reviewsPath, 'POST')).toHaveLength(0);

    // Only members whose role may decide are offered, and never the one asking.
    await user.click(within(dialog).getByRole('combobox', { name: 'Reviewers' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([expect.stringContaining('Alice Admin'), expect.stringContaining('Rita Reviewer'), expect.stringContaining('Adam Auditor')]);
    await user.click(screen.getByRole('option', { name: /Rita Reviewer/ }));
    expect(within(dialog).queryByText('Name at least one reviewer')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Every reviewer must approve' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Message to the reviewers' }), 'Method attached');
    const due = within(dialog).getByRole('textbox', { name: 'Due date' });
    await user.clear(due);
    await user.type(due, '31-01-2027');
    await user.click(within(dialog).getByRole('button', { name: 'Request review' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(callsOf(calls, reviewsPath, 'POST')[0]!)).toEqual({ reviewers: [RITA.user_id], rule: 'all', message: 'Method attached', due_date: '2027-01-31' });

    expect(await within(panel).findByText(/Requested by Eddie Editor/)).toHaveTextContent('due 31-01-2027');
    expect(within(panel).getByText('Method attached')).toBeInTheDocument();
    const decisions = within(panel).getByRole('list', { name: 'Reviewers and their decisions' });
    expect(within(decisions).getByText('Rita Reviewer')).toBeInTheDocument();
    expect(within(decisions).getByText('Awaiting decision')).toBeInTheDocument();
    // The requester does not decide; the control's status follows.
    expect(within(panel).queryByRole('form', { name: 'Your decision' })).not.toBeInTheDocument();
    expect(await screen.findByText(/A review is pending/)).toBeInTheDocument();
  });

  it('prefills the control’s reviewers who may decide, leaving out the one asking', async () => {
    // Eddie asks; he is one of the control's reviewers himself, and so is Rita.
    const { panel, user, calls, reviewsPath } = await open({ roles: ['editor'], user: userOf(EDDIE), detail: { status: 'in_progress', allowed_transitions: ['ready'], reviewers: [personOf(RITA), personOf(EDDIE)] } });
    await user.click(await within(panel).findByRole('button', { name: 'Request a review…' }));
    const dialog = screen.getByRole('dialog', { name: 'Request a review of MFF-1.RSK.01' });
    expect(await within(dialog).findByRole('button', { name: 'Rita Reviewer' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Eddie Editor' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Request review' }));
    await waitFor(() => expect(callsOf(calls, reviewsPath, 'POST')).toHaveLength(1));
    expect(bodyOf(callsOf(calls, reviewsPath, 'POST')[0]!)).toEqual({ reviewers: [RITA.user_id], rule: 'any' });
  });

  it('shows the API’s refusal in the dialog', async () => {
    const { panel, user } = await open({
      roles: ['editor'],
      user: userOf(EDDIE),
      handle: (call) => (call.init.method === 'POST' && call.url.includes('/reviews/') ? jsonResponse(422, { detail: 'Only project members who may decide reviews can be reviewers: Rita Reviewer cannot', code: 'invalid_reviewers', errors: [{ path: 'body.reviewers', message: 'Rita Reviewer is not a project member who may decide reviews' }] }) : undefined),
    });
    await user.click(await within(panel).findByRole('button', { name: 'Request a review…' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'Reviewers' }));
    await user.click(await screen.findByRole('option', { name: /Rita Reviewer/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Request review' }));
    expect(await within(dialog).findByText('Only project members who may decide reviews can be reviewers: Rita Reviewer cannot')).toBeInTheDocument();
    expect(within(dialog).getByText('Rita Reviewer is not a project member who may decide reviews')).toBeInTheDocument();
  });

  it('lets the named reviewer approve: a rejection needs a comment; the control is then approved and locked', async () => {
    const { panel, user, calls, reviewsPath } = await open({ roles: ['reviewer'], user: userOf(RITA), detail: { status: 'in_review', allowed_transitions: [] }, reviews: [buildReview({ message: 'Method attached' })] });
    const form = await within(panel).findByRole('form', { name: 'Your decision' });
    expect(within(panel).queryByRole('button', { name: 'Cancel review…' })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Reject' }));
    expect(within(form).getByText('Say why: a rejection needs a comment')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Comment' })).toHaveFocus();
    expect(callsOf(calls, `${reviewsPath}/decision`, 'PATCH')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: 'Comment' }), 'Criteria signed off');
    await user.click(within(form).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(callsOf(calls, `${reviewsPath}/decision`, 'PATCH')).toHaveLength(1));
    expect(bodyOf(callsOf(calls, `${reviewsPath}/decision`, 'PATCH')[0]!)).toEqual({ decision: 'approved', comment: 'Criteria signed off' });
    expect(await screen.findByText('MFF-1.RSK.01 approved and locked')).toBeInTheDocument();
    const past = await within(panel).findByRole('list', { name: 'Past reviews' });
    // The review's outcome, and Rita's own decision.
    expect(within(past).getAllByText('Approved', { selector: '.MuiChip-label' })).toHaveLength(2);
    expect(within(past).getByText('“Criteria signed off”')).toBeInTheDocument();
    expect(within(panel).queryByRole('form', { name: 'Your decision' })).not.toBeInTheDocument();
    expect(await screen.findByText(/Approved and locked/)).toBeInTheDocument();
  });

  it('warns of what changed since the request and offers only a rejection; a refusal shows its detail', async () => {
    const stale = buildReview({ stale: true, changes: [{ field: 'notes', before: '', after: 'Rewritten' }, { field: 'due_date', before: null, after: '2027-01-31' }] });
    const { panel, user } = await open({
      roles: ['reviewer'],
      user: userOf(RITA),
      detail: { status: 'in_review', allowed_transitions: [] },
      reviews: [stale],
      handle: (call) => (call.url.endsWith('/decision') ? jsonResponse(409, { detail: 'No review of this is pending: it was decided or cancelled already', code: 'conflict' }) : undefined),
    });
    const changes = await within(panel).findByRole('list', { name: 'What changed' });
    expect(within(changes).getByText(/empty → “Rewritten”/)).toBeInTheDocument();
    expect(within(changes).getByText(/empty → 31-01-2027/)).toBeInTheDocument();
    const form = within(panel).getByRole('form', { name: 'Your decision' });
    expect(within(form).getByRole('button', { name: 'Approve' })).toBeDisabled();
    await user.type(within(form).getByRole('textbox', { name: 'Comment' }), 'Changed since');
    await user.click(within(form).getByRole('button', { name: 'Reject' }));
    expect(await within(form).findByText('No review of this is pending: it was decided or cancelled already')).toBeInTheDocument();
  });

  it('says what changed in a treatment in words, never as raw JSON (issue 29, item 1)', async () => {
    const before = { plan: 'Monitor monthly', option: 'mitigate', residual_impact: 2, residual_likelihood: 2, acceptance_rationale: null };
    const after = { option: 'mitigate', plan: 'Monitor weekly', residual_likelihood: 2, residual_impact: 2, acceptance_rationale: null };
    const stale = buildReview({ stale: true, changes: [{ field: 'treatment', before, after }, { field: 'asset_cards', before: null, after: ['c1'] }] });
    const { panel } = await open({ roles: ['reviewer'], user: userOf(RITA), detail: { status: 'in_review', allowed_transitions: [] }, reviews: [stale] });
    const changes = await within(panel).findByRole('list', { name: 'What changed' });
    expect(within(changes).getByText(/plan “Monitor monthly” → “Monitor weekly”/)).toBeInTheDocument();
    expect(within(changes).getByText('Linked asset cards')).toBeInTheDocument();
    expect(within(changes).getByText(/1 added/)).toBeInTheDocument();
    expect(changes.textContent).not.toMatch(/[{}]|"plan"/);
  });

  it('lets the requester change the reviewers and cancel after confirming; the control returns to its status', async () => {
    const { panel, user, calls, reviewsPath } = await open({ roles: ['editor'], user: userOf(EDDIE), detail: { status: 'in_review', allowed_transitions: [] }, reviews: [buildReview()] });
    await user.click(await within(panel).findByRole('button', { name: 'Change reviewers…' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the reviewers of MFF-1.RSK.01' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Reviewers' }));
    await user.click(await screen.findByRole('option', { name: /Adam Auditor/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save reviewers' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(callsOf(calls, reviewsPath, 'PATCH')[0]!)).toEqual({ reviewers: [RITA.user_id, ADAM.user_id] });
    expect(await within(panel).findByText('Adam Auditor')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Cancel review…' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel the review of MFF-1.RSK.01?' });
    expect(confirm).toHaveTextContent('it returns to In progress');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel review' }));
    await waitFor(() => expect(callsOf(calls, reviewsPath, 'DELETE')).toHaveLength(1));
    expect(await within(panel).findByRole('button', { name: 'Request a review…' })).toBeInTheDocument();
    expect(within(within(panel).getByRole('list', { name: 'Past reviews' })).getByText('Cancelled', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Move back to ready' })).toBeInTheDocument();
  });

  it('lets an owner approve without a review only with a justification, kept in the history', async () => {
    const { panel, user, calls, reviewsPath } = await open({ roles: ['owner'], reviews: [buildReview({ status: 'rejected', settled_at: '2026-11-21T09:00:00Z', reviewers: [{ reviewer: personOf(RITA), decision: 'rejected', comment: 'Owner missing', decided_at: '2026-11-21T09:00:00Z' }] })] });
    const past = await within(panel).findByRole('list', { name: 'Past reviews' });
    expect(within(past).getByText('“Owner missing”')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Approve without review…' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve MFF-1.RSK.01 without a review' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve without review' }));
    expect(within(dialog).getByText(/Say why it is approved without a review/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Justification/ }), 'Approved by the board on 12-11-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Approve without review' }));
    await waitFor(() => expect(callsOf(calls, reviewsPath, 'POST')).toHaveLength(1));
    const call = callsOf(calls, reviewsPath, 'POST')[0]!;
    expect(call.url).toContain('force_update_status=true');
    expect(bodyOf(call)).toEqual({ reviewers: [], rule: 'any', justification: 'Approved by the board on 12-11-2026' });
    expect(await within(panel).findByText('Approved by the board on 12-11-2026')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Review again…' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Reopen…' })).toBeInTheDocument();
  });

  it('lets an owner send an approved control to review again, forcing it open with a justification', async () => {
    const approved = buildReview({ status: 'approved', settled_at: '2026-11-21T09:00:00Z', reviewers: [{ reviewer: personOf(RITA), decision: 'approved', comment: null, decided_at: '2026-11-21T09:00:00Z' }] });
    const { panel, user, calls, reviewsPath } = await open({ roles: ['owner'], detail: { status: 'approved', locked: true, allowed_transitions: ['in_progress'] }, reviews: [approved] });
    expect(await within(panel).findByText(/Approved: it stays locked/)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Request a review…' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Review again…' }));
    const dialog = screen.getByRole('dialog', { name: 'Review MFF-1.RSK.01 again' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Reviewers' }));
    await user.click(await screen.findByRole('option', { name: /Adam Auditor/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Request review' }));
    expect(within(dialog).getByText('Say why the status is forced: the reason is kept in the log')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Justification/ })).toHaveFocus();
    await user.type(within(dialog).getByRole('textbox', { name: /Justification/ }), 'New model version');
    await user.click(within(dialog).getByRole('button', { name: 'Request review' }));
    await waitFor(() => expect(callsOf(calls, reviewsPath, 'POST')).toHaveLength(1));
    const call = callsOf(calls, reviewsPath, 'POST')[0]!;
    expect(call.url).toContain('force_update_status=true');
    expect(bodyOf(call)).toEqual({ reviewers: [ADAM.user_id], rule: 'any', justification: 'New model version' });
    expect(await within(panel).findByText('New model version')).toBeInTheDocument();
    expect(within(within(panel).getByRole('list', { name: 'Reviewers and their decisions' })).getByText('Adam Auditor')).toBeInTheDocument();
  });
});
