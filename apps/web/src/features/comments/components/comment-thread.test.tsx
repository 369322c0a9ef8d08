import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Comment } from '@aegis/contracts';
import { signIn } from '../../../testing/app-api';
import { buildComment, buildCurrentUser, buildProject } from '../../../testing/factories';
import { jsonResponse, type FetchCall } from '../../../testing/fetch-stub';
import { stubProjectApi } from '../../../testing/project-api';
import { renderApp } from '../../../testing/render-app';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const project = buildProject({ roles: ['reviewer'] });
const threadPath = `/api/projects/${project.id}/comments/project/${project.id}`;
const bob = { id: '0199a0b2-0000-7000-8000-0000000000b2', name: 'Bob Member', email: 'bob@demo.local' };
const numbered = (count: number): Comment[] =>
  Array.from({ length: count }, (_, index) =>
    buildComment({ comment_id: `0199a0b2-0000-7000-8000-${String(index + 1).padStart(12, '0')}`, body: `Comment ${index + 1}` }),
  );

/** The project's dashboard, where the project's own thread is. */
async function openThread(options: Partial<Parameters<typeof stubProjectApi>[0]> = {}) {
  signIn();
  const api = stubProjectApi({ project, ...options });
  const view = renderApp(`/projects/project-detail/${project.id}`);
  const thread = await screen.findByRole('region', { name: 'Comments' });
  return { ...api, ...view, thread, user: userEvent.setup() };
}

const posts = (calls: FetchCall[]) => calls.filter((call) => call.init.method === 'POST' && call.url === threadPath);
const shown = (thread: HTMLElement) => within(thread).queryAllByRole('article').map((comment) => within(comment).getAllByText(/./).at(-1)?.textContent);

describe('the comment thread', () => {
  it('shows the comments oldest first with author, time and the text as written (plain text, line breaks kept)', async () => {
    const { thread } = await openThread({
      comments: [
        buildComment({ body: 'First line\nsecond line' }),
        buildComment({ comment_id: '0199a0b2-0000-7000-8000-0000000000e2', author: bob, body: '<b>not bold</b>', created_at: '2026-11-21T10:00:00Z' }),
        buildComment({ comment_id: '0199a0b2-0000-7000-8000-0000000000e3', author: null, body: 'From someone gone' }),
      ],
    });
    const comments = await within(thread).findAllByRole('article');
    expect(comments.map((comment) => comment.getAttribute('aria-label'))).toEqual(['Comment by Ada Lovelace', 'Comment by Bob Member', 'Comment by Former member']);
    expect(within(comments[0]!).getByText(/First line/).textContent).toBe('First line\nsecond line');
    expect(within(comments[1]!).getByText('<b>not bold</b>')).toBeInTheDocument();
    expect(comments[1]!.querySelector('b')).toBeNull();
    expect(within(comments[1]!).getByText(/^\d{2}-11-2026 \d{2}:\d{2}$/)).toHaveAttribute('datetime', '2026-11-21T10:00:00Z');
  });

  it('says there are no comments yet, and keeps the button disabled while the field is empty or blank', async () => {
    const { thread, user } = await openThread();
    expect(await within(thread).findByText('No comments yet')).toBeInTheDocument();
    const button = within(thread).getByRole('button', { name: 'Post comment' });
    expect(button).toBeDisabled();
    await user.type(within(thread).getByRole('textbox', { name: 'Your comment' }), '   ');
    expect(button).toBeDisabled();
    expect(within(thread).getByText('0 / 5000')).toBeInTheDocument();
  });

  it('posts a comment, shows it in the list and clears the field', async () => {
    const { thread, user, calls } = await openThread({ comments: [buildComment({ body: 'Earlier' })] });
    await within(thread).findByText('Earlier');
    const field = within(thread).getByRole('textbox', { name: 'Your comment' });
    await user.type(field, '  Ship it{Shift>}{Enter}{/Shift}after review  ');
    expect(within(thread).getByText('20 / 5000')).toBeInTheDocument();
    await user.click(within(thread).getByRole('button', { name: 'Post comment' }));

    expect(await within(thread).findByText(/^Ship it/)).toBeInTheDocument();
    expect(posts(calls).map((call) => JSON.parse(call.init.body as string))).toEqual([{ body: 'Ship it\nafter review' }]);
    await waitFor(() => expect(field).toHaveValue(''));
    expect(shown(thread)).toEqual(['Earlier', 'Ship it\nafter review']);
    expect(within(thread).getByRole('status')).toHaveTextContent('Comment posted');
  });

  it('keeps an unsent draft on this device, per thread and per person, until it is posted', async () => {
    const first = await openThread();
    await first.user.type(await within(first.thread).findByRole('textbox', { name: 'Your comment' }), 'Half a thought');
    // The session ends (in another tab, say): the page goes, the draft stays.
    first.unmount();

    const again = await openThread();
    const field = await within(again.thread).findByRole('textbox', { name: 'Your comment' });
    expect(field).toHaveValue('Half a thought');
    again.unmount();

    // Someone else signing in on this device does not see it.
    const other = await openThread({ user: buildCurrentUser({ id: bob.id, firstname: 'Bob', lastname: 'Member', email: bob.email }) });
    expect(await within(other.thread).findByRole('textbox', { name: 'Your comment' })).toHaveValue('');
    other.unmount();

    const last = await openThread();
    const draft = await within(last.thread).findByRole('textbox', { name: 'Your comment' });
    expect(draft).toHaveValue('Half a thought');
    await last.user.click(within(last.thread).getByRole('button', { name: 'Post comment' }));
    await waitFor(() => expect(draft).toHaveValue(''));
    expect(posts(last.calls)).toHaveLength(1);
    last.unmount();

    const after = await openThread();
    expect(await within(after.thread).findByRole('textbox', { name: 'Your comment' })).toHaveValue('');
  });

  it('posts with Ctrl+Enter, and with Cmd+Enter, but not with Enter alone', async () => {
    const { thread, user, calls } = await openThread();
    const field = await within(thread).findByRole('textbox', { name: 'Your comment' });
    await user.type(field, 'One{Enter}');
    expect(posts(calls)).toHaveLength(0);
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await within(thread).findByText('One')).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveValue(''));

    await user.type(field, 'Two');
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    expect(await within(thread).findByText('Two')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(2);
  });

  it('does not post an empty comment with Ctrl+Enter', async () => {
    const { thread, user, calls } = await openThread();
    const field = await within(thread).findByRole('textbox', { name: 'Your comment' });
    await user.click(field);
    await user.keyboard('  {Control>}{Enter}{/Control}');
    expect(posts(calls)).toHaveLength(0);
  });

  it('shows the server’s validation message under the field and keeps the text', async () => {
    const { thread, user } = await openThread({
      handle: ({ url, init }) =>
        url === threadPath && init.method === 'POST'
          ? jsonResponse(422, { detail: 'Invalid input', code: 'validation_error', errors: [{ path: 'body.body', message: 'This thread is closed' }] })
          : undefined,
    });
    const field = await within(thread).findByRole('textbox', { name: 'Your comment' });
    await user.type(field, 'Hello');
    await user.click(within(thread).getByRole('button', { name: 'Post comment' }));
    expect(await within(thread).findByText('This thread is closed')).toBeInTheDocument();
    expect(field).toHaveValue('Hello');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/This thread is closed/);
  });

  it('refuses a comment over 5000 characters before sending it', async () => {
    const { thread, user, calls } = await openThread();
    const field = await within(thread).findByRole('textbox', { name: 'Your comment' });
    await user.click(field);
    await user.paste('x'.repeat(5001));
    expect(within(thread).getByText('5001 / 5000')).toBeInTheDocument();
    expect(within(thread).getByText('A comment holds at most 5000 characters')).toBeInTheDocument();
    expect(within(thread).getByRole('button', { name: 'Post comment' })).toBeDisabled();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(posts(calls)).toHaveLength(0);
  });

  it('is read-only for a role that may read but not comment', async () => {
    const { thread } = await openThread({ project: buildProject({ roles: [], rights: ['projects:read', 'comments:read'] }), comments: [buildComment()] });
    expect(await within(thread).findByText('Looks good to me.')).toBeInTheDocument();
    expect(within(thread).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(thread).queryByRole('button', { name: 'Post comment' })).not.toBeInTheDocument();
    expect(within(thread).getByText(/lets you read the comments but not add any/)).toBeInTheDocument();
  });

  it('shows the newest 50 first and the earlier ones on request', async () => {
    const { thread, user, calls } = await openThread({ comments: numbered(120) });
    expect(await within(thread).findByText('Comment 120')).toBeInTheDocument();
    expect(shown(thread)).toHaveLength(20);
    expect(shown(thread)[0]).toBe('Comment 101');
    expect(calls.filter((call) => call.url.startsWith(threadPath)).map((call) => call.url.slice(threadPath.length))).toContain('?page=3&size=50');

    await user.click(within(thread).getByRole('button', { name: 'Show earlier comments (100)' }));
    await waitFor(() => expect(shown(thread)).toHaveLength(70));
    expect(shown(thread)[0]).toBe('Comment 51');
    expect(shown(thread).at(-1)).toBe('Comment 120');
    await user.click(within(thread).getByRole('button', { name: 'Show earlier comments (50)' }));
    await waitFor(() => expect(shown(thread)).toHaveLength(120));
    expect(within(thread).queryByRole('button', { name: /Show earlier comments/ })).not.toBeInTheDocument();
  });

  it('keeps showing the newest comment when posting starts a new page', async () => {
    const { thread, user } = await openThread({ comments: numbered(100) });
    expect(await within(thread).findByText('Comment 100')).toBeInTheDocument();
    await user.click(within(thread).getByRole('button', { name: 'Show earlier comments (50)' }));
    await waitFor(() => expect(shown(thread)).toHaveLength(100));

    await user.type(within(thread).getByRole('textbox', { name: 'Your comment' }), 'Number 101');
    await user.click(within(thread).getByRole('button', { name: 'Post comment' }));
    await waitFor(() => expect(shown(thread).at(-1)).toBe('Number 101'));
    expect(shown(thread)).toHaveLength(101);
  });
});
