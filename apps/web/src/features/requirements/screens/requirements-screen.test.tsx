import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../testing/app-api';
import { callsOf, query, stubControlsApi } from '../../../testing/controls-api';
import { ADA, buildControlListItem, buildProject, buildProjectFramework, buildRequirement } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const project = buildProject({
  frameworks: [
    { framework_code: 'EU_AI_ACT', name: 'EU AI Act' },
    { framework_code: 'NIST_AI_RMF', name: 'NIST AI RMF' },
  ],
});
const base = `/projects/project-detail/${project.id}/requirements`;
const requirementsPath = `/api/projects/${project.id}/requirements`;
const id = (n: number) => `0199a0b2-0000-7000-8000-${String(n).padStart(12, '0')}`;

const risk = ['Requirements for high-risk AI systems', 'Risk management system'];
const euRequirements = [
  buildRequirement({ id: id(1), code: 'Art. 9(1)', section: risk, status: 'in_progress', controls_by_status: { ready: 1, in_progress: 1, in_review: 0, approved: 1, out_of_scope: 0 }, control_count: 3 }),
  buildRequirement({ id: id(2), code: 'Art. 9(2)', title: 'Identify known and foreseeable risks.', section: risk, coverage: 'partial', coverage_note: 'Testing against misuse is not covered' }),
  buildRequirement({ id: id(3), code: 'Art. 10(1)', title: 'Use quality data sets.', section: ['Requirements for high-risk AI systems', 'Data and data governance'], applicable: false, applicability_reason: 'Applies to providers; the EU AI Act settings say the organization is a deployer', status: 'out_of_scope' }),
];
const nistRequirements = [buildRequirement({ id: id(4), framework_code: 'NIST_AI_RMF', framework_name: 'NIST AI RMF', code: 'GOVERN 1.1', title: 'Legal requirements are understood.', section: ['GOVERN'] })];
const frameworks = [buildProjectFramework(), buildProjectFramework({ framework_code: 'NIST_AI_RMF', name: 'NIST AI RMF', version: '1.0', requirement_count: 72, control_count: 82, controls_by_status: { ready: 82, in_progress: 0, in_review: 0, approved: 0, out_of_scope: 0 } })];

async function open(url = base, requirements = [...euRequirements, ...nistRequirements]) {
  signIn();
  const api = stubControlsApi({ project, frameworks, requirements, controls: [buildControlListItem({ status: 'approved', assignees: [ADA] })] });
  const view = renderApp(url);
  await screen.findByRole('heading', { level: 2, name: 'Requirements' });
  return { ...api, ...view, user: userEvent.setup() };
}

const framework = (name: string) => screen.findByRole('region', { name });

describe('the requirements screen', () => {
  it('shows each applied framework with its progress, and its requirements by section with status and control progress', async () => {
    await open();
    const eu = await framework('EU AI Act');
    expect(within(eu).getByText('3 of 91 approved')).toBeInTheDocument();
    expect(within(eu).getByRole('img', { name: '92 controls: 3 approved, 2 in review, 6 in progress, 80 ready, 1 out of scope' })).toBeInTheDocument();
    expect(await within(eu).findByRole('heading', { level: 4, name: 'Risk management system' })).toBeInTheDocument();
    expect(within(eu).getByRole('heading', { level: 4, name: 'Data and data governance' })).toBeInTheDocument();

    const first = within(eu).getByRole('button', { name: /Art\. 9\(1\)/ }).closest('li')!;
    expect(within(first).getByText('In progress')).toBeInTheDocument();
    expect(within(first).getByText('1 of 3 approved')).toBeInTheDocument();
    const partial = within(eu).getByRole('button', { name: /Art\. 9\(2\)/ }).closest('li')!;
    expect(within(partial).getByText('Partial coverage')).toBeInTheDocument();
    expect(within(partial).getByText(/Testing against misuse is not covered/)).toBeInTheDocument();
    const notApplicable = within(eu).getByRole('button', { name: /Art\. 10\(1\)/ }).closest('li')!;
    expect(within(notApplicable).getByRole('link', { name: 'Not applicable — Applies to providers; the EU AI Act settings say the organization is a deployer' })).toHaveAttribute(
      'href',
      `/projects/project-detail/${project.id}/scoping`,
    );

    const nist = await framework('NIST AI RMF');
    expect(await within(nist).findByRole('button', { name: /GOVERN 1\.1/ })).toBeInTheDocument();
    expect(within(nist).getByText('0 of 82 approved')).toBeInTheDocument();
  });

  it('leads to the scoping page, where what applies is decided', async () => {
    await open();
    expect(screen.getByRole('link', { name: 'Scoping' })).toHaveAttribute('href', `/projects/project-detail/${project.id}/scoping`);
  });

  it('opens a requirement to show its controls, fetched then, each leading to its page', async () => {
    const { user, calls } = await open();
    const eu = await framework('EU AI Act');
    const toggle = await within(eu).findByRole('button', { name: /Art\. 9\(1\)/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(callsOf(calls, `/api/projects/${project.id}/controls`)).toHaveLength(0);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const controls = await within(eu).findByRole('list', { name: 'Controls of EU AI Act Art. 9(1)' });
    expect(query(callsOf(calls, `/api/projects/${project.id}/controls`)[0]!)).toMatchObject({ requirement: id(1) });
    expect(within(controls).getByRole('link', { name: 'MFF-1.RSK.01' })).toHaveAttribute('href', `/projects/project-detail/${project.id}/control-detail/MFF-1.RSK.01`);
    expect(within(controls).getByText('Approved')).toBeInTheDocument();
    expect(within(eu).getByRole('link', { name: 'Open these controls in the controls list' })).toHaveAttribute(
      'href',
      `/projects/project-detail/${project.id}/controls?framework=EU_AI_ACT&requirement=${id(1)}`,
    );
  });

  it('takes its filters from the URL and keeps them there', async () => {
    const { calls, user, router } = await open(`${base}?framework=NIST_AI_RMF&status=ready&name=legal`);
    await framework('NIST AI RMF');
    expect(screen.queryByRole('region', { name: 'EU AI Act' })).not.toBeInTheDocument();
    await waitFor(() => expect(callsOf(calls, requirementsPath).length).toBeGreaterThan(0));
    expect(query(callsOf(calls, requirementsPath)[0]!)).toEqual({ framework: 'NIST_AI_RMF', name: 'legal', status: 'ready', sort_by: 'framework', page: '1', size: '50' });
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('legal');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Completed' }));
    await waitFor(() => expect(router.state.location.search).toBe('?framework=NIST_AI_RMF&status=completed&name=legal'));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await framework('EU AI Act')).toBeInTheDocument();
  });

  it('shows fifty requirements of a framework at a time', async () => {
    const many = Array.from({ length: 60 }, (_, n) => buildRequirement({ id: id(100 + n), code: `Art. ${n + 1}`, section: ['General'] }));
    const { user } = await open(`${base}?framework=EU_AI_ACT`, many);
    const eu = await framework('EU AI Act');
    await within(eu).findByRole('button', { name: /^Art\. 1 / });
    expect(within(eu).getAllByRole('button', { name: /^Art\./ })).toHaveLength(50);
    await user.click(within(eu).getByRole('button', { name: 'Show 10 more (10 left)' }));
    await waitFor(() => expect(within(eu).getAllByRole('button', { name: /^Art\./ })).toHaveLength(60));
    expect(within(eu).queryByRole('button', { name: /Show .* more/ })).not.toBeInTheDocument();
  });

  it('says when the project applies no framework yet', async () => {
    signIn();
    stubControlsApi({ project: buildProject(), frameworks: [] });
    renderApp(`/projects/project-detail/${project.id}/requirements`);
    expect(await screen.findByText(/No frameworks applied yet/)).toBeInTheDocument();
  });
});
