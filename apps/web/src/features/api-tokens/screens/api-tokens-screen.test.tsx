import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiToken } from '@aegis/contracts';
import { signIn, stubAppApi } from '../../../testing/app-api';
import { jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

const page = (items: ApiToken[]) => ({ items, total: items.length, page: 1, size: 10, pages: items.length ? 1 : 0 });

const laptop: ApiToken = {
  token_id: '0199a0b2-0000-7000-8000-0000000000aa',
  name: 'Laptop',
  prefix: 'aeg_AbCdEf',
  created_at: '2026-11-20T09:30:00Z',
  expires_at: null,
  last_used_at: null,
  rights: null,
};

function stubTokens(initial: ApiToken[]) {
  let tokens = [...initial];
  const calls: { method: string; url: string; body?: string }[] = [];
  const fetchMock = stubAppApi({
    handle: ({ url, init }) => {
      if (!url.startsWith('/api/auth/api')) return undefined;
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body as string | undefined });
      if (method === 'GET') return jsonResponse(200, page(tokens));
      if (method === 'POST') {
        const created = { ...laptop, token_id: '0199a0b2-0000-7000-8000-0000000000bb', name: JSON.parse(init.body as string).name, prefix: 'aeg_Secret' };
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
});
