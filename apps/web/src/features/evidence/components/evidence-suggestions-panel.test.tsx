import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ControlDetail, EvidenceSuggestion, EvidenceSuggestionList, Project } from '@aegis/contracts';
import { signIn } from '../../../testing/app-api';
import { callsOf, stubControlsApi } from '../../../testing/controls-api';
import { ADA, buildControlDetail, buildProject } from '../../../testing/factories';
import { jsonResponse, type FetchCall } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));
vi.mock('./upload-evidence-dialog', () => ({ UploadEvidenceDialog: () => null }));

const NOW = '2026-11-21T10:00:00Z';
const id = (n: number) => `0199a0b2-0000-7000-8000-${String(n).padStart(12, '0')}`;

function buildSuggestion(control: ControlDetail, overrides: Partial<EvidenceSuggestion> & { name?: string } = {}): EvidenceSuggestion {
  const { name = 'Risk method', ...rest } = overrides;
  return {
    id: id(601),
    control_id: control.id,
    control_code: control.control_code,
    evidence: { id: id(501), name, file_name: `${name.toLowerCase().replace(/ /g, '-')}.pdf`, file_type: 'pdf', status: 'ready', size: 4096 },
    relevance: 0.74,
    reason: 'The «risk criteria» are agreed by the board and the «method» is published.',
    source: 'full_text',
    status: 'proposed',
    decided_by: null,
    decided_at: null,
    created_at: NOW,
    ...rest,
  };
}

type Options = {
  control?: ControlDetail;
  list?: EvidenceSuggestionList;
  afterRun?: EvidenceSuggestionList;
  /** The server lists only the open proposals (a decided one leaves its answers). */
  onlyProposed?: boolean;
  roles?: Project['roles'];
  handle?: (call: FetchCall) => Response | undefined;
};

/** The control's page, with its suggestions as the server keeps them: a run replaces them with `afterRun`, a decision changes one. */
function renderControl({ control = buildControlDetail(), list = { items: [], ran_at: null, model_used: false }, afterRun, onlyProposed = false, roles = ['owner'], handle }: Options = {}) {
  const project = buildProject({ roles });
  const base = `/api/projects/${project.id}`;
  let state = structuredClone(list);
  signIn();
  const api = stubControlsApi({
    project,
    details: [control],
    handle: (call) => {
      const answer = handle?.(call);
      if (answer) return answer;
      const path = call.url.split('?')[0]!;
      const method = call.init.method ?? 'GET';
      if (path === `${base}/controls/${control.control_code}/evidence`) return jsonResponse(200, { items: [] });
      if (path === `${base}/controls/${control.control_code}/evidence-suggestions`) {
        if (method === 'POST' && afterRun) state = structuredClone(afterRun);
        return jsonResponse(200, onlyProposed ? { ...state, items: state.items.filter((item) => item.status === 'proposed') } : state);
      }
      const decision = path.match(new RegExp(`^${base}/evidence-suggestions/([^/]+)/(accept|dismiss)$`));
      if (decision) {
        const item = state.items.find((suggestion) => suggestion.id === decision[1]);
        if (!item) return jsonResponse(404, { detail: 'No such suggestion', code: 'not_found' });
        Object.assign(item, { status: decision[2] === 'accept' ? 'accepted' : 'dismissed', decided_by: ADA, decided_at: NOW });
        return jsonResponse(200, item);
      }
      return undefined;
    },
  });
  renderApp(`/projects/project-detail/${project.id}/control-detail/${control.control_code}`);
  return { ...api, project, control, base };
}

const panel = () => screen.findByRole('region', { name: 'Suggested evidence' }, { timeout: 10_000 });

describe('EvidenceSuggestionsPanel on a control’s page', () => {
  it('runs the suggestions and lists each proposal with its relevance, highlighted passage and source', async () => {
    const control = buildControlDetail();
    const proposals = [buildSuggestion(control), buildSuggestion(control, { id: id(602), name: 'Model card', relevance: 0.41, source: 'model', reason: 'Describes the model’s limits.' })];
    const { calls, base } = renderControl({ control, afterRun: { items: proposals, ran_at: NOW, model_used: true } });
    const region = await panel();
    expect(await within(region).findByText(/Nothing is linked until someone accepts/)).toBeInTheDocument();
    fireEvent.click(within(region).getByRole('button', { name: 'Suggest evidence' }));
    const list = await within(region).findByRole('list', { name: `Evidence suggested for ${control.control_code}` });
    expect(callsOf(calls, `${base}/controls/${control.control_code}/evidence-suggestions`, 'POST')).toHaveLength(1);
    const first = within(list).getByRole('listitem', { name: 'Risk method' });
    expect(within(first).getByText('Relevance 74%')).toBeInTheDocument();
    expect(within(first).getByText('Full-text match')).toBeInTheDocument();
    const marks = first.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['risk criteria', 'method']);
    expect(within(first).getByRole('link', { name: 'Risk method' })).toHaveAttribute('href', expect.stringContaining(`/evidence-detail/${id(501)}`));
    const second = within(list).getByRole('listitem', { name: 'Model card' });
    expect(within(second).getByText('Ranked by model')).toBeInTheDocument();
    expect(within(second).getByText('Relevance 41%')).toBeInTheDocument();
    expect(within(region).getByText(/Last suggested .*, reranked by the configured model\./)).toBeInTheDocument();
  }, 60_000);

  it('accepts one, which folds away with those decided even when the server lists only open proposals', async () => {
    const control = buildControlDetail();
    const { calls, base } = renderControl({ control, list: { items: [buildSuggestion(control)], ran_at: NOW, model_used: false }, onlyProposed: true });
    const region = await panel();
    fireEvent.click(await within(region).findByRole('button', { name: 'Accept Risk method' }));
    await waitFor(() => expect(within(region).queryByRole('list', { name: /Evidence suggested/ })).toBeNull());
    expect(callsOf(calls, `${base}/evidence-suggestions/${id(601)}/accept`, 'POST')).toHaveLength(1);
    expect(within(region).getByText('No evidence to propose: no other file of the project reaches 20% relevance to this control’s text.')).toBeInTheDocument();
    const toggle = within(region).getByRole('button', { name: 'Show 1 decided' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    const decided = await within(region).findByRole('list', { name: 'Decided suggestions' });
    expect(decided).toHaveTextContent('Accepted by Ada Lovelace on');
    // Its list refreshed after the decision (the link changed evidence) and no longer holds it: still shown, once.
    await waitFor(() => expect(callsOf(calls, `${base}/controls/${control.control_code}/evidence-suggestions`).length).toBeGreaterThan(1));
    expect(within(decided).getAllByRole('listitem')).toHaveLength(1);
  }, 60_000);

  it('dismisses one with a reason', async () => {
    const control = buildControlDetail();
    const { calls, base } = renderControl({ control, list: { items: [buildSuggestion(control)], ran_at: NOW, model_used: false } });
    const region = await panel();
    fireEvent.click(await within(region).findByRole('button', { name: 'Dismiss Risk method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss “Risk method”?' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Why (optional)' }), { target: { value: '  Superseded by v2  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(callsOf(calls, `${base}/evidence-suggestions/${id(601)}/dismiss`, 'POST')).toHaveLength(1));
    expect(JSON.parse(callsOf(calls, `${base}/evidence-suggestions/${id(601)}/dismiss`, 'POST')[0]!.init.body as string)).toEqual({ reason: 'Superseded by v2' });
    expect(await within(region).findByRole('button', { name: 'Show 1 decided' })).toBeInTheDocument();
  }, 60_000);

  it('shows why a run or an acceptance was refused', async () => {
    const control = buildControlDetail();
    renderControl({
      control,
      list: { items: [buildSuggestion(control)], ran_at: NOW, model_used: false },
      handle: (call) => {
        if (call.init.method !== 'POST') return undefined;
        if (call.url.endsWith('/accept')) return jsonResponse(409, { detail: 'This evidence is approved and locked — reopen it first', code: 'locked' });
        if (call.url.endsWith('/evidence-suggestions')) return jsonResponse(429, { detail: 'Too many suggestion runs, try again in a minute', code: 'rate_limited' });
        return undefined;
      },
    });
    const region = await panel();
    fireEvent.click(await within(region).findByRole('button', { name: 'Accept Risk method' }));
    expect(await within(region).findByText('This evidence is approved and locked — reopen it first')).toBeInTheDocument();
    fireEvent.click(within(region).getByRole('button', { name: 'Suggest evidence' }));
    expect(await within(region).findByText('Too many suggestion runs, try again in a minute')).toBeInTheDocument();
  }, 60_000);

  it('accepts nothing while the control is approved, and says why', async () => {
    const approved: ControlDetail = { ...buildControlDetail(), status: 'approved', locked: true };
    renderControl({ control: approved, list: { items: [buildSuggestion(approved)], ran_at: NOW, model_used: false } });
    const region = await panel();
    expect(await within(region).findByRole('button', { name: 'Accept Risk method' })).toBeDisabled();
    expect(within(region).getByText(`${approved.control_code} is approved: reopen it to accept evidence.`)).toBeInTheDocument();
  }, 60_000);

  // Issue 29, item 19: the API proposes nothing below the floor; the panel says what the floor is.
  it('says that files below the relevance floor are not proposed, before a run and when a run proposes none', async () => {
    const control = buildControlDetail();
    renderControl({ control, afterRun: { items: [], ran_at: NOW, model_used: false } });
    const region = await panel();
    expect(await within(region).findByText(/Files below 20% relevance are not proposed\./)).toBeInTheDocument();
    fireEvent.click(within(region).getByRole('button', { name: 'Suggest evidence' }));
    expect(await within(region).findByText('No evidence to propose: no other file of the project reaches 20% relevance to this control’s text.')).toBeInTheDocument();
    expect(within(region).getByText(/Files below 20% relevance are not proposed\./)).toBeInTheDocument();
  }, 60_000);

  it('offers no run or decision to those who may only read', async () => {
    const control = buildControlDetail();
    renderControl({ control, list: { items: [buildSuggestion(control)], ran_at: NOW, model_used: false }, roles: ['auditor'] });
    const region = await panel();
    await within(region).findByRole('list', { name: /Evidence suggested/ });
    expect(within(region).queryByRole('button', { name: /Accept|Dismiss|Suggest evidence/ })).toBeNull();
  }, 60_000);
});
