import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Project } from '@aegis/contracts';
import { signIn } from '../../../testing/app-api';
import { jsonResponse, type FetchCall } from '../../../testing/fetch-stub';
import { BUILT_IN_FRAMEWORKS, buildOrganizationConfig, buildProject } from '../../../testing/factories';
import { buildProjectFramework } from '../../../testing/framework-factories';
import { stubProjectApi } from '../../../testing/project-api';
import { renderApp } from '../../../testing/render-app';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const euAiAct = buildProjectFramework();

async function open(project: Project, { path = '', contentManagement = false, applied = [euAiAct], handle = undefined as ((call: FetchCall) => Response | undefined) | undefined } = {}) {
  signIn();
  const api = stubProjectApi({
    project,
    handle,
    organizationConfig: buildOrganizationConfig({ content_management_enabled: contentManagement }),
    frameworks: { templates: BUILT_IN_FRAMEWORKS.map((f) => ({ ...f })), projectFrameworks: { [project.id]: applied.map((f) => ({ ...f })) } },
  });
  const view = renderApp(`/projects/project-detail/${project.id}${path}`);
  await screen.findByRole('heading', { level: 1, name: project.name });
  return { ...api, ...view, user: userEvent.setup() };
}

const card = () => screen.findByRole('region', { name: 'Frameworks' });
const posts = (calls: { url: string; init: RequestInit }[]) =>
  calls.filter((c) => c.init.method === 'POST' && c.url.includes('/frameworks')).map((c) => ({ url: c.url, body: JSON.parse(c.init.body as string) as unknown }));

describe('the project dashboard’s Frameworks card', () => {
  it('shows each applied framework’s progress, with the counts by status as text', async () => {
    await open(buildProject({ roles: ['reviewer'] }));
    const frameworks = await card();
    const bar = await within(frameworks).findByRole('progressbar', { name: 'EU AI Act: 10 of 40 controls approved' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(within(frameworks).getByText('10 of 40 controls approved (25 %)')).toBeInTheDocument();
    const statuses = within(frameworks).getByRole('list', { name: 'EU AI Act: controls by status' });
    // Compact: only the statuses that have controls.
    expect(within(statuses).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ready: 20', 'In progress: 8', 'In review: 2', 'Approved: 10']);
    expect(within(frameworks).getByRole('link', { name: 'EU AI Act' })).toHaveAttribute('href', '/organization/frameworks/EU_AI_ACT');
    // A reviewer applies nothing and removes nothing.
    expect(within(frameworks).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lets an editor apply a framework the project does not follow yet, one plain call each', async () => {
    const project = buildProject({ roles: ['editor'] });
    const { user, calls } = await open(project);
    const frameworks = await card();
    expect(within(frameworks).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    await user.click(await within(frameworks).findByRole('button', { name: 'Apply framework' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply frameworks' });
    const options = await within(dialog).findAllByRole('checkbox');
    expect(options.map((o) => o.closest('label')?.textContent)).toEqual(['ISO/IEC 42001221 requirements · 96 controls', 'NIST AI RMF221 requirements · 96 controls']);

    // Nothing chosen: the schema's message, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByText('Choose at least one framework')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('checkbox', { name: /ISO\/IEC 42001/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /NIST AI RMF/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(calls)).toEqual([
      { url: `/api/projects/${project.id}/frameworks`, body: { framework_code: 'ISO_IEC_42001' } },
      { url: `/api/projects/${project.id}/frameworks`, body: { framework_code: 'NIST_AI_RMF' } },
    ]);
    expect(await within(await card()).findByRole('link', { name: 'NIST AI RMF' })).toBeInTheDocument();
    expect(within(await card()).getByRole('progressbar', { name: 'ISO/IEC 42001: 0 of 12 controls approved' })).toBeInTheDocument();
    expect(screen.getByText('2 frameworks applied')).toBeInTheDocument();
  });

  it('applies several in one v1 call where content management is on', async () => {
    const project = buildProject({ roles: ['editor'] });
    const { user, calls } = await open(project, { contentManagement: true, applied: [] });
    const frameworks = await card();
    expect(await within(frameworks).findByText('No frameworks applied yet. Apply one to set up its requirements and controls.')).toBeInTheDocument();
    await user.click(within(frameworks).getByRole('button', { name: 'Apply framework' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply frameworks' });
    await user.click(await within(dialog).findByRole('checkbox', { name: /EU AI Act/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /NIST AI RMF/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(calls)).toEqual([{ url: `/api/v1/projects/${project.id}/frameworks`, body: ['EU_AI_ACT', 'NIST_AI_RMF'] }]);
  });

  it('says when every framework is applied already', async () => {
    const { user } = await open(buildProject({ roles: ['editor'] }), {
      applied: BUILT_IN_FRAMEWORKS.map((f) => buildProjectFramework({ framework_code: f.framework_code, name: f.name })),
    });
    await user.click(await within(await card()).findByRole('button', { name: 'Apply framework' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply frameworks' });
    expect(await within(dialog).findByText(/This project applies every framework your organization offers/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
  });
});

describe('the project settings’ Frameworks section', () => {
  it('lists the frameworks with details and removes one after its name is typed, saying what is kept', async () => {
    const project = buildProject({ roles: ['owner'] });
    const { user, calls } = await open(project, { path: '/settings', applied: [euAiAct, buildProjectFramework({ framework_code: 'NIST_AI_RMF', name: 'NIST AI RMF', version: '1.0' })] });
    const section = await screen.findByRole('region', { name: 'Frameworks' });
    expect(await within(section).findByText(/Version 2024\/1689 · 221 requirements · 40 controls · applied/)).toBeInTheDocument();
    expect(within(section).getByRole('list', { name: 'EU AI Act: controls by status' })).toHaveTextContent('Out of scope: 0');
    expect(within(section).getByRole('button', { name: 'Apply a framework' })).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Remove NIST AI RMF' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove NIST AI RMF?' });
    expect(dialog).toHaveAccessibleDescription(/Controls that the project’s other frameworks also map to stay as they are.*their history is kept/);
    const confirm = within(dialog).getByRole('button', { name: 'Remove framework' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Framework name' }), 'NIST AI RMF');
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.init.method === 'DELETE' && c.url === `/api/projects/${project.id}/frameworks/NIST_AI_RMF`)).toBe(true);
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Frameworks' })).queryByText('NIST AI RMF')).not.toBeInTheDocument());
  });

  // Issue 29, item 5: the API refuses to detach approved controls; the dialog says why, in its words.
  it('shows the API’s reason when the removal is refused, and keeps the framework', async () => {
    const project = buildProject({ roles: ['owner'] });
    const detail = 'NIST AI RMF cannot be removed: 2 approved controls would go with it (MFF-1.GOV.01, MFF-1.GOV.02). An approved control is locked: reopen them first (each with a reason, kept in their history), then try again';
    const refuse = (call: FetchCall) => (call.init.method === 'DELETE' && call.url.endsWith('/frameworks/NIST_AI_RMF') ? jsonResponse(409, { detail, code: 'locked' }) : undefined);
    const { user } = await open(project, { path: '/settings', applied: [euAiAct, buildProjectFramework({ framework_code: 'NIST_AI_RMF', name: 'NIST AI RMF', version: '1.0' })], handle: refuse });
    const section = await screen.findByRole('region', { name: 'Frameworks' });
    await user.click(await within(section).findByRole('button', { name: 'Remove NIST AI RMF' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove NIST AI RMF?' });
    expect(dialog).toHaveAccessibleDescription(/Approved controls are locked/);
    await user.type(within(dialog).getByRole('textbox', { name: 'Framework name' }), 'NIST AI RMF');
    await user.click(within(dialog).getByRole('button', { name: 'Remove framework' }));
    expect(await within(dialog).findByText(detail)).toBeInTheDocument();
    // The dialog stays open on the reason; behind it, the framework is still listed.
    expect(screen.getByRole('dialog', { name: 'Remove NIST AI RMF?' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Frameworks', hidden: true })).getByRole('button', { name: 'Remove NIST AI RMF', hidden: true })).toBeInTheDocument();
  });
});
