import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../testing/app-api';
import { buildProject } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';
import { stubApplicabilityApi } from '../testing/applicability-api';
import { jsonResponse, type FetchCall } from '../../../testing/fetch-stub';
import { ASSESSED, buildSoa, buildSoaHeader, buildSoaItem } from '../testing/applicability-fixtures';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const frameworks = [
  { framework_code: 'EU_AI_ACT', name: 'EU AI Act' },
  { framework_code: 'ISO_IEC_42001', name: 'ISO/IEC 42001' },
];
const project = buildProject({ frameworks });
const page = `/projects/project-detail/${project.id}/scoping`;
const id = (n: number) => `0199a0b2-0000-7000-8000-${String(n).padStart(12, '0')}`;
const items = [
  buildSoaItem(),
  buildSoaItem({
    requirement_id: id(802),
    code: 'A.10.3',
    title: 'Suppliers',
    section: ['Annex A', 'A.10 Third-party and customer relationships'],
    included: false,
    decided_by: 'engine',
    justification: 'Applies when the answer to “Does the organization rely on third parties…” is Yes; this project\'s answer: No',
    reason: 'Does not apply: it applies when the answer to “Does the organization rely on third parties…” is Yes; this project\'s answer to “Does the organization rely on third parties…”: No — A.10.3',
    article: 'A.10.3',
    status: 'out_of_scope',
  }),
  buildSoaItem({ requirement_id: id(803), code: 'A.7.2', title: 'Data for development', status: 'in_progress' }),
];
const decisions = (calls: FetchCall[]) => calls.filter((call) => call.url.includes('/applicability') && call.init.method === 'PUT');

async function open(options: Partial<Parameters<typeof stubApplicabilityApi>[0]> = {}) {
  signIn();
  const api = stubApplicabilityApi({ project, settings: ASSESSED, soa: items, ...options });
  const view = renderApp(page);
  await screen.findByRole('heading', { level: 2, name: 'Scoping' }, { timeout: 10_000 });
  const table = await screen.findByRole('table', { name: 'Statement of applicability' });
  return { ...api, ...view, table, user: userEvent.setup() };
}

const rows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('the scoping page: statement of applicability', () => {
  it('lists every control with its decision, why with its basis, and status, filtered by decision with counts that match', async () => {
    const { user, table } = await open();
    expect(rows(table)).toHaveLength(3);
    const excluded = rows(table)[1]!;
    expect(within(excluded).getByText('Excluded')).toBeInTheDocument();
    expect(within(excluded).getByText(/^Does not apply: .*rely on third parties.*: No — A\.10\.3$/)).toBeInTheDocument();
    expect(within(excluded).getByText('From the scoping answers')).toBeInTheDocument();
    expect(within(excluded).getByText('Not applicable')).toBeInTheDocument();
    expect(within(excluded).getByText('Annex A › A.10 Third-party and customer relationships')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Excluded (1)' }));
    expect(rows(table)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Included (2)' }));
    expect(rows(table)).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'All (3)' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('downloads the statement as CSV under the name the server gives', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:soa');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    try {
      const { user, calls } = await open();
      await user.click(screen.getByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(clicked[0]?.download).toBe('soa-iso-iec-42001.csv');
      expect(await createObjectURL.mock.calls[0]?.[0].text()).toContain('A.6.1.2');
      expect(calls.some((call) => call.url.endsWith('/statement-of-applicability.csv?framework=ISO_IEC_42001'))).toBe(true);
    } finally {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });

  it('excludes a control with a required justification, showing what it moves before it is saved', async () => {
    const { user, calls, table } = await open();
    await user.click(within(rows(table)[2]!).getByRole('button', { name: 'Applicability of A.7.2' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Exclude with justification…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exclude A.7.2' });
    await user.click(within(dialog).getByRole('button', { name: 'Exclude' }));
    expect(within(dialog).getByText('Say why: the justification is what an auditor reads.')).toBeInTheDocument();
    expect(decisions(calls)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Justification' }), 'No model is trained: only a vendor model is used.');
    await user.click(within(dialog).getByRole('button', { name: 'Exclude' }));
    expect(await within(dialog).findByText(/1 requirement will become not applicable/)).toBeInTheDocument();
    expect(decisions(calls).map((call) => call.url.includes('dry_run=true'))).toEqual([true]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText(/A\.7\.2 excluded\. 1 requirement became not applicable/)).toBeInTheDocument();
    expect(JSON.parse(decisions(calls)[1]!.init.body as string)).toEqual({ decision: 'exclude', justification: 'No model is trained: only a vendor model is used.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = within(screen.getByRole('table', { name: 'Statement of applicability' })).getByText(/No model is trained/).closest('tr')!;
    expect(within(row).getByText('Ada Lovelace, 21-11-2026')).toBeInTheDocument();
  });

  it('gives a person’s decision back to the answers', async () => {
    const decided = buildSoaItem({ included: false, decided_by: 'person', justification: 'Out of our hands', decided_at: '2026-11-20T10:00:00Z', status: 'out_of_scope' });
    const { user, calls, table } = await open({ soa: [decided] });
    await user.click(within(rows(table)[0]!).getByRole('button', { name: 'Applicability of A.6.1.2' }));
    await user.click(await screen.findByRole('menuitem', { name: /Give back to the answers/ }));
    const dialog = await screen.findByRole('dialog', { name: /Give back to the answers: A\.6\.1\.2/ });
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Give back' }));
    expect(await screen.findByText('A.6.1.2 given back to the answers.')).toBeInTheDocument();
    expect(JSON.parse(decisions(calls).at(-1)!.init.body as string)).toEqual({ decision: 'engine' });
  });

  it('lets a reader read it, without the row actions', async () => {
    const { table } = await open({ project: buildProject({ frameworks, roles: ['auditor'] }) });
    expect(rows(table)).toHaveLength(3);
    expect(within(table).queryByRole('button', { name: /^Applicability of/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });

  it('shows the EU AI Act statement with its header, each row with why and its article, and the authority-only rows apart and in no count (issue 30, items 16-18)', async () => {
    const euItems = [
      buildSoaItem({ requirement_id: id(901), code: 'Art. 26(1)', title: 'Use per the instructions', section: ['Chapter III'], reason: 'Applies: you are the deployer of an Annex III point 4(a) system — Art. 26(1)', article: 'Art. 26(1)', applies_from: '2027-12-02' }),
      buildSoaItem({
        requirement_id: id(902),
        code: 'Art. 16(a)',
        title: 'Meet Section 2',
        included: false,
        decided_by: 'engine',
        justification: "Applies when the EU AI Act role is Provider; this project's answer: Deployer",
        reason: "Does not apply: it applies when the EU AI Act role is Provider; this project's EU AI Act role: Deployer — Art. 16(a)",
        article: 'Art. 16(a)',
        status: 'out_of_scope',
      }),
    ];
    const authorities = [
      buildSoaItem({ requirement_id: id(903), code: 'Art. 5(5)', title: 'Member States may permit', included: false, decided_by: 'engine', reason: 'Binds public authorities only; shown for reference, neither included nor excluded — Art. 5(5)', article: 'Art. 5(5)', status: 'out_of_scope' }),
    ];
    const deleted = [
      buildSoaItem({ requirement_id: id(904), code: 'Art. 10(5)', title: 'Special-category data for bias correction', included: false, decided_by: 'engine', reason: 'Deleted by Regulation (EU) 2026/1744, see Art. 4a — Art. 10(5)', article: 'Art. 10(5)', status: 'out_of_scope' }),
    ];
    const eu = buildSoa(euItems, { framework_code: 'EU_AI_ACT', framework_name: 'EU AI Act', header: buildSoaHeader(), authorities_only: authorities, deleted });
    const { user } = await open({
      handle: (call) => (call.url.includes('/statement-of-applicability?') && call.url.includes('framework=EU_AI_ACT') ? jsonResponse(200, eu) : undefined),
    });
    await user.click(screen.getByRole('button', { name: 'EU AI Act' }));
    const header = await screen.findByRole('region', { name: 'What the statement was decided on' });
    expect(within(header).getByRole('heading', { name: 'Classification: High-risk' })).toBeInTheDocument();
    expect(within(header).getByText('Recruitment and selection: a use listed in Annex III, so the system is high-risk. (Art. 6(2), Annex III point 4(a))')).toBeInTheDocument();
    expect(within(header).getByText('Deployer')).toBeInTheDocument();
    expect(within(header).getByText('Not answered')).toBeInTheDocument();
    expect(within(header).getByText(/^Answered by Ada Lovelace, /)).toBeInTheDocument();
    expect(within(header).getByText(/High-risk obligations for Annex III systems \(Art\. 113 as amended\), not yet applicable/)).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Statement of applicability' });
    await waitFor(() => expect(rows(table)).toHaveLength(2));
    expect(within(table).getByText('Applies: you are the deployer of an Annex III point 4(a) system — Art. 26(1)')).toBeInTheDocument();
    // The date it applies to this project from, by the basis of its classification (item 15).
    expect(within(table).getByText('From 02-12-2027')).toBeInTheDocument();
    expect(within(table).getByText(/this project's EU AI Act role: Deployer — Art\. 16\(a\)$/)).toBeInTheDocument();
    expect(within(table).queryByText(/Binds public authorities only/)).not.toBeInTheDocument();
    // The counts are over the decided rows only.
    expect(screen.getByRole('button', { name: 'All (2)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Excluded (1)' })).toBeInTheDocument();
    const apart = screen.getByRole('table', { name: 'Binds authorities only' });
    expect(rows(apart)).toHaveLength(1);
    expect(within(apart).getByText('Authorities only')).toBeInTheDocument();
    expect(within(apart).getByText(/— Art\. 5\(5\)$/)).toBeInTheDocument();
    expect(within(apart).queryByRole('button', { name: /^Applicability of/ })).not.toBeInTheDocument();
    // Provisions deleted by an amendment (issue 30, item 13): apart too, with where their content went, in no count.
    expect(within(table).queryByText(/Deleted by Regulation/)).not.toBeInTheDocument();
    const gone = screen.getByRole('table', { name: 'Deleted by amendment' });
    expect(rows(gone)).toHaveLength(1);
    expect(within(gone).getByText('Deleted by Regulation (EU) 2026/1744, see Art. 4a — Art. 10(5)')).toBeInTheDocument();
    expect(within(gone).queryByRole('button', { name: /^Applicability of/ })).not.toBeInTheDocument();
  });

  it('is left out for a project that applies no framework with a statement', async () => {
    signIn();
    stubApplicabilityApi({ project: buildProject({ frameworks: [{ framework_code: 'NIST_AI_RMF', name: 'NIST AI RMF' }] }), settings: ASSESSED });
    renderApp(page);
    await screen.findByRole('heading', { level: 3, name: 'EU AI Act settings' }, { timeout: 10_000 });
    expect(screen.queryByRole('heading', { name: 'Statement of applicability' })).not.toBeInTheDocument();
  });
});
