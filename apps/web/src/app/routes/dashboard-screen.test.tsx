import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeTokens } from '../../lib/session';
import { buildCurrentUser } from '../../testing/factories';
import { callsTo, jsonResponse, stubFetch } from '../../testing/fetch-stub';
import { renderApp } from '../../testing/render-app';

describe('DashboardScreen', () => {
  it('sends a visitor without a session to the login page', async () => {
    const fetch = stubFetch(() => jsonResponse(200, buildCurrentUser()));
    const { router } = renderApp('/');

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('greets the signed-in user and names their organization', async () => {
    storeTokens({ access_token: 'h.p.s', refresh_token: 'r' });
    const fetch = stubFetch(() => jsonResponse(200, buildCurrentUser()));
    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Hello, Alice Admin!' })).toBeInTheDocument();
    expect(screen.getByText('Demo Organization')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    const [call] = callsTo(fetch, '/api/users/me');
    expect(new Headers(call?.init.headers).get('authorization')).toBe('Bearer h.p.s');
  });

  it('forgets a rejected session and goes to the login page', async () => {
    storeTokens({ access_token: 'expired', refresh_token: 'r' });
    stubFetch(() => jsonResponse(401, { detail: 'Token expired', code: 'unauthorized' }));
    const { router } = renderApp('/');

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });
});
