import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Project } from '@aegis/contracts';
import { signIn, stubAppApi } from '../../../testing/app-api';
import { DEMO_ORGANIZATION } from '../../../testing/factories';
import { jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const ORG = DEMO_ORGANIZATION.id;

const scoring: Project = {
  id: '0199a0b2-0000-7000-8000-0000000000c1',
  organization_id: ORG,
  name: 'Credit scoring',
  project_type: 'ai_application',
  description: '',
  frameworks: [],
  roles: ['owner', 'auditor'],
  rights: ['projects:read'],
  members: 4,
  created_at: '2026-11-20T09:30:00Z',
  updated_at: '2026-11-20T09:30:00Z',
};
const iso: Project = { ...scoring, id: '0199a0b2-0000-7000-8000-0000000000c2', name: 'ISO 42001', project_type: 'organization', roles: ['reviewer'], members: 2 };

type Quota = { projects: number | null; ai?: number; organization?: number };

function stubProjects({ projects = [scoring, iso], quota = { projects: 10, ai: 1, organization: 1 } }: { projects?: Project[]; quota?: Quota | 'error' } = {}) {
  const urls: string[] = [];
  stubAppApi({
    handle: ({ url }) => {
      const path = url.split('?')[0]!;
      if (path === `/api/v1/organizations/${ORG}/quota`) {
        if (quota === 'error') return jsonResponse(500, { detail: 'Boom', code: 'internal_error' });
        return jsonResponse(200, {
          organization_id: ORG,
          plan_quota: { projects: quota.projects },
          used_quota: { projects_ai_application: quota.ai ?? 0, projects_organization: quota.organization ?? 0 },
        });
      }
      if (path !== `/api/organizations/${ORG}/projects`) return undefined;
      urls.push(url);
      const params = new URL(url, 'http://x').searchParams;
      const type = params.get('project_type');
      const name = params.get('name')?.toLowerCase();
      const items = projects.filter((p) => (!type || p.project_type === type) && (!name || p.name.toLowerCase().includes(name)));
      return jsonResponse(200, { items, total: items.length, page: 1, size: 10, pages: items.length ? 1 : 0 });
    },
  });
  return { lastQuery: () => Object.fromEntries(new URL(urls.at(-1)!, 'http://x').searchParams) };
}

describe('ProjectsScreen', () => {
  it('lists the projects with type, roles, members and created date, linking to their detail', async () => {
    signIn();
    const { lastQuery } = stubProjects();
    renderApp('/projects');
    const row = await screen.findByRole('row', { name: /Credit scoring/ });
    expect(screen.getByRole('heading', { name: 'Projects', level: 1 })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Credit scoring' })).toHaveAttribute('href', `/projects/project-detail/${scoring.id}`);
    expect(within(row).getByText('AI application')).toBeInTheDocument();
    expect(within(row).getByText('Owner')).toBeInTheDocument();
    expect(within(row).getByText('Auditor')).toBeInTheDocument();
    expect(within(row).getByText('4')).toBeInTheDocument();
    expect(within(row).getByText(/^\d{2}-11-2026$/)).toBeInTheDocument();
    const isoRow = screen.getByRole('row', { name: /ISO 42001/ });
    expect(within(isoRow).getByText('Organization')).toBeInTheDocument();
    expect(within(isoRow).getByText('Reviewer')).toBeInTheDocument();

    expect(lastQuery()).toEqual({ sort_by: 'name', descending: 'false', page: '1', size: '10' });
    expect(screen.getByRole('link', { name: 'New project' })).toHaveAttribute('href', '/projects/new-project');
  });

  it('sends the name once typing pauses, the type and the sort to the API', async () => {
    signIn();
    const { lastQuery } = stubProjects();
    renderApp('/projects');
    await screen.findByRole('row', { name: /Credit scoring/ });
    const user = userEvent.setup();

    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'cred');
    await waitFor(() => expect(lastQuery().name).toBe('cred'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /ISO 42001/ })).not.toBeInTheDocument());

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'AI application' }));
    await waitFor(() => expect(lastQuery().project_type).toBe('ai_application'));
    expect(lastQuery().name).toBe('cred');

    await user.click(screen.getByRole('button', { name: 'Created' }));
    await waitFor(() => expect(lastQuery().sort_by).toBe('created_at'));
    expect(lastQuery().descending).toBe('false');
    await user.click(screen.getByRole('button', { name: /^Created/ }));
    await waitFor(() => expect(lastQuery().descending).toBe('true'));
    expect(screen.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('invites to create the first project when the organization has none, and says nothing matches a filter', async () => {
    signIn();
    stubProjects({ projects: [] });
    renderApp('/projects');
    expect(await screen.findByText('No projects yet', {})).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your first project' })).toHaveAttribute('href', '/projects/new-project');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'zzz');
    expect(await screen.findByText('No projects match “zzz”.')).toBeInTheDocument();
    expect(screen.queryByText('No projects yet')).not.toBeInTheDocument();
  });

  it('disables New project with the reason when neither type can be created', async () => {
    signIn();
    stubProjects({ quota: { projects: 3, ai: 3, organization: 3 } });
    renderApp('/projects');
    await screen.findByRole('row', { name: /Credit scoring/ });
    const button = await screen.findByRole('button', { name: 'New project' });
    expect(button).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'New project' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/project quota is used up for both project types/)).toBeInTheDocument();
  });

  it('keeps New project enabled while one type is still below the limit', async () => {
    signIn();
    stubProjects({ quota: { projects: 3, ai: 3, organization: 1 } });
    renderApp('/projects');
    expect(await screen.findByRole('link', { name: 'New project' })).toBeInTheDocument();
  });

  it('disables New project when the quota cannot be loaded', async () => {
    signIn();
    stubProjects({ quota: 'error' });
    renderApp('/projects');
    expect(await screen.findByLabelText(/quota could not be loaded/, {})).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New project' })).toBeDisabled();
  });
});
