import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ControlDetail, Project, ProjectMember } from '@aegis/contracts';
import { signIn } from '../../../testing/app-api';
import { bodyOf, callsOf, stubControlsApi } from '../../../testing/controls-api';
import { ADA, buildControlDetail, buildProject } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const owner = buildProject({ roles: ['owner'] });
const CODE = 'MFF-1.RSK.01';
const url = (project: Project = owner) => `/projects/project-detail/${project.id}/control-detail/${CODE}`;
const controlPath = `/api/projects/${owner.id}/controls/${CODE}`;
const eddie: ProjectMember = { user_id: '0199a0b2-0000-7000-8000-0000000000b3', firstname: 'Eddie', lastname: 'Editor', email: 'editor@demo.local', roles: ['editor'] };

async function open(detail: Partial<ControlDetail> = {}, project: Project = owner) {
  signIn();
  const api = stubControlsApi({ project, details: [buildControlDetail(detail)], members: [eddie] });
  const view = renderApp(url(project));
  await screen.findByRole('heading', { level: 2, name: 'Risk management methodology and criteria' });
  return { ...api, ...view, user: userEvent.setup() };
}

const region = (name: string) => screen.getByRole('region', { name });

describe('a control’s page', () => {
  it('shows what it asks and, by framework, every requirement it satisfies with how and why', async () => {
    await open();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Controls' })).toHaveAttribute('href', `/projects/project-detail/${owner.id}/controls`);
    expect(screen.getByRole('link', { name: 'Controls', current: false })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Project sections' })).getByRole('link', { name: 'Controls' })).toHaveAttribute('aria-current', 'page');
    const about = region('What it asks');
    expect(within(about).getByText('Assess AI risks consistently, against agreed criteria.')).toBeInTheDocument();
    expect(within(about).getByText('Risk methodology')).toBeInTheDocument();
    expect(within(about).getByText('Cross-cutting')).toBeInTheDocument();

    const satisfies = region('Satisfies');
    expect(within(satisfies).getByText('Done once, it counts for 2 requirements in 2 frameworks.')).toBeInTheDocument();
    const eu = within(satisfies).getByRole('region', { name: 'EU AI Act' });
    expect(within(eu).getByRole('link', { name: 'Art. 9(1)' })).toHaveAttribute('href', `/projects/project-detail/${owner.id}/requirements?framework=EU_AI_ACT&name=Art.+9%281%29`);
    expect(within(eu).getByText('Overlaps')).toBeInTheDocument();
    expect(within(eu).getByText('Derived mapping')).toBeInTheDocument();
    expect(within(eu).getByText(/the system is established and documented/)).toBeInTheDocument();
    const nist = within(satisfies).getByRole('region', { name: 'NIST AI RMF' });
    expect(within(nist).getByText('Fully covered')).toBeInTheDocument();
    expect(within(nist).getByText('Published crosswalk MS-NIST-42001')).toBeInTheDocument();
    // The thread and the log of the control itself.
    expect(await screen.findByText('No comments yet')).toBeInTheDocument();
    expect(within(region('Activity')).getByText('Nothing has happened here yet.')).toBeInTheDocument();
  });

  it('starts the control: the status moves and the actions follow', async () => {
    const { user, calls } = await open();
    expect(screen.getByRole('button', { name: 'Mark out of scope…' })).toBeInTheDocument();
    const reads = callsOf(calls, controlPath).length;
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(callsOf(calls, controlPath, 'PATCH')).toHaveLength(1));
    expect(bodyOf(callsOf(calls, controlPath, 'PATCH')[0]!)).toEqual({ status: 'in_progress' });
    expect(await screen.findByRole('button', { name: 'Move back to ready' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    expect(within(region('Status history')).getByText('Ready → In progress')).toBeInTheDocument();
    // The page took the change from the answer (what it moved and the history entry written), without reading the control again.
    expect(callsOf(calls, controlPath)).toHaveLength(reads);
  });

  it('takes it out of scope only with a justification, which it then shows', async () => {
    const { user, calls } = await open();
    await user.click(screen.getByRole('button', { name: 'Mark out of scope…' }));
    const dialog = screen.getByRole('dialog', { name: `Mark ${CODE} out of scope` });
    await user.click(within(dialog).getByRole('button', { name: 'Mark out of scope' }));
    expect(within(dialog).getByText(/Say why it is out of scope/)).toBeInTheDocument();
    expect(callsOf(calls, controlPath, 'PATCH')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Justification/ }), 'The system takes no decisions about people');
    await user.click(within(dialog).getByRole('button', { name: 'Mark out of scope' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(callsOf(calls, controlPath, 'PATCH')[0]!)).toEqual({ status: 'out_of_scope', justification: 'The system takes no decisions about people' });
    expect(await screen.findByText('The system takes no decisions about people', { selector: '.MuiAlert-message' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bring back in scope' })).toBeInTheDocument();
  });

  it('explains an approved control is locked, shows its content read-only but its people editable, and reopens it with a reason', async () => {
    const { user, calls } = await open({ status: 'approved', locked: true, allowed_transitions: ['in_progress'], assignees: [ADA], notes: 'Signed off by the board' });
    expect(screen.getByText(/Approved and locked/)).toHaveTextContent('Reopen it to change anything');
    // Who works on it is not locked; its content and assessments are.
    expect(within(region('People')).getByRole('button', { name: 'Save people' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(await within(region('Assessments')).findByText('History')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record assessment' })).not.toBeInTheDocument();
    expect(within(region('Planning')).getByText('Signed off by the board')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reopen…' }));
    const dialog = screen.getByRole('dialog', { name: `Reopen ${CODE}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(within(dialog).getByText(/Say why it is reopened/)).toBeInTheDocument();
    expect(callsOf(calls, controlPath, 'PATCH')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Why reopen it/ }), 'The model was retrained');
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(callsOf(calls, controlPath, 'PATCH')[0]!)).toEqual({ status: 'in_progress', justification: 'The model was retrained' });
    expect(await screen.findByRole('button', { name: 'Save changes' })).toBeInTheDocument();
    expect(screen.queryByText(/Approved and locked/)).not.toBeInTheDocument();
  });

  it('saves the people, and only the planning fields that changed, with the date typed as shown', async () => {
    const { user, calls } = await open({ notes: 'Draft' });
    const people = region('People');
    await user.click(within(people).getByRole('combobox', { name: 'Assignees' }));
    await user.click(await screen.findByRole('option', { name: /Eddie Editor/ }));
    await user.click(within(people).getByRole('button', { name: 'Save people' }));
    await waitFor(() => expect(callsOf(calls, `${controlPath}/assignees`, 'PATCH')).toHaveLength(1));
    expect(bodyOf(callsOf(calls, `${controlPath}/assignees`, 'PATCH')[0]!)).toEqual({ assignees: [eddie.user_id], reviewers: [] });
    expect(await screen.findByText('People saved; those newly named are notified')).toBeInTheDocument();

    const planning = region('Planning');
    const due = within(planning).getByRole('textbox', { name: 'Due date' });
    await user.type(due, '31-02-2027');
    await user.click(within(planning).getByRole('button', { name: 'Save changes' }));
    expect(within(planning).getByText('Write the date as DD-MM-YYYY, for example 31-01-2027')).toBeInTheDocument();
    expect(due).toHaveFocus();
    await user.clear(due);
    await user.type(due, '31-01-2027');
    await user.click(within(planning).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsOf(calls, controlPath, 'PATCH')).toHaveLength(1));
    expect(bodyOf(callsOf(calls, controlPath, 'PATCH')[0]!)).toEqual({ due_date: '2027-01-31' });
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
  });

  it('records an assessment with its result and rationale, and lists it', async () => {
    const { user, calls } = await open();
    const section = region('Assessments');
    expect(await within(section).findByText('Not assessed yet.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Record assessment' }));
    expect(within(section).getByText('Choose a result')).toBeInTheDocument();
    expect(within(section).getByText('Say why: the rationale is what an auditor reads')).toBeInTheDocument();
    await user.click(within(section).getByRole('radio', { name: 'Partially met' }));
    await user.type(within(section).getByRole('textbox', { name: /Rationale/ }), 'Register exists, owners missing');
    await user.click(within(section).getByRole('button', { name: 'Record assessment' }));
    await waitFor(() => expect(callsOf(calls, `${controlPath}/assessments`, 'POST')).toHaveLength(1));
    expect(bodyOf(callsOf(calls, `${controlPath}/assessments`, 'POST')[0]!)).toEqual({ result: 'partially_met', rationale: 'Register exists, owners missing' });
    const history = await within(section).findByRole('list', { name: 'Assessment history' });
    expect(within(history).getByText('Register exists, owners missing')).toBeInTheDocument();
    expect(within(history).getByText('Partially met')).toBeInTheDocument();
    expect(within(section).getByRole('textbox', { name: /Rationale/ })).toHaveValue('');
  });

  it('shows a reviewer the control without anything to change', async () => {
    const reviewer = buildProject({ roles: ['reviewer'] });
    signIn();
    stubControlsApi({ project: reviewer, details: [buildControlDetail({ allowed_transitions: [], assignees: [ADA] })] });
    renderApp(url(reviewer));
    await screen.findByRole('heading', { level: 2, name: 'Risk management methodology and criteria' });
    expect(screen.getByText('Your role on this project lets you read this control but not change it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Assignees' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Due date' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record assessment' })).not.toBeInTheDocument();
    expect(within(region('Assessments')).getByText('History')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Your comment' })).toBeInTheDocument();
  });

  it('says a review is pending instead of offering status changes', async () => {
    await open({ status: 'in_review', allowed_transitions: [] });
    expect(screen.getByText(/A review is pending/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
  });

  it('says so when the project has no such control', async () => {
    signIn();
    stubControlsApi({ project: owner, details: [] });
    renderApp(url());
    expect(await screen.findByRole('heading', { name: 'Control not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the project’s controls' })).toHaveAttribute('href', `/projects/project-detail/${owner.id}/controls`);
  });
});
