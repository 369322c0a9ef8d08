import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../testing/app-api';
import { buildProject } from '../../../testing/factories';
import type { FetchCall } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { stubApplicabilityApi } from '../testing/applicability-api';
import { ASSESSED, buildQuestionnaire, EU_AI_ACT_QUESTIONNAIRE, HIRING_CHANGE, NO_CHANGE } from '../testing/applicability-fixtures';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const frameworks = [
  { framework_code: 'EU_AI_ACT', name: 'EU AI Act' },
  { framework_code: 'ISO_IEC_42001', name: 'ISO/IEC 42001' },
];
const project = buildProject({ frameworks });
const page = `/projects/project-detail/${project.id}/scoping`;
const answers = (calls: FetchCall[]) => calls.filter((call) => call.url.includes('/answers/') && call.init.method === 'PUT');
const isDry = (call: FetchCall) => call.url.includes('dry_run=true');

async function open(options: Partial<Parameters<typeof stubApplicabilityApi>[0]> = {}) {
  signIn();
  const api = stubApplicabilityApi({ project, settings: ASSESSED, questionnaires: [EU_AI_ACT_QUESTIONNAIRE, buildQuestionnaire()], ...options });
  const view = renderApp(page);
  // The page is a chunk of its own, loaded after the project's frame.
  await screen.findByRole('heading', { level: 2, name: 'Scoping' }, { timeout: 10_000 });
  return { ...api, ...view, user: userEvent.setup() };
}

const questionnaire = (name: string) => screen.findByRole('region', { name });

describe('the scoping page: questionnaires', () => {
  it('asks one question at a time, saves each answer as it is chosen, and counts the answers', async () => {
    const { user, calls } = await open();
    const iso = await questionnaire('ISO/IEC 42001');
    expect(within(iso).getByText('0 of 2 questions answered')).toBeInTheDocument();
    expect(within(iso).getByRole('progressbar', { name: 'ISO/IEC 42001 questionnaire: 0 of 2 questions answered' })).toHaveAttribute('aria-valuenow', '0');
    expect(within(iso).getByText('Question 1 of 2')).toBeInTheDocument();
    const complete = within(iso).getByRole('button', { name: 'Mark complete' });
    expect(complete).toBeDisabled();
    expect(complete).toHaveAccessibleDescription('Answer every question to mark it complete (2 left).');

    await user.click(within(iso).getByRole('radio', { name: /^Yes, with its own staff/ }));
    expect(await within(iso).findByText('1 of 2 questions answered')).toBeInTheDocument();
    // Asked what it would move first, then saved.
    expect(answers(calls).map(isDry)).toEqual([true, false]);
    expect(JSON.parse(answers(calls)[1]!.init.body as string)).toEqual({ answer: ['in_house'] });
    expect(within(iso).getByText(/Answered .* by Ada Lovelace/)).toBeInTheDocument();

    await user.click(within(iso).getByRole('button', { name: 'Next' }));
    expect(within(iso).getByText('Question 2 of 2')).toBeInTheDocument();
    expect(within(iso).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(iso).getByRole('radio', { name: 'Yes' }));
    expect(await within(iso).findByText('2 of 2 questions answered')).toBeInTheDocument();
    await user.click(within(iso).getByRole('button', { name: 'Back' }));
    expect(within(iso).getByRole('radio', { name: /^Yes, with its own staff/ })).toBeChecked();
  });

  it('marks a questionnaire complete, which keeps its answers until someone reopens it', async () => {
    const answered = buildQuestionnaire();
    answered.questions = answered.questions.map((question) => ({ ...question, answer: [question.options[0]!.value] }));
    const { user } = await open({ questionnaires: [{ ...answered, status: 'in_progress', answered: 2 }] });
    const iso = await questionnaire('ISO/IEC 42001');
    await user.click(within(iso).getByRole('button', { name: 'Mark complete' }));
    expect(await screen.findByText('ISO/IEC 42001 questionnaire marked complete')).toBeInTheDocument();
    expect(within(iso).getByText('Completed: reopen it to change an answer.')).toBeInTheDocument();
    expect(within(iso).getByRole('radio', { name: /^No/ })).toBeDisabled();
    await user.click(within(iso).getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(within(iso).getByRole('radio', { name: /^No/ })).toBeEnabled());
    expect(within(iso).getByRole('button', { name: 'Mark complete' })).toBeEnabled();
  });

  it('shows what an answer would take out of scope before saving it, and saves nothing when the person cancels', async () => {
    const { user, calls } = await open({ answerChange: (_id, answer) => (answer?.includes('no') ? HIRING_CHANGE : NO_CHANGE) });
    const iso = await questionnaire('ISO/IEC 42001');
    await user.click(within(iso).getByRole('radio', { name: /^No/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this answer and take requirements out of scope?' });
    expect(within(dialog).getByText(/2 requirements will become not applicable/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(answers(calls).filter((call) => !isDry(call))).toHaveLength(0);
    expect(within(iso).getByRole('radio', { name: /^No/ })).not.toBeChecked();

    await user.click(within(iso).getByRole('radio', { name: /^No/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save the answer' }));
    expect(await screen.findByText(/Answer saved\. 2 requirements became not applicable/)).toBeInTheDocument();
    // The dialog hides the page from screen readers until it has gone.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(iso).getByRole('radio', { name: /^No/ })).toBeChecked();
  });

  it('shows the EU AI Act questionnaire as the settings answer it, read-only, with the way to them', async () => {
    await open();
    const eu = await questionnaire('EU AI Act');
    expect(within(eu).getByText(/Answered through the EU AI Act settings/)).toBeInTheDocument();
    expect(within(eu).getByRole('link', { name: 'Change the EU AI Act settings' })).toHaveAttribute('href', `${page}#eu-ai-act`);
    expect(within(eu).getByText('Which roles does the organization play?')).toBeInTheDocument();
    expect(within(eu).getByText('Deployer')).toBeInTheDocument();
    expect(within(eu).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(eu).queryByRole('button', { name: 'Mark complete' })).not.toBeInTheDocument();
  });

  it('lets a reader follow the questionnaires without answering them', async () => {
    await open({ project: buildProject({ frameworks, roles: ['reviewer'] }) });
    const iso = await questionnaire('ISO/IEC 42001');
    expect(within(iso).getByRole('radio', { name: /^No/ })).toBeDisabled();
    expect(within(iso).queryByRole('button', { name: 'Mark complete' })).not.toBeInTheDocument();
  });

  it('says when no applied framework has a questionnaire', async () => {
    await open({ questionnaires: [] });
    expect(await screen.findByText('No questionnaire: none of the frameworks this project applies has one.')).toBeInTheDocument();
  });
});
