import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../testing/app-api';
import { buildActivityEntry, buildComment, buildProject } from '../../../testing/factories';
import { jsonResponse } from '../../../testing/fetch-stub';
import { stubProjectApi } from '../../../testing/project-api';
import { renderApp } from '../../../testing/render-app';
import { ASSESSED, buildSettingsResponse } from '../../../features/applicability/testing/applicability-fixtures';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const project = buildProject({
  description: 'Scores loan applications.\nRuns nightly.',
  frameworks: [{ framework_code: 'EU_AI_ACT', name: 'EU AI Act' }, { framework_code: 'NIST_AI_RMF', name: 'NIST AI RMF' }],
  members: 3,
});
const base = `/projects/project-detail/${project.id}`;
const bob = { id: '0199a0b2-0000-7000-8000-0000000000b2', name: 'Bob Member', email: 'bob@demo.local' };

async function open(options: Partial<Parameters<typeof stubProjectApi>[0]> = {}) {
  signIn();
  const api = stubProjectApi({ project, dashboard: { owner: 1, editor: 2, auditor: 1 }, ...options });
  const view = renderApp(base);
  await screen.findByRole('heading', { level: 1, name: options.project?.name ?? project.name });
  // The dashboard is a chunk of its own, loaded after the frame.
  await screen.findByRole('region', { name: 'About this project' });
  return { ...api, ...view, user: userEvent.setup() };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('the project dashboard', () => {
  it('counts the members, in total and by role, with the chart’s numbers as a table', async () => {
    await open();
    const members = section('Members');
    expect(await within(members).findByText('3')).toBeInTheDocument();
    expect(within(members).getByText('members')).toBeInTheDocument();
    const table = within(members).getByRole('table', { name: 'Members by role' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['Owner1', 'Editor2', 'Reviewer0', 'Auditor1']);
    // The chart is a picture beside that table: hidden from screen readers, and no stop in the Tab order.
    await waitFor(() => expect(members.querySelector('[aria-hidden="true"] svg')).not.toBeNull());
    for (const hidden of members.querySelectorAll('[aria-hidden="true"]')) expect(hidden.querySelector('[tabindex="0"], button, a')).toBeNull();
  });

  it('shows the requirements and controls by status and what awaits my review, each linking to its list filtered alike', async () => {
    await open({
      counts: {
        requirements: { total: 91, by_status: { ready: 40, in_progress: 30, completed: 20, out_of_scope: 1 } },
        controls: { total: 54, by_status: { ready: 20, in_progress: 20, in_review: 4, approved: 10, out_of_scope: 0 } },
        to_review: 2,
      },
    });
    const counts = section('At a glance');
    const link = (name: RegExp) => within(counts).getByRole('link', { name });
    expect(await within(counts).findByRole('link', { name: /^91 requirements$/ })).toHaveAttribute('href', `${base}/requirements`);
    expect(link(/^1 out of scope$/)).toHaveAttribute('href', `${base}/requirements?status=out_of_scope`);
    expect(link(/^54 controls$/)).toHaveAttribute('href', `${base}/controls`);
    expect(link(/^4 in review$/)).toHaveAttribute('href', `${base}/controls?status=in_review`);
    // Nothing to open behind a zero.
    // Requirements and controls with their non-zero statuses, and the review count: the controls out of scope (0) are no link.
    expect(within(counts).getAllByRole('link')).toHaveLength(11);
    expect(within(counts).getByText(/controls await your review/).closest('a')).toHaveAttribute('href', `${base}/controls?is_assigned_to_me_for_review=true`);
  });

  it('tells what the project is: type, description with its line breaks, frameworks by name', async () => {
    await open();
    const about = section('About this project');
    expect(within(about).getByText('AI application')).toBeInTheDocument();
    expect(within(about).getByText(/Scores loan applications/).textContent).toBe('Scores loan applications.\nRuns nightly.');
    expect(within(about).getByText('EU AI Act')).toBeInTheDocument();
    expect(within(about).getByText('NIST AI RMF')).toBeInTheDocument();
    expect(within(about).queryByText('ISO/IEC 42001')).not.toBeInTheDocument();
  });

  it('shows how the EU AI Act classifies the system, leading to the scoping page', async () => {
    await open({ handle: ({ url }) => (url === `/api/projects/${project.id}/eu_ai_act_settings` ? jsonResponse(200, ASSESSED) : undefined) });
    const card = section('EU AI Act classification');
    expect(await within(card).findByRole('group', { name: 'EU AI Act: High-risk' })).toBeInTheDocument();
    expect(within(card).getByText('As deployer')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'EU AI Act: High-risk' })).toHaveAttribute('href', `${base}/scoping`);
  });

  it('invites to describe the system while nobody has', async () => {
    await open({ handle: ({ url }) => (url === `/api/projects/${project.id}/eu_ai_act_settings` ? jsonResponse(200, buildSettingsResponse()) : undefined) });
    const card = section('EU AI Act classification');
    expect(await within(card).findByRole('link', { name: 'Not assessed yet — describe the system' })).toHaveAttribute('href', `${base}/scoping`);
  });

  it('says so when there is no description and no framework yet', async () => {
    await open({ project: buildProject({ name: 'Bare' }) });
    const about = section('About this project');
    expect(within(about).getByText('No description')).toBeInTheDocument();
    expect(within(about).getByText('No frameworks applied yet')).toBeInTheDocument();
  });

  it('lists the recent activity as sentences, newest first, ten at a time', async () => {
    const older = Array.from({ length: 11 }, (_, index) =>
      buildActivityEntry({ log_id: `0199a0b2-0000-7000-8000-0000000001${String(index).padStart(2, '0')}`, action: 'access_requested', actor: bob }),
    );
    const activity = [
      buildActivityEntry({
        log_id: '0199a0b2-0000-7000-8000-000000000200',
        object_type: 'project_member',
        object_id: bob.id,
        action: 'roles_changed',
        before: { roles: [] },
        after: { roles: ['editor'] },
        created_at: '2026-11-22T10:00:00Z',
      }),
      ...older,
      buildActivityEntry({ log_id: '0199a0b2-0000-7000-8000-000000000300' }),
    ];
    const { calls, user } = await open({ activity });
    const recent = section('Recent activity');
    const lines = () => within(recent).getAllByRole('listitem');
    expect(await within(recent).findByText('Ada Lovelace added a member as Editor')).toBeInTheDocument();
    expect(lines()).toHaveLength(10);
    expect(within(lines()[1]!).getByText('Bob Member asked for access to the project')).toBeInTheDocument();
    expect(within(lines()[0]!).getByText(/^\d{2}-11-2026 \d{2}:\d{2}$/)).toHaveAttribute('datetime', '2026-11-22T10:00:00Z');
    expect(within(recent).queryByText('Ada Lovelace created the project')).not.toBeInTheDocument();
    expect(calls.some((call) => call.url === `/api/projects/${project.id}/logs/${project.id}?page=1&size=10`)).toBe(true);

    await user.click(within(recent).getByRole('button', { name: 'Show more (3 older)' }));
    expect(await within(recent).findByText('Ada Lovelace created the project')).toBeInTheDocument();
    expect(lines()).toHaveLength(13);
    expect(within(recent).queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
  });

  it('says when nothing has happened yet, and when the log cannot be loaded', async () => {
    await open();
    expect(await within(section('Recent activity')).findByText('Nothing has happened here yet.')).toBeInTheDocument();
  });

  it('offers a retry when the log fails', async () => {
    await open({ handle: ({ url }) => (url.includes('/logs/') ? jsonResponse(500, { detail: 'Boom', code: 'internal_error' }) : undefined) });
    expect(await within(section('Recent activity')).findByText('The activity could not be loaded.')).toBeInTheDocument();
    expect(within(section('Recent activity')).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows the project’s comment thread', async () => {
    await open({ comments: [buildComment({ body: 'First!' }), buildComment({ comment_id: '0199a0b2-0000-7000-8000-0000000000e2', author: bob, body: 'Second.' })] });
    const comments = section('Comments');
    expect(await within(comments).findByText('First!')).toBeInTheDocument();
    expect(within(comments).getByText('Second.')).toBeInTheDocument();
    expect(within(comments).getByRole('textbox', { name: 'Your comment' })).toBeInTheDocument();
  });

  it('leaves out what the caller’s rights do not cover', async () => {
    const { calls } = await open({ project: buildProject({ roles: [], rights: ['projects:read'] }) });
    expect(section('About this project')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Members' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recent activity' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Comments' })).not.toBeInTheDocument();
    // Only the project itself (twice in StrictMode's double mount): no counts, log or comments.
    expect(new Set(calls.map((call) => call.url.split('?')[0]))).toEqual(new Set([`/api/projects/${project.id}`]));
  });
});
