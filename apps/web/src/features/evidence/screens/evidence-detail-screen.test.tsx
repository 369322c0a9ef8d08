import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProjectMember } from '@aegis/contracts';
import { signIn } from '../../../testing/app-api';
import { ADA, buildProject } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';
import { bodyOf, callsOf, queryOf, stubEvidenceApi } from '../testing/evidence-api';
import { buildEvidenceDetail, buildVersion, CONTROLS, EVIDENCE_ID, RISKS, SHA_1, SHA_2 } from '../testing/evidence-fixtures';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));
vi.mock('../../../lib/save-file', () => ({ saveFile: vi.fn() }));

const owner = buildProject({ roles: ['owner'] });
const page = `/projects/project-detail/${owner.id}/evidence-detail/${EVIDENCE_ID}`;
const evidencePath = `/api/projects/${owner.id}/evidence/${EVIDENCE_ID}`;
const eddie: ProjectMember = { user_id: '0199a0b2-0000-7000-8000-0000000000b3', firstname: 'Eddie', lastname: 'Editor', email: 'editor@demo.local', roles: ['editor'] };

const twoVersions = buildEvidenceDetail({
  version: 2,
  sha256: SHA_2,
  file_name: 'bias-audit-2026-v2.pdf',
  size: 2 * 1024 * 1024,
  assignees: [ADA],
  controls: [{ id: CONTROLS[0]!.id, control_code: 'MFF-1.RSK.01', title: 'Risk management system', status: 'in_progress', score: 0.82, score_result: 'passed', score_reason: 'The audit covers the risk register.' }],
  versions: [
    buildVersion(),
    buildVersion({ id: '0199a0b2-0000-7000-8000-0000000001d2', version: 2, file_name: 'bias-audit-2026-v2.pdf', size: 2 * 1024 * 1024, sha256: SHA_2, text_status: 'failed', text_error: 'The PDF is encrypted' }),
  ],
});

async function open(options: Partial<Parameters<typeof stubEvidenceApi>[0]> = {}, project = owner) {
  signIn();
  const api = stubEvidenceApi({ project, details: [twoVersions], members: [eddie], ...options });
  const view = renderApp(page);
  await screen.findByRole('heading', { level: 2, name: (options.details?.[0] ?? twoVersions).name }, { timeout: 10_000 });
  return { ...api, ...view, user: userEvent.setup() };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('an evidence’s page', () => {
  it('shows its file, size, type and SHA-256 (copied whole), its status and actions, with the Evidence tab current', async () => {
    const { user } = await open();
    const file = document.querySelector<HTMLElement>('dl[aria-label="File"]')!;
    expect(within(file).getByText('bias-audit-2026-v2.pdf')).toBeInTheDocument();
    expect(within(file).getByText('2 MB')).toBeInTheDocument();
    expect(within(file).getByText('PDF')).toBeInTheDocument();
    expect(within(file).getByText(SHA_2)).toBeInTheDocument();
    expect(within(file).getByText('Text could not be read: The PDF is encrypted')).toBeInTheDocument();
    await user.click(within(file).getByRole('button', { name: 'Copy the SHA-256' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(SHA_2);
    expect(await screen.findByText('SHA-256 copied')).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Start' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark out of scope…' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete…' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Project sections' })).getByRole('link', { name: 'Evidence' })).toHaveAttribute('aria-current', 'page');
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Evidence' })).toHaveAttribute('href', `/projects/project-detail/${owner.id}/evidence`);
  }, 90_000);

  it('lists every version with its hash and text status, and downloads each', async () => {
    const { saveFile } = await import('../../../lib/save-file');
    const { user, calls } = await open();
    const versions = section('Versions');
    const rows = within(versions).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Current')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Text could not be read: The PDF is encrypted')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(`${SHA_1.slice(0, 12)}…`)).toBeInTheDocument();
    expect(within(rows[1]!).getByText('1.5 MB')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Ada Lovelace')).toBeInTheDocument();
    await user.click(within(versions).getByRole('button', { name: 'Download version 1' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.anything(), 'bias-audit-2026.pdf'));
    const download = calls.find((call) => call.url.startsWith(`${evidencePath}/download`))!;
    expect(queryOf(download)).toEqual({ version: '1' });
  }, 90_000);

  it('uploads a new version (through the progress-reporting upload), which becomes the current one', async () => {
    const { user, calls } = await open();
    await user.click(within(section('Versions')).getByRole('button', { name: 'Upload new version' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload a new version of “Bias audit 2026”' });
    const file = new File(['%PDF-1.7 new'], 'bias-audit-2026-v3.pdf', { type: 'application/pdf' });
    await user.upload(within(dialog).getByLabelText('Choose a file', { selector: 'input' }), file);
    await user.click(within(dialog).getByRole('button', { name: 'Upload new version' }));
    await waitFor(() => expect(callsOf(calls, `${evidencePath}/versions`, 'POST')).toHaveLength(1));
    expect(await screen.findByText('Version 3 of “Bias audit 2026” uploaded')).toBeInTheDocument();
    await waitFor(() => expect(within(section('Versions')).getAllByRole('row')).toHaveLength(4));
  }, 90_000);

  it('says why the file may be neither replaced nor deleted while an approved control holds it', async () => {
    await open({ details: [{ ...twoVersions, held_by_approved_controls: ['MFF-1.DAT.02'] }] });
    const reason = 'Linked to approved control MFF-1.DAT.02: its file cannot be replaced or deleted — reopen the control first.';
    expect(screen.getAllByText(reason).length).toBeGreaterThanOrEqual(1);
    expect(within(section('Versions')).getByRole('button', { name: 'Upload new version' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Delete…' })).not.toBeInTheDocument();
  }, 90_000);

  it('keeps an approved evidence read-only with the reason, and reopens it with a justification', async () => {
    const approved = { ...twoVersions, status: 'approved' as const, locked: true, allowed_transitions: ['in_progress' as const] };
    const { user, calls } = await open({ details: [approved] });
    const details = section('Details');
    expect(within(details).getByText('Approved and locked: reopen it to change its details.')).toBeInTheDocument();
    expect(within(details).queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    expect(within(section('What it proves')).getByRole('button', { name: 'Change links…' })).toBeDisabled();
    expect(within(section('Versions')).getByRole('button', { name: 'Upload new version' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Reopen…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen “Bias audit 2026”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(within(dialog).getByText('Say why it is reopened: the reason is kept in its history')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Why reopen it?' }), 'A newer audit replaces it.');
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(callsOf(calls, evidencePath, 'PATCH')).toHaveLength(1));
    expect(bodyOf(callsOf(calls, evidencePath, 'PATCH')[0]!)).toEqual({ status: 'in_progress', justification: 'A newer audit replaces it.' });
    expect(await within(section('Details')).findByRole('textbox', { name: 'Name' })).toBeInTheDocument();
  }, 90_000);

  it('saves only what changed in its details, the dates as the API keeps them', async () => {
    const { user, calls } = await open();
    const details = section('Details');
    const name = within(details).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Bias audit 2026 (signed)');
    await user.type(within(details).getByRole('textbox', { name: 'Expires on' }), '31-10-2026');
    await user.click(within(details).getByRole('button', { name: 'Save changes' }));
    expect(within(details).getByText('It must expire after its effective date')).toBeInTheDocument();
    const expires = within(details).getByRole('textbox', { name: 'Expires on' });
    await user.clear(expires);
    await user.type(expires, '31-10-2027');
    await user.click(within(details).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsOf(calls, evidencePath, 'PATCH')).toHaveLength(1));
    expect(bodyOf(callsOf(calls, evidencePath, 'PATCH')[0]!)).toEqual({ name: 'Bias audit 2026 (signed)', expires_on: '2027-10-31' });
  }, 90_000);

  it('changes what it proves from the pickers, and shows each control’s relevance', async () => {
    const { user, calls } = await open();
    const links = section('What it proves');
    expect(within(links).getByRole('link', { name: 'MFF-1.RSK.01' })).toBeInTheDocument();
    expect(within(links).getByText('Relevant (82 %)')).toBeInTheDocument();
    expect(within(links).getByText('Linked to no risk yet.')).toBeInTheDocument();
    await user.click(within(links).getByRole('button', { name: 'Change links…' }));
    const dialog = await screen.findByRole('dialog', { name: 'What “Bias audit 2026” proves' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Risks' }));
    await user.click(await screen.findByRole('option', { name: /R-2/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save links' }));
    await waitFor(() => expect(callsOf(calls, evidencePath, 'PATCH')).toHaveLength(1));
    expect(bodyOf(callsOf(calls, evidencePath, 'PATCH')[0]!)).toEqual({ control_ids: [CONTROLS[0]!.id], risk_ids: [RISKS[1]!.id] });
    expect(await within(section('What it proves')).findByRole('link', { name: 'R-2' })).toBeInTheDocument();
  }, 90_000);

  it('names its owners and reviewers', async () => {
    const { user, calls } = await open();
    const people = section('People');
    await user.click(within(people).getByRole('combobox', { name: 'Reviewers' }));
    await user.click(await screen.findByRole('option', { name: /Eddie Editor/ }));
    await user.click(within(people).getByRole('button', { name: 'Save people' }));
    await waitFor(() => expect(callsOf(calls, `${evidencePath}/assignees`, 'PUT')).toHaveLength(1));
    expect(bodyOf(callsOf(calls, `${evidencePath}/assignees`, 'PUT')[0]!)).toEqual({ assignees: [ADA.id], reviewers: [eddie.user_id] });
  }, 90_000);

  it('says so when the project has no such evidence', async () => {
    signIn();
    stubEvidenceApi({ project: owner, details: [] });
    renderApp(page);
    expect(await screen.findByRole('heading', { name: 'Evidence not found' }, { timeout: 10_000 })).toBeInTheDocument();
  }, 90_000);
});
