import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PROJECT_ROLE_RIGHTS, type Project } from '@aegis/contracts';
import { signIn, stubAppApi } from '../../../testing/app-api';
import { DEMO_ORGANIZATION } from '../../../testing/factories';
import { jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const ORG = DEMO_ORGANIZATION.id;
const NEW_ID = '0199a0b2-0000-7000-8000-0000000000d1';

type Options = { limit?: number | null; ai?: number; organization?: number; quotaStatus?: number; postAnswer?: () => Response };

function stubCreation({ limit = 10, ai = 2, organization = 0, quotaStatus = 200, postAnswer }: Options = {}) {
  const posts: unknown[] = [];
  let quotaCalls = 0;
  stubAppApi({
    handle: ({ url, init }) => {
      const path = url.split('?')[0]!;
      if (path === `/api/v1/organizations/${ORG}/quota`) {
        quotaCalls += 1;
        if (quotaStatus !== 200) return jsonResponse(quotaStatus, { detail: 'Boom', code: 'internal_error' });
        return jsonResponse(200, {
          organization_id: ORG,
          plan_quota: { projects: limit },
          used_quota: { projects_ai_application: ai, projects_organization: organization },
        });
      }
      if (path === '/api/projects' && init.method === 'POST') {
        const body = JSON.parse(init.body as string) as Pick<Project, 'name' | 'project_type' | 'description'>;
        posts.push(body);
        if (postAnswer) return postAnswer();
        const project: Project = {
          id: NEW_ID,
          organization_id: ORG,
          ...body,
          frameworks: [],
          roles: ['owner'],
          rights: [...PROJECT_ROLE_RIGHTS.owner],
          members: 1,
          created_at: '2026-11-20T09:30:00Z',
          updated_at: '2026-11-20T09:30:00Z',
        };
        return jsonResponse(201, project);
      }
      return undefined;
    },
  });
  return { posts, quotaCalls: () => quotaCalls };
}

async function openForm(options?: Options) {
  signIn();
  const stub = stubCreation(options);
  const view = renderApp('/projects/new-project');
  await screen.findByRole('heading', { name: 'New project', level: 1 }, { timeout: 5000 });
  return { ...stub, ...view, user: userEvent.setup() };
}

describe('NewProjectScreen', () => {
  it('explains both types and shows the quota of the chosen one', async () => {
    const { user } = await openForm();
    const ai = screen.getByRole('radio', { name: 'AI application' });
    expect(ai).toBeChecked();
    expect(ai).toHaveAccessibleDescription(/credit-scoring model\). Frameworks like the EU AI Act apply to it\./);
    expect(screen.getByRole('radio', { name: 'Organization' })).toHaveAccessibleDescription(/ISO\/IEC 42001 certification/);
    expect(await screen.findByText('2 of 10 AI-application projects used')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Organization' }));
    expect(screen.getByText('0 of 10 organization projects used')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create project' })).toBeEnabled();
  });

  it('says there is no limit when the plan sets none', async () => {
    await openForm({ limit: null, ai: 50 });
    expect(await screen.findByText('No project limit')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create project' })).toBeEnabled();
  });

  it('refuses an empty name without a request', async () => {
    const { user, posts } = await openForm();
    await screen.findByText('2 of 10 AI-application projects used');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    expect(posts).toHaveLength(0);
  });

  it('creates the project, says so and opens its detail', async () => {
    const { user, posts, router, quotaCalls } = await openForm();
    await screen.findByText('2 of 10 AI-application projects used');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '  ISO certification ');
    await user.click(screen.getByRole('radio', { name: 'Organization' }));
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Our AIMS');
    await user.click(screen.getByRole('button', { name: 'Create project' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/project-detail/${NEW_ID}`));
    expect(posts).toEqual([{ name: 'ISO certification', project_type: 'organization', description: 'Our AIMS', frameworks: [] }]);
    expect(await screen.findByText('Project created')).toBeInTheDocument();
    // The quota is fetched again now that one more place is used.
    await waitFor(() => expect(quotaCalls()).toBeGreaterThanOrEqual(2));
  });

  it('sends the chosen frameworks in catalogue order', async () => {
    const { user, posts, router } = await openForm();
    await screen.findByText('2 of 10 AI-application projects used');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Hiring assistant');
    const group = screen.getByRole('group', { name: 'Frameworks' });
    await user.click(within(group).getByRole('checkbox', { name: /NIST AI RMF/ }));
    await user.click(within(group).getByRole('checkbox', { name: /EU AI Act/ }));
    await user.click(within(group).getByRole('checkbox', { name: /ISO\/IEC 42001/ }));
    await user.click(within(group).getByRole('checkbox', { name: /ISO\/IEC 42001/ }));
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/project-detail/${NEW_ID}`));
    expect(posts).toEqual([{ name: 'Hiring assistant', project_type: 'ai_application', description: '', frameworks: ['EU_AI_ACT', 'NIST_AI_RMF'] }]);
  });

  it('puts the server’s field errors next to the fields', async () => {
    const { user } = await openForm({
      postAnswer: () => jsonResponse(422, { detail: 'Invalid input', code: 'validation_error', errors: [{ path: 'body.name', message: 'Name is taken' }] }),
    });
    await screen.findByText('2 of 10 AI-application projects used');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Scoring');
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    expect(await screen.findByText('Name is taken')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Name is taken');
  });

  it('disables Create at the limit of the chosen type and says why', async () => {
    const { user, posts } = await openForm({ limit: 10, ai: 10, organization: 3 });
    expect(
      await screen.findByText('Your plan allows 10 AI-application projects and all are in use. Ask your administrator to raise the quota.'),
    ).toBeInTheDocument();
    expect(screen.getByText('10 of 10 AI-application projects used')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create project' })).toBeDisabled();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Scoring');
    await user.click(screen.getByRole('radio', { name: 'Organization' }));
    expect(screen.getByRole('button', { name: 'Create project' })).toBeEnabled();
    expect(screen.queryByText(/all are in use/)).not.toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });

  it('does not allow creating while the quota cannot be loaded', async () => {
    await openForm({ quotaStatus: 500 });
    expect(await screen.findByText('The project quota could not be loaded, so the project cannot be created yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create project' })).toBeDisabled();
  });
});
