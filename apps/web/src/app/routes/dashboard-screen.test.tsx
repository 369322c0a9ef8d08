import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn, stubAppApi } from '../../testing/app-api';
import { jsonResponse } from '../../testing/fetch-stub';
import { renderApp } from '../../testing/render-app';

describe('DashboardScreen', () => {
  it('is the home screen at / and /dashboard, with its shortcuts', async () => {
    for (const path of ['/', '/dashboard']) {
      signIn();
      stubAppApi();
      const view = renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Hello, Alice Admin!' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: /^Projects/ })).toHaveAttribute('href', '/projects');
      view.unmount();
    }
  });
});

describe('the My work card', () => {
  const project = '0199a0b2-0000-7000-8000-0000000000c1';
  const controls = `/projects/project-detail/${project}/controls`;

  it('counts, per project, the open controls assigned to me, to review and needing attention, each leading to that list', async () => {
    signIn();
    stubAppApi({
      handle: ({ url }) =>
        url === '/api/users/me/work'
          ? jsonResponse(200, {
              items: [
                { project_id: project, project_name: 'Credit scoring', controls_assigned: 3, controls_to_review: 1, needs_attention: 0 },
                { project_id: '0199a0b2-0000-7000-8000-0000000000c2', project_name: 'Idle', controls_assigned: 0, controls_to_review: 0, needs_attention: 0 },
              ],
            })
          : undefined,
    });
    renderApp('/');
    const card = await screen.findByRole('region', { name: 'My work' });
    expect(await within(card).findByRole('heading', { level: 3, name: 'Credit scoring' })).toBeInTheDocument();
    expect(within(card).queryByText('Idle')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '3 open controls assigned to you' })).toHaveAttribute('href', `${controls}?is_assigned_to_me=true&status=ready%2Cin_progress%2Cin_review`);
    expect(within(card).getByRole('link', { name: '1 to review' })).toHaveAttribute('href', `${controls}?is_assigned_to_me_for_review=true&status=ready%2Cin_progress%2Cin_review`);
    // Nothing to follow: a count, not a link.
    expect(within(card).getByText('need attention')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /attention/ })).not.toBeInTheDocument();
  });

  it('says when nothing is assigned', async () => {
    signIn();
    stubAppApi({ handle: ({ url }) => (url === '/api/users/me/work' ? jsonResponse(200, { items: [] }) : undefined) });
    renderApp('/');
    expect(await screen.findByText(/Nothing is assigned to you right now/)).toBeInTheDocument();
  });
});
