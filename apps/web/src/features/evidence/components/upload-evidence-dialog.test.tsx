import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileTooLargeMessage, MAX_EVIDENCE_BYTES } from '@aegis/contracts';
import { createQueryClient } from '../../../app/query-client';
import { NotifierProvider } from '../../../lib/notifier';
import { signIn } from '../../../testing/app-api';
import { buildProject } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';
import { stubEvidenceApi } from '../testing/evidence-api';
import { buildEvidenceDetail } from '../testing/evidence-fixtures';
import { ManualXhr } from '../testing/manual-xhr';
import { UploadEvidenceDialog } from './upload-evidence-dialog';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const owner = buildProject({ roles: ['owner'] });
const page = `/projects/project-detail/${owner.id}/evidence`;

/** A file of `size` bytes without holding them: the dialog reads only its name and size before sending. */
function fileOf(name: string, size: number, type = 'application/pdf'): File {
  const file = new File(['%PDF-1.7'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const entry = (name: string) => within(screen.getByRole('list', { name: 'Files to upload' })).getByRole('listitem', { name });

async function openDialog() {
  signIn();
  const api = stubEvidenceApi({ project: owner, items: [] });
  // After the stub: uploads go through an XMLHttpRequest the test answers.
  vi.stubGlobal('XMLHttpRequest', ManualXhr);
  renderApp(page);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Upload evidence' }, { timeout: 10_000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Upload evidence' });
  return { ...api, user, dialog };
}

function drop(files: File[]) {
  fireEvent.drop(screen.getByTestId('evidence-drop-zone'), { dataTransfer: { files, types: ['Files'] } });
}

beforeEach(() => ManualXhr.reset());
afterEach(() => {
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('uploading evidence', () => {
  it('refuses a file over 100 MB before sending a byte, naming it in the red notice, and uploads the others with their progress', async () => {
    const { user, dialog } = await openDialog();
    drop([fileOf('policy.pdf', 2048), fileOf('huge-logs.zip', MAX_EVIDENCE_BYTES + 1, 'application/zip'), fileOf('model-card.png', 4096, 'image/png')]);

    expect(await screen.findByText(fileTooLargeMessage(['huge-logs.zip']))).toBeInTheDocument();
    expect(screen.getByText('Maximum file size is 100MB. Failed to upload files: huge-logs.zip')).toBeInTheDocument();
    expect(within(dialog).queryByRole('listitem', { name: 'huge-logs.zip' })).not.toBeInTheDocument();
    expect(entry('policy.pdf')).toHaveAttribute('data-status', 'idle');
    expect(within(entry('policy.pdf')).getByText('Ready to upload')).toBeInTheDocument();
    expect(within(entry('policy.pdf')).getByText('2 KB')).toBeInTheDocument();
    // Nothing has gone yet.
    expect(ManualXhr.sent).toHaveLength(0);

    const name = within(entry('model-card.png')).getByRole('textbox', { name: 'Name of model-card.png' });
    expect(name).toHaveValue('model-card.png');
    await user.clear(name);
    await user.type(name, 'Model card v3');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Signed off by the model owner.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Expires on' }), '31-12-2027');
    await user.click(within(dialog).getByRole('button', { name: 'Upload 2 files' }));

    await waitFor(() => expect(ManualXhr.sent).toHaveLength(2));
    const [policy, card] = ManualXhr.sent as [ManualXhr, ManualXhr];
    expect(policy.method).toBe('POST');
    expect(policy.url.split('?')[0]).toBe(`/api/projects/${owner.id}/evidence`);
    expect(policy.query).toEqual({ name: 'policy.pdf', description: 'Signed off by the model owner.', expires_on: '2027-12-31' });
    expect(card.query).toMatchObject({ name: 'Model card v3' });
    expect(policy.file?.name).toBe('policy.pdf');
    // With the session's bearer, as every other call.
    expect(policy.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(entry('policy.pdf')).toHaveAttribute('data-status', 'uploading');

    act(() => policy.progress(42, 100));
    expect(await within(entry('policy.pdf')).findByText('Uploading… 42 %')).toBeInTheDocument();
    expect(within(entry('policy.pdf')).getByRole('progressbar', { name: 'Uploading policy.pdf' })).toHaveAttribute('aria-valuenow', '42');
    act(() => policy.progress(100, 100));
    expect(await within(entry('policy.pdf')).findByText(/Uploaded 100 %: storing the file/)).toBeInTheDocument();

    await act(async () => policy.respond(201, buildEvidenceDetail({ id: '0199a0b2-0000-7000-8000-0000000007a1', name: 'policy.pdf' })));
    await waitFor(() => expect(entry('policy.pdf')).toHaveAttribute('data-status', 'uploaded'));
    expect(within(entry('policy.pdf')).getByRole('link', { name: 'Open “policy.pdf”' })).toHaveAttribute('href', `/projects/project-detail/${owner.id}/evidence-detail/0199a0b2-0000-7000-8000-0000000007a1`);

    await act(async () => card.respond(201, buildEvidenceDetail({ id: '0199a0b2-0000-7000-8000-0000000007a2', name: 'Model card v3' })));
    await waitFor(() => expect(entry('model-card.png')).toHaveAttribute('data-status', 'uploaded'));
    expect(await screen.findByText('2 files uploaded')).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('2 of 2 uploaded');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload evidence' })).not.toBeInTheDocument());
  }, 90_000);

  it('refuses a lone file over the limit without sending anything', async () => {
    const { dialog } = await openDialog();
    drop([fileOf('backup.tar', MAX_EVIDENCE_BYTES + 1, 'application/x-tar')]);
    expect(await screen.findByText('Maximum file size is 100MB. Failed to upload files: backup.tar')).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Files to upload' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(ManualXhr.sent).toHaveLength(0);
  }, 90_000);

  it('shows the server’s reason when a file fails, keeps it to correct, and sends it again', async () => {
    const { user, dialog } = await openDialog();
    // The keyboard's way in: the Choose files button opens the picker.
    expect(within(dialog).getByRole('button', { name: 'Choose files' })).toBeEnabled();
    await user.upload(within(dialog).getByLabelText('Choose files', { selector: 'input' }), [fileOf('audit.pdf', 900)]);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(ManualXhr.sent).toHaveLength(1));
    await act(async () => ManualXhr.sent[0]!.respond(503, { detail: 'File storage is unreachable: nothing was stored, try again later', code: 'service_unavailable' }));
    await waitFor(() => expect(entry('audit.pdf')).toHaveAttribute('data-status', 'failed'));
    expect(within(entry('audit.pdf')).getByText('Failed: File storage is unreachable: nothing was stored, try again later')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(ManualXhr.sent).toHaveLength(2));
    await act(async () => ManualXhr.sent[1]!.respond(201, buildEvidenceDetail({ id: '0199a0b2-0000-7000-8000-0000000007a3', name: 'audit.pdf' })));
    await waitFor(() => expect(entry('audit.pdf')).toHaveAttribute('data-status', 'uploaded'));
    expect(await screen.findByText('“audit.pdf” uploaded')).toBeInTheDocument();
  }, 90_000);

  it('checks names and dates before sending', async () => {
    const { user, dialog } = await openDialog();
    drop([fileOf('a.pdf', 10)]);
    const name = within(entry('a.pdf')).getByRole('textbox', { name: 'Name of a.pdf' });
    await user.clear(name);
    await user.type(name, 'reports/a.pdf');
    await user.type(within(dialog).getByRole('textbox', { name: 'Effective date' }), '01-02-2027');
    await user.type(within(dialog).getByRole('textbox', { name: 'Expires on' }), '01-01-2027');
    expect(await within(dialog).findByText('must not contain / or \\ (it is a name, not a path)')).toBeInTheDocument();
    // The only file waits for its name: nothing to upload until it has one.
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();
    await user.clear(name);
    await user.type(name, 'a.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('It must expire after its effective date')).toBeInTheDocument();
    expect(ManualXhr.sent).toHaveLength(0);
  }, 90_000);

  it('says at once which chosen file has a name the server would refuse, and sends the others (issue 29, item 19)', async () => {
    const { user, dialog } = await openDialog();
    drop([fileOf('..', 10), fileOf('b.pdf', 10)]);
    // Before any Upload: the refused name is marked, the valid file is ready.
    expect(await within(entry('..')).findByText('must not contain / or \\ (it is a name, not a path)')).toBeInTheDocument();
    expect(within(entry('b.pdf')).queryByText(/must not/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(ManualXhr.sent).toHaveLength(1));
    expect(ManualXhr.sent[0]!.query).toMatchObject({ name: 'b.pdf' });
    await act(async () => ManualXhr.sent[0]!.respond(201, buildEvidenceDetail({ id: '0199a0b2-0000-7000-8000-0000000007a4', name: 'b.pdf' })));
    await waitFor(() => expect(entry('b.pdf')).toHaveAttribute('data-status', 'uploaded'));
    // The other waits for a name; once given, it goes too.
    expect(within(dialog).queryByRole('button', { name: 'Done' })).not.toBeInTheDocument();
    const name = within(entry('..')).getByRole('textbox', { name: 'Name of ..' });
    await user.clear(name);
    await user.type(name, 'Parent notes');
    expect(within(entry('..')).queryByText(/must not/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(ManualXhr.sent).toHaveLength(2));
    expect(ManualXhr.sent[1]!.query).toMatchObject({ name: 'Parent notes' });
  }, 90_000);

  it('attaches the files to the control it was opened for, echoes the XSRF cookie, and stops what travels when closed', async () => {
    signIn();
    stubEvidenceApi({ project: owner });
    vi.stubGlobal('XMLHttpRequest', ManualXhr);
    document.cookie = 'XSRF-TOKEN=xsrf-123; path=/';
    const onClose = vi.fn();
    const onUploaded = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient({ retry: false })}>
        <MemoryRouter>
          <NotifierProvider>
            <UploadEvidenceDialog projectId={owner.id} open onClose={onClose} componentId="MFF-1.RSK.01" componentLabel="MFF-1.RSK.01" onUploaded={onUploaded} />
          </NotifierProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Upload evidence for MFF-1.RSK.01' });
    drop([fileOf('one.pdf', 10), fileOf('two.pdf', 20)]);
    await user.click(within(dialog).getByRole('button', { name: 'Upload 2 files' }));
    await waitFor(() => expect(ManualXhr.sent).toHaveLength(2));
    expect(ManualXhr.sent[0]!.query).toEqual({ name: 'one.pdf', component_id: 'MFF-1.RSK.01' });
    expect(ManualXhr.sent[0]!.headers.get('X-XSRF-TOKEN')).toBe('xsrf-123');

    const created = buildEvidenceDetail({ id: '0199a0b2-0000-7000-8000-0000000007b1', name: 'one.pdf' });
    await act(async () => ManualXhr.sent[0]!.respond(201, created));
    await waitFor(() => expect(entry('one.pdf')).toHaveAttribute('data-status', 'uploaded'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel uploads' }));
    expect(onClose).toHaveBeenCalled();
    expect(ManualXhr.sent[1]!.aborted).toBe(true);
    // What made it before the cancel exists: the caller learns of it.
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith([created]));
  }, 90_000);
});
