import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubAppApi } from '../../../testing/app-api';
import { buildAccessToken, buildTokenPair } from '../../../testing/factories';
import { callsTo, jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { markSessionEnded, rememberReturnPath, sessionEndedOnItsOwn, takeReturnPath } from '../../../lib/sign-in-context';

const TOKEN_URL = '/api/auth/token';

describe('OAuth2RedirectScreen', () => {
  it('exchanges the code once, stores the tokens and opens the dashboard', async () => {
    document.cookie = 'XSRF-TOKEN=xsrf-value';
    const accessToken = buildAccessToken();
    const tokens = buildTokenPair({ access_token: accessToken, refresh_token: 'r-1' });
    const fetch = stubAppApi({ handle: ({ url }) => (url === TOKEN_URL ? jsonResponse(201, tokens) : undefined) });

    const { router } = renderApp('/oauth2-redirect?code=the-code&state=the-state');

    expect(await screen.findByRole('heading', { name: 'Hello, Alice Admin!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    const exchanges = callsTo(fetch, TOKEN_URL);
    expect(exchanges).toHaveLength(1);
    const { init } = exchanges[0]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('grant_type=authorization_code&code=the-code&state=the-state');
    expect(init.credentials).toBe('same-origin');
    const headers = new Headers(init.headers);
    expect(headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(headers.get('x-xsrf-token')).toBe('xsrf-value');
    expect(headers.has('authorization')).toBe(false);
    expect(localStorage.getItem('access_token')).toBe(accessToken);
    expect(localStorage.getItem('refresh_token')).toBe('r-1');
  });

  it('lands on the page remembered before signing in, once, and forgets the ended-session notice', async () => {
    rememberReturnPath('/organization/users?page=2');
    markSessionEnded();
    stubAppApi({ handle: ({ url }) => (url === TOKEN_URL ? jsonResponse(201, buildTokenPair({ access_token: buildAccessToken() })) : undefined) });

    const { router } = renderApp('/oauth2-redirect?code=the-code&state=the-state');

    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/users'));
    expect(router.state.location.search).toBe('?page=2');
    expect(takeReturnPath()).toBeNull();
    expect(sessionEndedOnItsOwn()).toBe(false);
  });

  it('ignores a remembered target that is not a path of this app', async () => {
    sessionStorage.setItem('sign_in_return_path', 'https://evil.example/phish');
    stubAppApi({ handle: ({ url }) => (url === TOKEN_URL ? jsonResponse(201, buildTokenPair({ access_token: buildAccessToken() })) : undefined) });

    const { router } = renderApp('/oauth2-redirect?code=the-code&state=the-state');

    expect(await screen.findByRole('heading', { name: 'Hello, Alice Admin!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows progress while the exchange is under way', async () => {
    stubAppApi({ handle: () => new Promise<Response>(() => {}) });
    renderApp('/oauth2-redirect?code=the-code');
    expect(await screen.findByRole('status')).toHaveTextContent('Signing you in');
  });

  it('shows the detail of a failed exchange with a way back to sign in, once', async () => {
    stubAppApi({ handle: () => jsonResponse(400, { detail: 'No sign-in is in progress in this browser', code: 'sign_in_expired' }) });
    const { router } = renderApp('/oauth2-redirect?code=the-code');

    // On the screen, not also in a notification.
    expect(await screen.findAllByText('No sign-in is in progress in this browser')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(router.state.location.pathname).toBe('/oauth2-redirect');
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('goes to /wrong-email when no account exists for the email', async () => {
    stubAppApi({ handle: () => jsonResponse(403, { detail: 'No account exists for eve@example.com', code: 'wrong_email' }) });
    const { router } = renderApp('/oauth2-redirect?code=the-code');

    expect(await screen.findByRole('heading', { name: 'No account for this email' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/wrong-email');
  });

  it('shows the provider error and calls nothing when the redirect carries no code', async () => {
    const fetch = stubAppApi();
    renderApp('/oauth2-redirect?error=access_denied&error_description=The%20user%20cancelled');

    expect(await screen.findByText('The user cancelled')).toBeInTheDocument();
    await waitFor(() => expect(fetch).not.toHaveBeenCalled());
  });
});
