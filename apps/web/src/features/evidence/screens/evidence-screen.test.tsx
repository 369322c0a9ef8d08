import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../testing/app-api';
import { buildProject } from '../../../testing/factories';
import { jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { callsOf, queryOf, stubEvidenceApi } from '../testing/evidence-api';
import { buildEvidenceDetail, buildEvidenceListItem, CONTROLS, RISKS } from '../testing/evidence-fixtures';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));
vi.mock('../../../lib/save-file', () => ({ saveFile: vi.fn() }));

const owner = buildProject({ roles: ['owner'] });
const base = `/projects/project-detail/${owner.id}/evidence`;
const listPath = `/api/projects/${owner.id}/evidence`;

const items = [
  buildEvidenceListItem({
    controls: [{ id: CONTROLS[0]!.id, control_code: 'MFF-1.RSK.01', title: 'Risk management system', status: 'in_progress', score: null, score_result: null, score_reason: null }],
    risks: [{ id: RISKS[0]!.id, reference: 'R-1', name: 'Biased outcomes against applicants', status: 'ready' }],
    snippet: 'the yearly «bias» audit of the model',
  }),
  buildEvidenceListItem({
    id: '0199a0b2-0000-7000-8000-0000000000d2',
    name: 'Access log export',
    file_name: 'access.csv',
    file_type: 'csv',
    content_type: 'text/csv',
    size: 512,
    text_status: 'pending',
    effective_date: '2026-10-01',
    expires_on: '2026-11-20',
    expiry_state: 'expired',
    status: 'in_progress',
  }),
  buildEvidenceListItem({ id: '0199a0b2-0000-7000-8000-0000000000d3', name: 'Model card', file_name: 'model-card.png', file_type: 'image', content_type: 'image/png', size: 3 * 1024 ** 3 }),
];

async function open(url = base, options: Partial<Parameters<typeof stubEvidenceApi>[0]> = {}) {
  signIn();
  const api = stubEvidenceApi({ project: owner, items, ...options });
  const view = renderApp(url);
  await screen.findByRole('heading', { level: 2, name: 'Evidence' }, { timeout: 10_000 });
  const lastList = () => queryOf(callsOf(api.calls, listPath).at(-1)!);
  return { ...api, ...view, lastList, user: userEvent.setup() };
}

const search = (router: { state: { location: { search: string } } }) => Object.fromEntries(new URLSearchParams(router.state.location.search));

describe('the Evidence tab', () => {
  it('lists each file with its size, dates, validity, links, the content match and its actions; the tab is current', async () => {
    await open();
    const row = await screen.findByRole('row', { name: /Bias audit 2026/ });
    expect(within(row).getByRole('link', { name: 'Bias audit 2026' })).toHaveAttribute('href', `/projects/project-detail/${owner.id}/evidence-detail/${items[0]!.id}`);
    expect(within(row).getByText('1.5 MB')).toBeInTheDocument();
    expect(within(row).getByText('01-11-2026')).toBeInTheDocument();
    expect(within(row).getByText('No expiry')).toBeInTheDocument();
    expect(within(row).getByText('PDF')).toBeInTheDocument();
    // The content match, highlighted.
    expect(within(row).getByText('bias', { selector: 'mark' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'MFF-1.RSK.01 Risk management system' })).toHaveAttribute('href', `/projects/project-detail/${owner.id}/control-detail/MFF-1.RSK.01`);
    expect(within(row).getByRole('link', { name: 'R-1 Biased outcomes against applicants' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Preview Bias audit 2026' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Download Bias audit 2026' })).toBeInTheDocument();

    const log = screen.getByRole('row', { name: /Access log export/ });
    expect(within(log).getByText('512 Bytes')).toBeInTheDocument();
    expect(within(log).getByText('Expired on 20-11-2026')).toBeInTheDocument();
    expect(within(log).getByText('Reading text…')).toBeInTheDocument();
    expect(within(log).getByText('Nothing yet')).toBeInTheDocument();
    expect(within(log).queryByRole('button', { name: /^Preview/ })).not.toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Model card/ })).getByText('3 GB')).toBeInTheDocument();
    expect(screen.getByText('3 files')).toBeInTheDocument();
    // The server's own order, newest upload first, is the sort shown.
    expect(screen.getByRole('button', { name: 'Uploaded, sorted descending' })).toBeInTheDocument();

    expect(within(screen.getByRole('navigation', { name: 'Project sections' })).getByRole('link', { name: 'Evidence' })).toHaveAttribute('aria-current', 'page');
    // File-type chips, counted by the server.
    const types = screen.getByRole('group', { name: 'File type' });
    expect(within(types).getByRole('button', { name: /^PDF \(1\)/ })).toHaveAttribute('aria-pressed', 'false');
    expect(within(types).getByRole('button', { name: /^CSV \(1\)/ })).toBeInTheDocument();
  }, 90_000);

  it('asks the API for what a shared URL says, and shows the filters it set', async () => {
    const { lastList } = await open(
      `${base}?name=bias&associated_controls=MFF-1.RSK.01&associated_risks=R-1&start_date=2026-01-01&end_date=2026-12-31&file_type=pdf&status=ready&expiry_state=expired&is_assigned_to_me=true&sort_by=size&descending=true&page=2`,
    );
    await waitFor(() =>
      expect(lastList()).toEqual({
        name: 'bias',
        associated_controls: 'MFF-1.RSK.01',
        associated_risks: 'R-1',
        start_date: '2026-01-01',
        end_date: '2026-12-31',
        file_type: 'pdf',
        status: 'ready',
        expiry_state: 'expired',
        is_assigned_to_me: 'true',
        sort_by: 'size',
        descending: 'true',
        page: '2',
        size: '10',
      }),
    );
    expect(screen.getByRole('searchbox', { name: 'Search by name or content' })).toHaveValue('bias');
    expect(screen.getByRole('textbox', { name: 'Effective from' })).toHaveValue('01-01-2026');
    expect(screen.getByRole('textbox', { name: 'Effective until' })).toHaveValue('31-12-2026');
    expect(screen.getByRole('checkbox', { name: 'Assigned to me' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'MFF-1.RSK.01' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'R-1' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /^PDF \(1\)/ })).toHaveAttribute('aria-pressed', 'true');
  }, 90_000);

  it('turns each filter into the URL and the API’s query: file type, dates, controls, risks, search, sort', async () => {
    const { user, router, lastList } = await open();
    await screen.findByRole('row', { name: /Bias audit 2026/ });

    await user.click(screen.getByRole('button', { name: /^CSV \(1\)/ }));
    await waitFor(() => expect(search(router)).toEqual({ file_type: 'csv' }));
    await waitFor(() => expect(lastList()).toMatchObject({ file_type: 'csv' }));

    await user.type(screen.getByRole('textbox', { name: 'Effective from' }), '01-10-2026{Enter}');
    await waitFor(() => expect(search(router)).toMatchObject({ start_date: '2026-10-01' }));
    await user.type(screen.getByRole('textbox', { name: 'Effective until' }), '31-02-2026');
    await user.tab();
    expect(await screen.findByText('Write the date as DD-MM-YYYY')).toBeInTheDocument();
    expect(search(router).end_date).toBeUndefined();

    await user.click(screen.getByRole('combobox', { name: 'Controls' }));
    await user.click(await screen.findByRole('option', { name: /MFF-1.DAT.02/ }));
    await waitFor(() => expect(search(router)).toMatchObject({ associated_controls: 'MFF-1.DAT.02' }));
    await user.click(screen.getByRole('combobox', { name: 'Risks' }));
    await user.click(await screen.findByRole('option', { name: /R-2/ }));
    await waitFor(() => expect(search(router)).toMatchObject({ associated_risks: 'R-2' }));

    // Pasted in one go: on a loaded machine a pause between keys lets the URL catch up mid-word (components/use-url-search-text.ts).
    await user.click(screen.getByRole('searchbox', { name: 'Search by name or content' }));
    await user.paste('drift');
    await waitFor(() => expect(search(router)).toMatchObject({ name: 'drift' }));

    await user.click(screen.getByRole('button', { name: 'Size' }));
    await waitFor(() =>
      expect(lastList()).toEqual({
        file_type: 'csv',
        start_date: '2026-10-01',
        associated_controls: 'MFF-1.DAT.02',
        associated_risks: 'R-2',
        name: 'drift',
        sort_by: 'size',
        descending: 'false',
        page: '1',
        size: '10',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(search(router)).toEqual({ sort_by: 'size' }));
  }, 90_000);

  it('invites to upload when there is no evidence yet, and says when filters match nothing', async () => {
    const { user } = await open(base, { items: [] });
    expect(await screen.findByText(/No evidence yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload the first files' }));
    expect(await screen.findByRole('dialog', { name: 'Upload evidence' })).toBeInTheDocument();
  }, 90_000);

  it('offers no upload, delete or download to a role without those rights', async () => {
    const reader = buildProject({ roles: [], rights: ['projects:read', 'evidences:read', 'controls:read', 'risks:read'] });
    signIn();
    stubEvidenceApi({ project: reader, items });
    renderApp(`/projects/project-detail/${reader.id}/evidence`);
    const row = await screen.findByRole('row', { name: /Bias audit 2026/ }, { timeout: 10_000 });
    expect(within(row).queryByRole('button', { name: /^Download/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload evidence' })).not.toBeInTheDocument();
  }, 90_000);

  it('downloads a file under the name the server gives, and says why when the download is refused (read from the blob)', async () => {
    const { saveFile } = await import('../../../lib/save-file');
    vi.mocked(saveFile).mockClear();
    const refused = `/api/projects/${owner.id}/evidence/${items[1]!.id}/download`;
    const { user } = await open(base, {
      // A download's error body comes as bytes (a blob), not as JSON the client was told to expect.
      handle: (call) => (call.url.split('?')[0] === refused ? new Response(JSON.stringify({ detail: 'The stored file is missing', code: 'not_found' }), { status: 410, headers: { 'Content-Type': 'application/octet-stream' } }) : undefined),
      details: [buildEvidenceDetail(items[0])],
    });
    await user.click(await screen.findByRole('button', { name: 'Download Bias audit 2026' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.anything(), 'bias-audit-2026.pdf'));
    await user.click(screen.getByRole('button', { name: 'Download Access log export' }));
    expect(await screen.findByText('The file could not be downloaded: The stored file is missing')).toBeInTheDocument();
    expect(saveFile).toHaveBeenCalledTimes(1);
  }, 90_000);

  it('deletes after asking, and shows why the server refuses', async () => {
    const path = `/api/projects/${owner.id}/evidence/${items[0]!.id}`;
    let held = true;
    const { user, calls } = await open(base, {
      handle: (call) => {
        if (call.url === path && call.init.method === 'DELETE') {
          return held
            ? jsonResponse(409, { detail: 'Bias audit 2026 is linked to approved control MFF-1.DAT.02 — reopen the control first', code: 'held_by_approved_control' })
            : new Response(null, { status: 204 });
        }
        return undefined;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Bias audit 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Bias audit 2026”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete evidence' }));
    expect(await within(dialog).findByText('Bias audit 2026 is linked to approved control MFF-1.DAT.02 — reopen the control first')).toBeInTheDocument();
    held = false;
    await user.click(within(dialog).getByRole('button', { name: 'Delete evidence' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete “Bias audit 2026”?' })).not.toBeInTheDocument());
    expect(callsOf(calls, path, 'DELETE')).toHaveLength(2);
    expect(await screen.findByText('“Bias audit 2026” deleted')).toBeInTheDocument();
  }, 90_000);

  it('previews a PDF in a frame, fetched with the session', async () => {
    const createObjectURL = vi.fn(() => 'blob:preview');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { user, calls } = await open(base, { details: [buildEvidenceDetail(items[0])] });
    await user.click(await screen.findByRole('button', { name: 'Preview Bias audit 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bias audit 2026' });
    const frame = await within(dialog).findByTitle('Bias audit 2026 (PDF)');
    await waitFor(() => expect(frame).toHaveAttribute('src', 'blob:preview'));
    const download = calls.find((call) => call.url.startsWith(`/api/projects/${owner.id}/evidence/${items[0]!.id}/download`))!;
    expect(queryOf(download)).toEqual({ inline: 'true' });
    expect(new Headers(download.init.headers).get('Authorization')).toMatch(/^Bearer /);
  }, 90_000);
});
