import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getStoredUser } from '../../lib/session';
import { takeReturnPath } from '../../lib/sign-in-context';
import { signIn, spyOnPageLoads, stubAppApi } from '../../testing/app-api';
import { buildCurrentUser } from '../../testing/factories';
import { callsTo } from '../../testing/fetch-stub';
import { renderApp } from '../../testing/render-app';

describe('the session guard on the routes', () => {
  it('logs a visitor without a session out (no refresh token to refresh with)', async () => {
    const pageLoads = spyOnPageLoads();
    const fetch = stubAppApi();
    const { router } = renderApp('/dashboard');

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(pageLoads).toHaveBeenCalledWith('/api/auth/logout');
    expect(callsTo(fetch, '/api/users/me')).toHaveLength(0);
  });

  it('keeps the path a signed-out visitor asked for, for after signing in, and says nothing of a session', async () => {
    spyOnPageLoads();
    stubAppApi();
    renderApp('/projects/project-detail/p-1/settings?tab=members');

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(takeReturnPath()).toBe('/projects/project-detail/p-1/settings?tab=members');
    expect(screen.queryByText(/Your session ended/)).not.toBeInTheDocument();
  });

  it('says the session ended when the refresh is refused, and keeps the page', async () => {
    const pageLoads = spyOnPageLoads();
    localStorage.setItem('access_token', 'expired');
    localStorage.setItem('refresh_token', 'revoked-secret');
    stubAppApi({
      handle: ({ url }) => (url === '/api/auth/refresh' ? Response.json({ detail: 'This session was revoked', code: 'token_revoked' }, { status: 401 }) : undefined),
    });
    renderApp('/projects');

    expect(await screen.findByText('Your session ended; sign in again to continue.')).toBeInTheDocument();
    expect(pageLoads).toHaveBeenCalledWith('/api/auth/logout');
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(takeReturnPath()).toBe('/projects');
  });

  it('loads and stores the user, loads the organization config, then shows the screen', async () => {
    signIn();
    const fetch = stubAppApi();
    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Hello, Alice Admin!' })).toBeInTheDocument();
    expect(getStoredUser()).toMatchObject({ email: 'admin@demo.local' });
    expect(callsTo(fetch, '/api/v1/config/organizations/0199a0b2-0000-7000-8000-000000000001')).toHaveLength(1);
  });

  it('refreshes an expired access token before loading the user', async () => {
    localStorage.setItem('access_token', 'expired');
    localStorage.setItem('refresh_token', 'refresh-secret');
    const fetch = stubAppApi({
      handle: ({ url }) => (url === '/api/auth/refresh' ? Response.json({ access_token: 'x.eyJleHAiOjQxMDI0NDQ4MDB9.s', refresh_token: 'r2' }) : undefined),
    });
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Hello, Alice Admin!' })).toBeInTheDocument();
    expect(callsTo(fetch, '/api/auth/refresh')).toHaveLength(1);
    expect(localStorage.getItem('refresh_token')).toBe('r2');
  });

  it('sends a user without an organization to /no-organization', async () => {
    signIn();
    stubAppApi({ user: buildCurrentUser({ organization: null, roles: [], organization_rights: {} }) });
    const { router } = renderApp('/');

    expect(await screen.findByRole('heading', { name: 'You are not part of an organization' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no-organization');
  });

  it('logs out when the user cannot be loaded', async () => {
    signIn();
    const pageLoads = spyOnPageLoads();
    stubAppApi({ handle: ({ url }) => (url === '/api/users/me' ? Response.json({ detail: 'No', code: 'forbidden' }, { status: 403 }) : undefined) });
    const { router } = renderApp('/');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(pageLoads).toHaveBeenCalledWith('/api/auth/logout');
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('leaves public routes alone', async () => {
    const fetch = stubAppApi();
    renderApp('/wrong-email');
    expect(await screen.findByRole('heading', { name: 'No account for this email' })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
