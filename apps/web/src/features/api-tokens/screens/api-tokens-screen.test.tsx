import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiToken } from '@aegis/contracts';
import { signIn, stubAppApi } from '../../../testing/app-api';
import { buildProject } from '../../../testing/factories';
import { jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, size: 10, pages: items.length ? 1 : 0 });

const laptop: ApiToken = {
  token_id: '0199a0b2-0000-7000-8000-0000000000aa',
  name: 'Laptop',
  prefix: 'aeg_AbCdEf',
  created_at: '2026-11-20T09:30:00Z',
  expires_at: null,
  last_used_at: null,
  rights: null,
  project_id: null,
  project_name: null,
};

const credit = buildProject({ id: '0199a0b2-0000-7000-8000-0000000000c1', name: 'Credit Scoring Model', roles: ['editor'] });
const chatbot = buildProject({ id: '0199a0b2-0000-7000-8000-0000000000c2', name: 'Customer Support Chatbot', roles: ['auditor'] });

type Stub = { projects?: Response | (() => Promise<Response>); post?: (body: Record<string, unknown>) => Response | undefined };

function stubTokens(initial: ApiToken[], { projects = jsonResponse(200, page([credit, chatbot])), post }: Stub = {}) {
  let tokens = [...initial];
  const calls: { method: string; url: string; body?: string }[] = [];
  const fetchMock = stubAppApi({
    handle: ({ url, init }) => {
      if (/^\/api\/organizations\/[^/]+\/projects/.test(url)) {
        calls.push({ method: 'GET', url });
        return typeof projects === 'function' ? projects() : projects.clone();
      }
      if (!url.startsWith('/api/auth/api')) return undefined;
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body as string | undefined });
      if (method === 'GET') return jsonResponse(200, page(tokens));
      if (method === 'POST') {
        const body = JSON.parse(init.body as string) as Record<string, unknown>;
        const refused = post?.(body);
        if (refused) return refused;
        const projectId = (body.project_id as string | undefined) ?? null;
        const created = {
          ...laptop,
          token_id: '0199a0b2-0000-7000-8000-0000000000bb',
          name: body.name as string,
          prefix: 'aeg_Secret',
          project_id: projectId,
          project_name: [credit, chatbot].find((p) => p.id === projectId)?.name ?? null,
          rights: (body.rights as string[] | undefined) ?? null,
        };
        tokens = [created, ...tokens];
        return jsonResponse(201, { ...created, token: 'aeg_SecretValueShownOnce' });
      }
      if (method === 'DELETE') {
        const id = new URL(url, 'http://x').searchParams.get('token_id');
        tokens = tokens.filter((t) => t.token_id !== id);
        return new Response(null, { status: 204 });
      }
      return undefined;
    },
  });
  return { calls, fetchMock };
}

describe('ApiTokensScreen', () => {
  it('shows the empty state, creates a token and shows its secret once', async () => {
    signIn();
    const { calls } = stubTokens([]);
    renderApp('/tokens');
    expect(await screen.findByText('You have no API tokens yet.')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API token' });
    await user.type(within(dialog).getByLabelText(/Name/), 'CI pipeline');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const secret = await screen.findByRole('dialog', { name: 'Token “CI pipeline” created' });
    expect(within(secret).getByText('Copy this token now. It will not be shown again.')).toBeInTheDocument();
    expect(within(secret).getByLabelText('Token')).toHaveValue('aeg_SecretValueShownOnce');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(post.body!)).toMatchObject({ name: 'CI pipeline', expires_at: expect.any(String) });

    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('row', { name: /CI pipeline/ })).toBeInTheDocument();
    expect(screen.queryByText('aeg_SecretValueShownOnce')).not.toBeInTheDocument();
  });

  it('refuses a blank name without calling the API', async () => {
    signIn();
    const { calls } = stubTokens([]);
    renderApp('/tokens');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API token' });
    await user.type(within(dialog).getByLabelText(/Name/), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('deletes a token only after confirmation', async () => {
    signIn();
    const { calls } = stubTokens([laptop]);
    renderApp('/tokens');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete token Laptop' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete token “Laptop”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete token Laptop' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete token “Laptop”?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'DELETE')!.url).toContain(`token_id=${laptop.token_id}`);
    expect(await screen.findByText('You have no API tokens yet.')).toBeInTheDocument();
  });

  it("shows each token's scope: its project and rights, or all of them", async () => {
    signIn();
    stubTokens([
      { ...laptop, token_id: '0199a0b2-0000-7000-8000-0000000000ab', name: 'Pipeline', project_id: credit.id, project_name: credit.name, rights: ['testing_logs:create'] },
      laptop,
    ]);
    renderApp('/tokens');
    expect(await screen.findByRole('columnheader', { name: 'Scope' })).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Pipeline/ })).getByText('Credit Scoring Model · testing_logs:create')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Laptop/ })).getByText('All projects · all rights')).toBeInTheDocument();
  });

  it("creates a pipeline's token narrowed to a project and to pushing test metrics", async () => {
    signIn();
    const { calls } = stubTokens([]);
    renderApp('/tokens');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API token' });
    await user.type(within(dialog).getByLabelText(/Name/), 'Training pipeline');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Project' })).not.toHaveAttribute('aria-disabled'));
    expect(within(dialog).getByText('The token reaches every project you can see.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Project' }));
    await user.click(await screen.findByRole('option', { name: 'Credit Scoring Model' }));
    expect(within(dialog).getByRole('radio', { name: 'All my rights' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Push test metrics only (testing_logs:create)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const secret = await screen.findByRole('dialog', { name: 'Token “Training pipeline” created' });
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(post.body!)).toMatchObject({ name: 'Training pipeline', project_id: credit.id, rights: ['testing_logs:create'] });
    expect(calls.find((c) => c.url.includes('/projects'))!.url).toContain('sort_by=name');
    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Credit Scoring Model · testing_logs:create')).toBeInTheDocument();
  });

  it("opens the creation dialog with the project and the push preset a link asks for (the Testing tab's)", async () => {
    signIn();
    const { calls } = stubTokens([]);
    renderApp(`/tokens?project_id=${credit.id}&rights=testing_logs:create`);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Create API token' });
    expect(within(dialog).getByRole('radio', { name: 'Push test metrics only (testing_logs:create)' })).toBeChecked();
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Project' })).toHaveTextContent('Credit Scoring Model'));
    await user.type(within(dialog).getByLabelText(/Name/), 'Nightly job');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await screen.findByRole('dialog', { name: 'Token “Nightly job” created' });
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body!)).toMatchObject({ project_id: credit.id, rights: ['testing_logs:create'] });
  });

  it('sends neither project nor rights for a token with all of them', async () => {
    signIn();
    const { calls } = stubTokens([]);
    renderApp('/tokens');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API token' });
    await user.type(within(dialog).getByLabelText(/Name/), 'Laptop');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await screen.findByRole('dialog', { name: 'Token “Laptop” created' });
    const body = JSON.parse(calls.find((c) => c.method === 'POST')!.body!);
    expect(body).not.toHaveProperty('project_id');
    expect(body).not.toHaveProperty('rights');
  });

  it('refuses the push preset on a project where the user cannot push, without calling the API', async () => {
    signIn();
    const { calls } = stubTokens([]);
    renderApp('/tokens');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API token' });
    await user.type(within(dialog).getByLabelText(/Name/), 'Audit export');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Project' })).not.toHaveAttribute('aria-disabled'));
    await user.click(within(dialog).getByRole('combobox', { name: 'Project' }));
    await user.click(await screen.findByRole('option', { name: 'Customer Support Chatbot' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Push test metrics only (testing_logs:create)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('You do not hold testing_logs:create on Customer Support Chatbot')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("shows the API's refusal of a right next to the rights", async () => {
    signIn();
    const message = 'You do not hold testing_logs:create';
    stubTokens([], { post: () => jsonResponse(422, { detail: message, code: 'unprocessable_content', errors: [{ path: 'body.rights.0', message }] }) });
    renderApp('/tokens');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API token' });
    await user.type(within(dialog).getByLabelText(/Name/), 'Everywhere');
    await user.click(within(dialog).getByRole('radio', { name: 'Push test metrics only (testing_logs:create)' }));
    expect(within(dialog).getByText('Choose a project too, so that the secret cannot push to the others.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create API token' })).toBeInTheDocument();
  });

  it('says when the user sees no project, and while the projects load', async () => {
    signIn();
    let answer: (response: Response) => void = () => undefined;
    stubTokens([], { projects: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp('/tokens');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API token' });
    expect(await within(dialog).findByText('Loading projects…')).toBeInTheDocument();
    answer(jsonResponse(200, page([])));
    expect(await within(dialog).findByText('You see no project yet: the token reaches the projects you will be given.')).toBeInTheDocument();
  });
});
