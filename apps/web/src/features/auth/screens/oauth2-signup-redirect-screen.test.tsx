import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubAppApi } from '../../../testing/app-api';
import { buildAccessToken, buildTokenPair } from '../../../testing/factories';
import { callsTo, jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

const REGISTER_URL = '/api/auth/register';

describe('OAuth2SignupRedirectScreen', () => {
  it('registers with the code once, stores the tokens and opens the dashboard', async () => {
    const tokens = buildTokenPair({ access_token: buildAccessToken(), refresh_token: 'r-1' });
    const fetch = stubAppApi({ handle: ({ url }) => (url === REGISTER_URL ? jsonResponse(201, tokens) : undefined) });
    const { router } = renderApp('/oauth2-signup-redirect?code=the-code&state=the-state');

    expect(await screen.findByRole('heading', { name: 'Hello, Alice Admin!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    const calls = callsTo(fetch, REGISTER_URL);
    expect(calls).toHaveLength(1);
    // No invitation token: the server remembers it from the sign-up start.
    expect(calls[0]?.init.body).toBe('grant_type=authorization_code&code=the-code&state=the-state');
    expect(new Headers(calls[0]?.init.headers).has('authorization')).toBe(false);
    expect(callsTo(fetch, '/api/auth/token')).toHaveLength(0);
    expect(localStorage.getItem('refresh_token')).toBe('r-1');
  });

  it('passes an invitation token on when the redirect carries one', async () => {
    const fetch = stubAppApi({ handle: ({ url }) => (url === REGISTER_URL ? new Promise<Response>(() => {}) : undefined) });
    renderApp('/oauth2-signup-redirect?code=c&token=invite-1');
    await screen.findByRole('status');
    expect(callsTo(fetch, REGISTER_URL)[0]?.init.body).toBe('grant_type=authorization_code&code=c&token=invite-1');
  });

  it.each(['invitation_expired', 'invitation_accepted', 'invitation_cancelled'])('goes to /token-expired on %s', async (code) => {
    stubAppApi({ handle: () => jsonResponse(410, { detail: 'This invitation is no longer usable', code }) });
    const { router } = renderApp('/oauth2-signup-redirect?code=the-code');

    expect(await screen.findByRole('heading', { name: 'This invitation is no longer valid' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/token-expired');
  });

  it('goes to /wrong-email when the invitation is for another address', async () => {
    stubAppApi({ handle: () => jsonResponse(403, { detail: 'This invitation is for another email address', code: 'wrong_email' }) });
    const { router } = renderApp('/oauth2-signup-redirect?code=the-code');

    expect(await screen.findByRole('heading', { name: 'No account for this email' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/wrong-email');
  });

  it('shows any other failure with a way back to sign in', async () => {
    stubAppApi({ handle: () => jsonResponse(400, { detail: 'No sign-in is in progress in this browser', code: 'sign_in_expired' }) });
    renderApp('/oauth2-signup-redirect?code=the-code');
    expect(await screen.findByText('No sign-in is in progress in this browser')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });
});
