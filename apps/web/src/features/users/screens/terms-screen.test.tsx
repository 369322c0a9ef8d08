import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getStoredUser } from '../../../lib/session';
import { signIn, spyOnPageLoads, stubAppApi } from '../../../testing/app-api';
import { buildCurrentUser } from '../../../testing/factories';
import { callsTo, jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

describe('TermsScreen', () => {
  it('is where the guard sends a user who has not accepted, and accepting continues to the route they wanted', async () => {
    const pending = buildCurrentUser({ terms_accepted: false });
    signIn(pending);
    let user = pending;
    const fetch = stubAppApi({
      handle: ({ url, init }) => {
        if (url !== '/api/users/me') return undefined;
        if (init.method === 'PATCH') user = buildCurrentUser({ terms_accepted: true });
        return jsonResponse(200, user);
      },
    });
    const { router } = renderApp('/notifications?tab=unread');

    expect(await screen.findByRole('heading', { name: 'Terms of use' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/terms');
    expect(screen.getByRole('heading', { name: 'No legal advice' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications'));
    expect(router.state.location.search).toBe('?tab=unread');
    const patch = callsTo(fetch, '/api/users/me').find((call) => call.init.method === 'PATCH');
    expect(JSON.parse(String(patch?.init.body))).toEqual({ terms_accepted: true });
    expect(getStoredUser()?.terms_accepted).toBe(true);
  });

  it('signs out when the user declines', async () => {
    const pageLoads = spyOnPageLoads();
    signIn(buildCurrentUser({ terms_accepted: false }));
    const fetch = stubAppApi();
    renderApp('/terms');

    await userEvent.click(await screen.findByRole('button', { name: 'Decline and sign out' }));
    expect(pageLoads).toHaveBeenCalledWith('/api/auth/logout');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(callsTo(fetch, '/api/users/me').filter((call) => call.init.method === 'PATCH')).toHaveLength(0);
  });

  it('does not follow a redirect to another site after accepting', async () => {
    signIn(buildCurrentUser({ terms_accepted: false }));
    stubAppApi({ handle: ({ url, init }) => (url === '/api/users/me' && init.method === 'PATCH' ? jsonResponse(200, buildCurrentUser()) : undefined) });
    const { router } = renderApp('/terms?redirect=//evil.example.com');

    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
