import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { markSessionEnded, rememberReturnPath, sessionEndedOnItsOwn, takeReturnPath } from '../../../lib/sign-in-context';
import { signIn, spyOnPageLoads, stubAppApi } from '../../../testing/app-api';
import { renderApp } from '../../../testing/render-app';

describe('LoginScreen', () => {
  it('sends the visitor to the server to start signing in, keeping the remembered page', async () => {
    const pageLoads = spyOnPageLoads();
    stubAppApi();
    rememberReturnPath('/projects/project-detail/p-1/settings');
    renderApp('/login');

    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(pageLoads).toHaveBeenCalledWith('/api/auth/authorize');
    expect(takeReturnPath()).toBe('/projects/project-detail/p-1/settings');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says so when the session ended on its own, and forgets it once signing in starts', async () => {
    spyOnPageLoads();
    stubAppApi();
    markSessionEnded();
    renderApp('/login');

    expect(await screen.findByRole('status')).toHaveTextContent('Your session ended; sign in again to continue.');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(sessionEndedOnItsOwn()).toBe(false);
  });

  it('takes the target from ?redirect= when it is a path of this app', async () => {
    spyOnPageLoads();
    stubAppApi();
    renderApp('/login?redirect=%2Forganization%2Fusers');

    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(takeReturnPath()).toBe('/organization/users');
  });

  it('ignores a ?redirect= that leaves the app, and drops an older target with it', async () => {
    spyOnPageLoads();
    stubAppApi();
    rememberReturnPath('/projects');
    renderApp('/login?redirect=https%3A%2F%2Fevil.example%2F');

    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(takeReturnPath()).toBeNull();
  });

  it('sends someone already signed in to the home page instead of the sign-in form', async () => {
    const pageLoads = spyOnPageLoads();
    signIn();
    stubAppApi();
    renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Hello, Alice Admin!' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(pageLoads).not.toHaveBeenCalled();
  });

  it('sends someone already signed in on to a ?redirect= of this app', async () => {
    signIn();
    stubAppApi();
    const view = renderApp('/login?redirect=%2Fprojects');
    expect(await screen.findByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
    view.unmount();

    signIn();
    stubAppApi();
    renderApp('/login?redirect=https%3A%2F%2Fevil.example%2F');
    expect(await screen.findByRole('heading', { name: 'Hello, Alice Admin!' })).toBeInTheDocument();
  });
});
