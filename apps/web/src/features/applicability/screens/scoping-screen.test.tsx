import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../testing/app-api';
import { buildProject } from '../../../testing/factories';
import { jsonResponse, type FetchCall } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { stubApplicabilityApi } from '../testing/applicability-api';
import { ASSESSED, HIGH_RISK, HIRING_CHANGE, HIRING_SETTINGS, NO_CHANGE } from '../testing/applicability-fixtures';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const project = buildProject({ frameworks: [{ framework_code: 'EU_AI_ACT', name: 'EU AI Act' }] });
const page = `/projects/project-detail/${project.id}/scoping`;
const settingsPath = `/api/projects/${project.id}/eu_ai_act_settings`;

const posts = (calls: FetchCall[]) => calls.filter((call) => call.url.startsWith(settingsPath) && call.init.method === 'POST');
const isDry = (call: FetchCall) => call.url.includes('dry_run=true');

async function open(options: Partial<Parameters<typeof stubApplicabilityApi>[0]> = {}) {
  signIn();
  const api = stubApplicabilityApi({ project, ...options });
  const view = renderApp(page);
  // The page is a chunk of its own, loaded after the project's frame.
  await screen.findByRole('heading', { level: 2, name: 'Scoping' }, { timeout: 10_000 });
  return { ...api, ...view, user: userEvent.setup() };
}

const form = () => screen.getByRole('form', { name: 'EU AI Act settings' });
const field = (label: string) => within(form()).getByRole('combobox', { name: new RegExp(`^${label}`) });

/** Opens a select by its label and picks an option by the start of its text. */
async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(field(label));
  const listbox = await screen.findByRole('listbox');
  const item = within(listbox)
    .getAllByRole('option')
    .find((element) => element.textContent?.startsWith(option));
  await user.click(item!);
  // A multiple select stays open: Escape closes it.
  if (screen.queryByRole('listbox')) await user.keyboard('{Escape}');
}

describe('the scoping page: EU AI Act settings', () => {
  it('explains each option and previews the classification as the person answers, before saving anything', async () => {
    const { user, calls } = await open({ onSettings: (input) => (input.use_case?.includes('recruitment') ? { classification: HIGH_RISK, change: HIRING_CHANGE } : {}) });
    expect(await screen.findByText(/No EU AI Act settings yet/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Classification' })).getByText('Not assessed yet')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Classification' })).getByText(/Not complete yet: answer “Product category”, “Role”, “Use case” and “Establishment”/)).toBeInTheDocument();
    // The Requirements tab is the current one here.
    expect(within(screen.getByRole('navigation', { name: 'Project sections' })).getByRole('link', { name: 'Requirements' })).toHaveAttribute('aria-current', 'page');

    // Every option says what it means, with its article.
    await user.click(field('Role'));
    expect(await screen.findByRole('option', { name: /Deployer You use the system under your authority .*\(Art\. 3\(4\)\)/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await choose(user, 'Use case', 'Recruitment and selection');
    // The chosen option is explained under its field.
    expect(screen.getByText(/Placing job ads, screening or filtering applications/, { selector: 'li' })).toBeInTheDocument();

    const classification = screen.getByRole('region', { name: 'Classification' });
    expect(await within(classification).findByRole('group', { name: 'EU AI Act: High-risk' })).toBeInTheDocument();
    expect(within(classification).getByText('Preview of unsaved answers')).toBeInTheDocument();
    expect(within(classification).getByText(/Screening job applications is a high-risk use/)).toBeInTheDocument();
    expect(within(classification).getByText('(Art. 6(2), Annex III point 4(a))')).toBeInTheDocument();
    expect(within(classification).getByText('Deployer')).toBeInTheDocument();
    expect(within(classification).getByText('Art. 26')).toBeInTheDocument();
    expect(within(classification).getByText('Applies now')).toBeInTheDocument();
    expect(within(classification).getByText('From 02-12-2027')).toBeInTheDocument();
    expect(screen.getByText('If you save: 2 requirements will become not applicable, 1 control goes out of scope and 1 approved control is kept.')).toBeInTheDocument();
    expect(posts(calls).length).toBeGreaterThan(0);
    expect(posts(calls).every(isDry)).toBe(true);
  });

  it('asks before a save that takes requirements out of scope, listing them with their reasons', async () => {
    const partly = { ...ASSESSED, settings: { ...HIRING_SETTINGS, use_case: null }, classification: { ...HIGH_RISK, categories: [], label: 'Not assessed yet', status: 'incomplete' as const } };
    const { user, calls } = await open({ settings: partly, onSettings: (input) => (input.use_case?.includes('recruitment') ? { classification: HIGH_RISK, change: HIRING_CHANGE } : {}) });
    await screen.findByText(/Last saved/);
    await choose(user, 'Use case', 'Recruitment and selection');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save and take requirements out of scope?' });
    expect(within(dialog).getByText(/Art\. 16/)).toBeInTheDocument();
    expect(within(dialog).getByText(/— Applies to providers; the organization is a deployer/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Approved: reopen it to take it out of scope/)).toBeInTheDocument();
    expect(posts(calls).filter((call) => !isDry(call))).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(/EU AI Act settings saved\. 2 requirements became not applicable/)).toBeInTheDocument();
    const saved = posts(calls).filter((call) => !isDry(call));
    expect(saved).toHaveLength(1);
    expect(JSON.parse(saved[0]!.init.body as string)).toEqual({
      product_category: 'ai_system',
      role: ['deployer'],
      use_case: ['recruitment'],
      establishment: 'eu',
      model_property: null,
      project_requirements: null,
      critical_issues: null,
      supply_terms: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(screen.getByRole('region', { name: 'Classification' })).findByRole('group', { name: 'EU AI Act: High-risk' })).toBeInTheDocument();
    expect(screen.queryByText('Preview of unsaved answers')).not.toBeInTheDocument();
  });

  it('saves at once when nothing leaves scope, and discards unsaved answers', async () => {
    const { user, calls } = await open({ settings: ASSESSED, onSettings: () => ({ change: NO_CHANGE }) });
    await screen.findByText(/Last saved/);
    await choose(user, 'Use case', 'Interacts with people');
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await choose(user, 'Use case', 'Interacts with people');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('EU AI Act settings saved')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(calls).filter((call) => !isDry(call))).toHaveLength(1);
  });

  it('shows a refusal next to its field', async () => {
    const { user } = await open({
      onSettings: (input) =>
        input.product_category === 'gpai_model' && input.use_case
          ? jsonResponse(422, { detail: 'Invalid request', code: 'validation_error', errors: [{ path: 'body.use_case', message: 'A general-purpose model has no use case of its own: describe the system built on it' }] })
          : {},
    });
    await choose(user, 'Product category', 'General-purpose AI model');
    await choose(user, 'Use case', 'Recruitment and selection');
    expect(await screen.findByText('A general-purpose model has no use case of its own: describe the system built on it')).toBeInTheDocument();
  });

  it('lets a reader see the classification and its reasons, with the form read-only', async () => {
    const { calls } = await open({ project: buildProject({ frameworks: project.frameworks, roles: ['auditor'] }), settings: ASSESSED });
    expect(await screen.findByText(/lets you read these settings but not change them/)).toBeInTheDocument();
    expect(field('Role')).toHaveAttribute('aria-readonly', 'true');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    const classification = screen.getByRole('region', { name: 'Classification' });
    expect(within(classification).getByRole('group', { name: 'EU AI Act: High-risk' })).toBeInTheDocument();
    expect(within(classification).getByText(/Screening job applications/)).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });
});
