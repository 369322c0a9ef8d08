import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser, FrameworkDetail } from '@aegis/contracts';
import { signIn } from '../../../testing/app-api';
import { buildFrameworkSummary, buildOrganizationConfig, buildUserWithRoles } from '../../../testing/factories';
import { buildFrameworkDetail, buildRequirement } from '../../../testing/framework-factories';
import { stubFrameworksApi } from '../../../testing/frameworks-api';
import { renderApp } from '../../../testing/render-app';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const admin = buildUserWithRoles(['admin']);
const member = buildUserWithRoles(['member']);
const euAiAct = buildFrameworkDetail();

async function open(code: string, { user = member, contentManagement = false, details = { EU_AI_ACT: euAiAct } }: { user?: CurrentUser; contentManagement?: boolean; details?: Record<string, FrameworkDetail> } = {}) {
  signIn();
  const api = stubFrameworksApi({
    user,
    organizationConfig: buildOrganizationConfig({ content_management_enabled: contentManagement }),
    details,
    templates: Object.values(details).map(({ requirements: _r, controls: _c, crosswalk: _x, questionnaire: _q, notice: _n, url: _u, ...summary }) => summary),
  });
  const view = renderApp(`/organization/frameworks/${code}`);
  return { ...api, ...view, user: userEvent.setup() };
}

const tree = () => screen.getByRole('list', { name: 'Requirements' });
const node = (name: RegExp) => within(tree()).getByRole('button', { name });

describe('organization-framework-detail', () => {
  it('says what the framework is and shows its tree closed, each node saying what it holds', async () => {
    await open('EU_AI_ACT');
    expect(await screen.findByRole('heading', { level: 2, name: 'EU AI Act' })).toBeInTheDocument();
    expect(screen.getByText('EU_AI_ACT · version 2024/1689 · European Union')).toBeInTheDocument();
    expect(screen.getByText('Built-in')).toBeInTheDocument();
    expect(screen.getByText('Summaries are our own words; the regulation is the reference.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All frameworks' })).toHaveAttribute('href', '/organization/frameworks');
    expect(screen.getByText('4 requirements and sections.')).toHaveAttribute('role', 'status');

    // Closed: only the top level shows.
    expect(within(tree()).getAllByRole('button').map((b) => b.getAttribute('aria-expanded'))).toEqual(['false', 'false']);
    expect(node(/Ch\. I General provisions/)).toBeInTheDocument();
    // A partly covered requirement says so on its header, never reading as met.
    expect(node(/Art\. 50\(1\).*Partly covered/)).toBeInTheDocument();
    expect(within(tree()).queryByText('Article 4')).not.toBeInTheDocument();
  });

  it('opens a requirement: applies-when in words, its date and notes, mappings with relationship, source and rationale, and what each control also satisfies', async () => {
    const { user } = await open('EU_AI_ACT');
    await user.click(await screen.findByRole('button', { name: /Ch\. I General provisions/ }));
    await user.click(node(/Article 4 AI literacy.*Conditional/));
    expect(within(tree()).getByText('the EU AI Act role is Provider or Deployer')).toBeInTheDocument();
    expect(within(tree()).getByText('02-02-2025')).toBeInTheDocument();
    expect(within(tree()).getByText('Amended by Regulation (EU) 2026/1744.')).toBeInTheDocument();

    const requirement = node(/Art\. 4 Providers and deployers/);
    expect(requirement).toHaveAttribute('aria-expanded', 'false');
    await user.click(requirement);
    expect(requirement).toHaveAttribute('aria-expanded', 'true');
    const details = document.getElementById(requirement.getAttribute('aria-controls')!)!;
    expect(within(details).getByText('Staff operating AI are trained.')).toBeInTheDocument();
    expect(within(details).getByText('The mapped controls together meet this requirement.')).toBeInTheDocument();
    expect(within(details).getByText('MFF-1.LIT.01')).toBeInTheDocument();
    expect(within(details).getByText('Equal')).toBeInTheDocument();
    expect(within(details).getByText('Derived (see the rationale)')).toBeInTheDocument();
    expect(within(details).getByText('Competence and awareness of staff.')).toBeInTheDocument();
    expect(within(details).getByText('Also satisfies:')).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: 'ISO/IEC 42001' })).toHaveAttribute('href', '/organization/frameworks/ISO_IEC_42001');
    expect(within(details).getByText(/GOVERN 2\.2: Training \(Overlaps\)/)).toBeInTheDocument();
  });

  it('flags partial coverage with what is left', async () => {
    const { user } = await open('EU_AI_ACT');
    await user.click(await screen.findByRole('button', { name: /Art\. 50\(1\)/ }));
    const alert = within(tree()).getByText(/Partly covered\./).closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent('The mapped controls do not meet this requirement on their own. What is left: Designing the disclosure into the interface is not covered by any control.');
    // The mapping says so too: the control covers only part of it.
    expect(within(tree()).getAllByText('Partly covered')).toHaveLength(2);
    expect(within(tree()).queryByText('The mapped controls together meet this requirement.')).not.toBeInTheDocument();
  });

  it('searches the tree by code, title, text or control code, keeping and opening the ancestors, and marks the matches', async () => {
    const { user } = await open('EU_AI_ACT');
    const search = await screen.findByRole('searchbox', { name: 'Search requirements' });
    await user.type(search, 'trained');
    await waitFor(() => expect(screen.getByText('1 requirement matches “trained”.')).toBeInTheDocument());
    expect(within(tree()).getAllByRole('button').map((b) => b.textContent?.split(' ')[0])).toEqual(['Ch.', 'Article', 'Art.']);
    expect(node(/Ch\. I/)).toHaveAttribute('aria-expanded', 'true');
    // A match on its text alone opens it, so the reason shows, marked.
    const marks = tree().querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['trained']);

    await user.clear(search);
    await user.type(search, 'mff-1.tra');
    await waitFor(() => expect(screen.getByText('1 requirement matches “mff-1.tra”.')).toBeInTheDocument());
    expect(node(/Art\. 50\(1\)/)).toBeInTheDocument();
    expect(within(tree()).queryByText('General provisions')).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'nothing like this');
    expect(await screen.findByText('No requirement matches “nothing like this”.')).toBeInTheDocument();
    await user.clear(search);
    await waitFor(() => expect(within(tree()).getAllByRole('button')).toHaveLength(2));
  });

  it('expands every section, then collapses everything', async () => {
    const { user } = await open('EU_AI_ACT');
    await user.click(await screen.findByRole('button', { name: 'Expand all sections' }));
    expect(within(tree()).getAllByRole('button', { expanded: true }).map((b) => b.textContent)).toEqual(['Ch. I General provisions', 'Article 4 AI literacyConditional']);
    expect(within(tree()).getAllByRole('button', { expanded: false })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(within(tree()).getAllByRole('button', { expanded: false })).toHaveLength(2);
  });

  it('shows the crosswalk: each control, the requirements here that need it and what it also satisfies elsewhere', async () => {
    const { user } = await open('EU_AI_ACT');
    await user.click(await screen.findByRole('tab', { name: 'Controls and crosswalk (2)' }));
    const controls = screen.getByRole('list', { name: 'Controls' });
    const literacy = within(controls).getByRole('button', { name: /MFF-1\.LIT\.01.*1 requirement here.*Also satisfies 2/ });
    expect(within(controls).getByRole('button', { name: /MFF-1\.TRA\.04.*Only here/ })).toBeInTheDocument();
    await user.click(literacy);
    const panel = document.getElementById(literacy.getAttribute('aria-controls')!)!;
    expect(within(panel).getByText('People who build, run or oversee AI know enough to do it well.')).toBeInTheDocument();
    expect(within(panel).getByText('Art. 4: Providers and deployers ensure sufficient AI literacy (Equal)')).toBeInTheDocument();
    expect(within(panel).getByText('This control also satisfies…')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'NIST AI RMF' })).toHaveAttribute('href', '/organization/frameworks/NIST_AI_RMF');
    expect(within(panel).getByText('7.3: Awareness (Equal)')).toBeInTheDocument();
    expect(within(panel).getByText('Cross-cutting')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search controls' }), 'disclosure');
    await waitFor(() => expect(within(controls).getAllByRole('button')).toHaveLength(1));
  });

  it('keeps the chosen view in the URL, so a reload, the back button or a shared link shows it again', async () => {
    const { user, router, unmount } = await open('EU_AI_ACT');
    await user.click(await screen.findByRole('tab', { name: 'Controls and crosswalk (2)' }));
    expect(router.state.location.search).toBe('?view=controls');
    await user.click(screen.getByRole('tab', { name: 'Requirements' }));
    expect(router.state.location.search).toBe('');
    unmount();

    await open('EU_AI_ACT?view=controls');
    expect(await screen.findByRole('tab', { name: 'Controls and crosswalk (2)', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Controls' })).toBeInTheDocument();
  });

  it('is the older, read-only page while content management is off, even for an admin', async () => {
    await open('EU_AI_ACT', { user: admin, contentManagement: false });
    await screen.findByRole('heading', { level: 2, name: 'EU AI Act' });
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
  });

  it('is the new page with its management actions while content management is on', async () => {
    const { user, calls } = await open('EU_AI_ACT', { user: admin, contentManagement: true });
    const onOff = await screen.findByRole('switch', { name: 'EU AI Act enabled' });
    expect(onOff).toBeChecked();
    await user.click(onOff);
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/platform-frameworks'))).toBe(true));
    expect(screen.getByRole('link', { name: 'Template format (JSON Schema)' })).toHaveAttribute('href', '/api/schemas/framework-template.json');

    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (created.push(blob as Blob), 'blob:x'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Download as template (JSON)' }));
    expect(JSON.parse(await created[0]!.text())).toMatchObject({ framework_code: 'EU_AI_ACT', $schema: 'http://localhost:3000/api/schemas/framework-template.json' });
    // Not its own: no delete.
    expect(screen.queryByRole('button', { name: 'Delete template' })).not.toBeInTheDocument();
  });

  it('shows a member the new page without the actions they may not take', async () => {
    await open('EU_AI_ACT', { user: member, contentManagement: true });
    await screen.findByRole('heading', { level: 2, name: 'EU AI Act' });
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download as template (JSON)' })).toBeInTheDocument();
  });

  it('deletes the organization’s own template from its page and goes back to the list', async () => {
    const acme = buildFrameworkDetail({ ...buildFrameworkSummary({ framework_code: 'ACME', name: 'Acme policy', source: 'organization' }), requirements: [buildRequirement({ code: '1' })] });
    const { user, router } = await open('ACME', { user: admin, contentManagement: true, details: { ACME: acme } });
    expect(await screen.findByText('Your organization')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete template' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/frameworks'));
  });

  it('says when the organization cannot use the framework', async () => {
    await open('NOPE');
    expect(await screen.findByText(/There is no framework NOPE your organization can use/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all frameworks' })).toHaveAttribute('href', '/organization/frameworks');
  });
});
