import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CurrentUser, Tag } from '@aegis/contracts';
import { signIn, stubAppApi } from '../../../testing/app-api';
import { buildCurrentUser, DEMO_ORGANIZATION } from '../../../testing/factories';
import { jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

const TAGS_URL = `/api/organizations/${DEMO_ORGANIZATION.id}/tags`;

const admin = buildCurrentUser({ organization_rights: { [DEMO_ORGANIZATION.id]: ['organizations:update', 'tags:read', 'users:read'] } });
const member = buildCurrentUser({
  firstname: 'Mia',
  lastname: 'Member',
  roles: ['member'],
  organization_roles: [{ organization_id: DEMO_ORGANIZATION.id, role: 'member' }],
  organization_rights: { [DEMO_ORGANIZATION.id]: ['tags:read', 'users:read', 'frameworks:read'] },
});

function buildTag(overrides: Partial<Tag> = {}): Tag {
  return { tag_id: '0199a0b2-0000-7000-8000-0000000000c1', name: 'GDPR', color: '#1e88e5', created_at: '2026-05-01T08:00:00Z', ...overrides };
}

type Call = { method: string; url: string; body: unknown };

/** The tag endpoints over an in-memory list, as the server would keep it. */
function stubTags(initial: Tag[], user: CurrentUser = admin) {
  let tags = [...initial];
  const calls: Call[] = [];
  stubAppApi({
    user,
    handle: ({ url, init }) => {
      if (!url.startsWith(TAGS_URL)) return undefined;
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(init.body as string) as Partial<Tag>) : undefined;
      calls.push({ method, url, body });
      const id = url.split('?')[0]!.slice(TAGS_URL.length + 1);
      if (method === 'GET') return jsonResponse(200, { items: tags, total: tags.length, page: 1, size: 10, pages: tags.length ? 1 : 0 });
      if (method === 'POST') {
        if (tags.some((t) => t.name.toLowerCase() === body!.name!.toLowerCase())) {
          return jsonResponse(409, { detail: `A tag named ${body!.name} already exists`, code: 'conflict' });
        }
        const created = buildTag({ tag_id: '0199a0b2-0000-7000-8000-0000000000c9', name: body!.name!, color: body!.color! });
        tags = [...tags, created];
        return jsonResponse(201, created);
      }
      if (method === 'PATCH') {
        tags = tags.map((t) => (t.tag_id === id ? { ...t, ...body } : t));
        return jsonResponse(200, tags.find((t) => t.tag_id === id));
      }
      if (method === 'DELETE') {
        tags = tags.filter((t) => t.tag_id !== id);
        return new Response(null, { status: 204 });
      }
      return undefined;
    },
  });
  return { calls, writes: () => calls.filter((c) => c.method !== 'GET') };
}

const gdpr = buildTag();
const safety = buildTag({ tag_id: '0199a0b2-0000-7000-8000-0000000000c2', name: 'Safety', color: '#e53935' });

/** Opens the screen and waits for it: the first visit loads its chunks. */
async function open() {
  signIn();
  renderApp('/organization/customization');
  await screen.findByRole('heading', { level: 2, name: 'Customization' });
}

describe('OrganizationCustomizationScreen', () => {
  it('lists the tags with their colours', async () => {
    stubTags([gdpr, safety]);
    await open();
    const row = await screen.findByRole('row', { name: /GDPR/ });
    expect(within(row).getByText('#1e88e5')).toBeInTheDocument();
    expect(within(row).getByText('01-05-2026')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Safety/ })).toHaveTextContent('#e53935');
    expect(screen.getByRole('heading', { level: 2, name: 'Customization' })).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    stubTags([]);
    await open();
    expect(await screen.findByText('No tags yet. Tags label controls, risks and evidence across projects.')).toBeInTheDocument();
  });

  it('adds a tag with a preset colour', async () => {
    const { writes } = stubTags([]);
    await open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add tag' });
    // The API's default colour is the starting point.
    expect(within(dialog).getByLabelText('Colour')).toHaveValue('#5c6bc0');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' Privacy ');
    const presets = within(dialog).getByRole('group', { name: 'Preset colours' });
    await user.click(within(presets).getByRole('button', { name: 'Red' }));
    expect(within(presets).getByRole('button', { name: 'Red' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByLabelText('Colour')).toHaveValue('#e53935');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByRole('row', { name: /Privacy/ })).toBeInTheDocument();
    expect(writes()).toEqual([{ method: 'POST', url: TAGS_URL, body: { name: 'Privacy', color: '#e53935' } }]);
  });

  it('refuses a blank name without calling the API, and keeps the dialog open on a duplicate', async () => {
    const { writes } = stubTags([gdpr]);
    await open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add tag' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'gdpr');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('A tag named gdpr already exists')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add tag' })).toBeInTheDocument();
  });

  it('renames a tag, and recolours it with the colour picker', async () => {
    const { writes } = stubTags([gdpr]);
    await open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit tag GDPR' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit tag “GDPR”' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Data protection');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('row', { name: /Data protection/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit tag Data protection' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit tag “Data protection”' });
    fireEvent.change(within(dialog).getByLabelText('Colour'), { target: { value: '#123456' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('row', { name: /Data protection/ })).toHaveTextContent('#123456'));

    const url = `${TAGS_URL}/${gdpr.tag_id}`;
    expect(writes()).toEqual([
      { method: 'PATCH', url, body: { name: 'Data protection' } },
      { method: 'PATCH', url, body: { color: '#123456' } },
    ]);
  });

  it('deletes a tag only after confirmation', async () => {
    const { writes } = stubTags([gdpr, safety]);
    await open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete tag GDPR' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete tag “GDPR”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete tag GDPR' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete tag “GDPR”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    // While a dialog is open the page behind it is hidden from the accessibility tree: wait for it to close.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('row', { name: /GDPR/ })).not.toBeInTheDocument());
    expect(writes()).toEqual([{ method: 'DELETE', url: `${TAGS_URL}/${gdpr.tag_id}`, body: undefined }]);
    expect(screen.getByRole('row', { name: /Safety/ })).toBeInTheDocument();
  });

  it('shows a member the tags without any way to change them', async () => {
    stubTags([gdpr], member);
    await open();
    expect(await screen.findByRole('row', { name: /GDPR/ })).toBeInTheDocument();
    expect(screen.getByText(/Only organization admins can change them/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add tag' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit tag/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete tag/ })).not.toBeInTheDocument();
  });
});
