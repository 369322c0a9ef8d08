import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ControlDetail, EvidenceLight, EvidenceListItem, Project } from '@aegis/contracts';
import { signIn } from '../../../testing/app-api';
import { callsOf, stubControlsApi } from '../../../testing/controls-api';
import { ADA, buildControlDetail, buildProject } from '../../../testing/factories';
import { jsonResponse, type FetchCall } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { stubRisksApi } from '../../risks/testing/risks-api';
import { buildRiskDetail } from '../../risks/testing/risk-fixtures';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));
// The upload dialog is the Evidence tab's (tested there): here, only what the section hands it.
vi.mock('./upload-evidence-dialog', () => ({
  UploadEvidenceDialog: (props: { open: boolean; componentId?: string; componentLabel?: string; onClose: () => void }) =>
    props.open ? (
      <div role="dialog" aria-label="Upload evidence">
        Upload onto {props.componentLabel} ({props.componentId})
        <button type="button" onClick={props.onClose}>
          Close upload
        </button>
      </div>
    ) : null,
}));

const NOW = '2026-11-21T10:00:00Z';
const id = (n: number) => `0199a0b2-0000-7000-8000-${String(n).padStart(12, '0')}`;

function buildEvidence(overrides: Partial<EvidenceListItem> = {}): EvidenceListItem {
  return {
    id: id(501),
    name: 'Risk method',
    description: '',
    status: 'ready',
    file_name: 'risk-method.pdf',
    size: 250_880,
    content_type: 'application/pdf',
    file_type: 'pdf',
    sha256: 'a'.repeat(64),
    version: 2,
    text_status: 'extracted',
    effective_date: '2026-11-01',
    expires_on: null,
    expiry_state: 'none',
    controls: [],
    risks: [],
    assignees: [],
    tags: [],
    review_status: null,
    approval_forced: false,
    snippet: null,
    uploaded_by: ADA,
    uploaded_at: NOW,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
}

const light = (evidence: EvidenceListItem): EvidenceLight => ({ id: evidence.id, name: evidence.name, file_name: evidence.file_name, file_type: evidence.file_type, status: evidence.status, size: evidence.size });

/** The project's evidence and which control or risk each is linked to; PUT and DELETE change it as the server would. */
function evidenceHandler(project: Project, all: EvidenceListItem[], links: Record<string, string[]>, refuse?: (call: FetchCall) => Response | undefined) {
  const base = `/api/projects/${project.id}`;
  return (call: FetchCall): Response | undefined => {
    const path = call.url.split('?')[0]!;
    const method = call.init.method ?? 'GET';
    if (path === `${base}/evidence_list`) {
      const name = new URL(call.url, 'http://x').searchParams.get('name')?.toLowerCase() ?? '';
      const items = all.filter((item) => item.name.toLowerCase().includes(name)).map(light);
      return jsonResponse(200, { items, total: items.length, page: 1, size: 250, pages: 1 });
    }
    const match = path.match(new RegExp(`^${base}/(controls|risks)/([^/]+)/evidence(?:/([^/]+))?$`));
    if (!match) return undefined;
    const key = decodeURIComponent(match[2]!);
    if (method === 'GET' && !match[3]) return jsonResponse(200, { items: all.filter((item) => (links[key] ?? []).includes(item.id)) });
    const refused = refuse?.(call);
    if (refused) return refused;
    const evidenceId = match[3]!;
    if (method === 'PUT') links[key] = [...new Set([...(links[key] ?? []), evidenceId])];
    if (method === 'DELETE') links[key] = (links[key] ?? []).filter((linked) => linked !== evidenceId);
    return new Response(null, { status: 204 });
  };
}

function renderControl({ control = buildControlDetail(), evidence = [] as EvidenceListItem[], links = {} as Record<string, string[]>, roles = ['owner'] as Project['roles'], refuse = undefined as ((call: FetchCall) => Response | undefined) | undefined } = {}) {
  const project = buildProject({ roles });
  const handler = evidenceHandler(project, evidence, links, refuse);
  signIn();
  const api = stubControlsApi({
    project,
    details: [control],
    handle: (call) => {
      if (call.url.split('?')[0]!.endsWith('/evidence-suggestions')) return jsonResponse(200, { items: [], ran_at: null, model_used: false });
      return handler(call);
    },
  });
  const view = renderApp(`/projects/project-detail/${project.id}/control-detail/${control.control_code}`);
  return { ...api, ...view, project, control };
}

const section = () => screen.findByRole('region', { name: 'Evidence' }, { timeout: 10_000 });

describe('LinkedEvidenceSection on a control’s page', () => {
  it('lists the linked files with their type, size, version, expiry and relevance score, each linking to its page', async () => {
    const control = buildControlDetail();
    const scored = buildEvidence({
      expires_on: '2026-11-25',
      expiry_state: 'expiring',
      controls: [{ id: control.id, control_code: control.control_code, title: control.title, status: control.status, score: 0.82, score_result: 'passed', score_reason: 'Matches «risk criteria»' }],
    });
    const expired = buildEvidence({ id: id(502), name: 'Old policy', file_name: 'Old policy', file_type: 'docx', size: 1024, version: 1, expires_on: '2026-10-01', expiry_state: 'expired' });
    const { project } = renderControl({ control, evidence: [scored, expired], links: { [control.control_code]: [scored.id, expired.id] } });
    const region = await section();
    const list = await within(region).findByRole('list', { name: `Evidence linked to ${control.control_code}` });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Risk method' })).toHaveAttribute('href', `/projects/project-detail/${project.id}/evidence-detail/${scored.id}`);
    expect(within(rows[0]!).getByText('risk-method.pdf · PDF · 245 KB · Version 2')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/^Expires (today|tomorrow|in \d+ days)$/)).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Relevance 82%')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Matches «risk criteria»')).toBeInTheDocument();
    // The file's name is the evidence's name: said once.
    expect(within(rows[1]!).getByText('Word document · 1 KB · Version 1')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Expired on 01-10-2026')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText(/Relevance/)).toBeNull();
  }, 60_000);

  it('attaches files the project already has from a picker, leaving out those already linked', async () => {
    const control = buildControlDetail();
    const linked = buildEvidence();
    const other = buildEvidence({ id: id(503), name: 'Model card', file_name: 'model-card.md', file_type: 'markdown', size: 2048 });
    const links = { [control.control_code]: [linked.id] };
    const { calls, project } = renderControl({ control, evidence: [linked, other], links });
    const region = await section();
    await within(region).findByRole('link', { name: 'Risk method' });
    fireEvent.click(within(region).getByRole('button', { name: 'Attach existing…' }));
    const dialog = await screen.findByRole('dialog', { name: `Attach evidence to ${control.control_code}` });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Attach' }));
    expect(await within(dialog).findByText('Choose at least one file')).toBeInTheDocument();
    const input = within(dialog).getByRole('combobox', { name: 'Evidence' });
    fireEvent.change(input, { target: { value: 'mod' } });
    // The picker asks the server for what was typed once typing pauses (the list shown meanwhile is the unfiltered one).
    await waitFor(() => expect(callsOf(calls, `/api/projects/${project.id}/evidence_list`).map((call) => new URL(call.url, 'http://x').searchParams.get('name'))).toContain('mod'));
    const option = await screen.findByRole('option', { name: /Model card/ });
    expect(screen.queryByRole('option', { name: /Risk method/ })).toBeNull();
    fireEvent.click(option);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Attach' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Attach evidence/ })).toBeNull());
    expect(callsOf(calls, `/api/projects/${project.id}/controls/${control.control_code}/evidence/${other.id}`, 'PUT')).toHaveLength(1);
    expect(await within(region).findByRole('link', { name: 'Model card' })).toBeInTheDocument();

  }, 60_000);

  it('unlinks after asking, and shows the server’s refusal in the dialog', async () => {
    const control = buildControlDetail();
    const first = buildEvidence();
    const second = buildEvidence({ id: id(504), name: 'Signed-off policy', status: 'approved' });
    const { calls, project } = renderControl({
      control,
      evidence: [first, second],
      links: { [control.control_code]: [first.id, second.id] },
      refuse: (call) => (call.url.endsWith(second.id) ? jsonResponse(409, { detail: 'This evidence is approved and locked — reopen it first', code: 'locked' }) : undefined),
    });
    const region = await section();
    fireEvent.click(await within(region).findByRole('button', { name: 'Unlink Risk method' }));
    let dialog = await screen.findByRole('dialog', { name: 'Unlink “Risk method”?' });
    expect(dialog).toHaveTextContent('The file stays in the project’s evidence.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(within(region).queryByRole('link', { name: 'Risk method' })).toBeNull());
    expect(callsOf(calls, `/api/projects/${project.id}/controls/${control.control_code}/evidence/${first.id}`, 'DELETE')).toHaveLength(1);

    // Once the dialog has gone (the page is hidden from assistive technology while it closes).
    fireEvent.click(await within(region).findByRole('button', { name: 'Unlink Signed-off policy' }));
    dialog = await screen.findByRole('dialog', { name: 'Unlink “Signed-off policy”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    expect(await within(dialog).findByText('This evidence is approved and locked — reopen it first')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await within(region).findByRole('link', { name: 'Signed-off policy' })).toBeInTheDocument();
  }, 60_000);

  it('uploads a new file onto the control, naming it by its code', async () => {
    const control = buildControlDetail();
    renderControl({ control });
    const region = await section();
    expect(await within(region).findByText(/No evidence is linked to this control yet: attach a file the project already has, or upload a new one/)).toBeInTheDocument();
    fireEvent.click(within(region).getByRole('button', { name: 'Upload new…' }));
    expect(await screen.findByRole('dialog', { name: 'Upload evidence' })).toHaveTextContent(`Upload onto ${control.control_code} (${control.control_code})`);
  }, 60_000);

  it('changes nothing while the control is approved, and says why', async () => {
    const control: ControlDetail = { ...buildControlDetail(), status: 'approved', locked: true };
    const evidence = buildEvidence();
    renderControl({ control, evidence: [evidence], links: { [control.control_code]: [evidence.id] } });
    const region = await section();
    await within(region).findByRole('link', { name: 'Risk method' });
    expect(within(region).getByText(`${control.control_code} is approved: reopen it to change its evidence.`)).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Attach existing…' })).toBeDisabled();
    expect(within(region).getByRole('button', { name: 'Upload new…' })).toBeDisabled();
    expect(within(region).getByRole('button', { name: 'Unlink Risk method' })).toBeDisabled();
  }, 60_000);

  it('offers no change to those who may only read', async () => {
    const control = buildControlDetail();
    const evidence = buildEvidence();
    renderControl({ control, evidence: [evidence], links: { [control.control_code]: [evidence.id] }, roles: ['auditor'] });
    const region = await section();
    await within(region).findByRole('link', { name: 'Risk method' });
    expect(within(region).queryByRole('button')).toBeNull();
  }, 60_000);
});

describe('LinkedEvidenceSection on a risk’s page', () => {
  it('lists the evidence of the treatment and uploads onto the risk by its id', async () => {
    const project = buildProject({ roles: ['owner'] });
    const risk = buildRiskDetail();
    const evidence = buildEvidence({ name: 'Treatment report', risks: [{ id: risk.id, reference: risk.reference, name: risk.name, status: risk.status }] });
    const handler = evidenceHandler(project, [evidence], { [risk.id]: [evidence.id] });
    signIn();
    stubRisksApi({ project, details: [risk], handle: handler });
    renderApp(`/projects/project-detail/${project.id}/risk-detail/${risk.id}`);
    const region = await section();
    expect(await within(region).findByRole('link', { name: 'Treatment report' })).toBeInTheDocument();
    fireEvent.click(within(region).getByRole('button', { name: 'Upload new…' }));
    expect(await screen.findByRole('dialog', { name: 'Upload evidence' })).toHaveTextContent(`Upload onto ${risk.reference} (${risk.id})`);
  }, 60_000);
});
