import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PROJECT_ROLE_RIGHTS, type Project } from '@aegis/contracts';
import { signIn, stubAppApi } from '../../../testing/app-api';
import { BUILT_IN_FRAMEWORKS, buildFrameworkSummary, DEMO_ORGANIZATION } from '../../../testing/factories';
import { jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const ORG = DEMO_ORGANIZATION.id;
const NEW_ID = '0199a0b2-0000-7000-8000-0000000000d1';

/** An own template meant for AI applications only. */
const ACME_AI = buildFrameworkSummary({ framework_code: 'ACME_AI', name: 'Acme AI policy', source: 'organization', project_types: ['ai_application'], description: null, requirement_count: 3, control_count: 4 });

type Options = { limit?: number | null; ai?: number; organization?: number; quotaStatus?: number; postAnswer?: () => Response; frameworks?: typeof BUILT_IN_FRAMEWORKS };

function stubCreation({ limit = 10, ai = 2, organization = 0, quotaStatus = 200, postAnswer, frameworks = [...BUILT_IN_FRAMEWORKS, ACME_AI] }: Options = {}) {
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
      if (path === `/api/organizations/${ORG}/templates`) {
        const type = new URL(url, 'http://x').searchParams.get('project_type');
        const items = frameworks.filter((f) => !type || f.project_types.includes(type as never));
        return jsonResponse(200, { items, total: items.length, page: 1, size: 250, pages: 1 });
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
  await screen.findByRole('heading', { name: 'New project', level: 1 });
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

  it('sends the chosen frameworks in list order', async () => {
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

  it('lists the frameworks for the chosen type, what they are, and drops a choice the new type cannot use', async () => {
    const { user, posts } = await openForm();
    await screen.findByText('2 of 10 AI-application projects used');
    const group = screen.getByRole('group', { name: 'Frameworks' });
    // Named by the framework alone, described by what it is.
    const acme = await within(group).findByRole('checkbox', { name: 'Acme AI policy' });
    expect(acme).toHaveAccessibleDescription('Your organization · 3 requirements · 4 controls');
    expect(within(group).getByRole('checkbox', { name: 'EU AI Act' })).toHaveAccessibleDescription(
      'Built-in · 221 requirements · 96 controls Regulation (EU) 2024/1689 on artificial intelligence.',
    );
    await user.click(acme);
    await user.click(within(group).getByRole('checkbox', { name: /EU AI Act/ }));

    await user.click(screen.getByRole('radio', { name: 'Organization' }));
    await waitFor(() => expect(within(group).queryByRole('checkbox', { name: /Acme AI policy/ })).not.toBeInTheDocument());
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'AIMS');
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ project_type: 'organization', frameworks: ['EU_AI_ACT'] });
  });

  it('says where frameworks come from when the organization has none for the type', async () => {
    await openForm({ frameworks: [] });
    expect(await screen.findByText(/Your organization has no frameworks for this project type/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Organization → Frameworks' })).toHaveAttribute('href', '/organization/frameworks');
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
