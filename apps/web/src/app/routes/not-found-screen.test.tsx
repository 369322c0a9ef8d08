import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn, stubAppApi } from '../../testing/app-api';
import { renderApp } from '../../testing/render-app';

describe('NotFoundScreen', () => {
  it('answers any unknown path inside the layout, with the header hidden', async () => {
    signIn();
    stubAppApi();
    renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    // The title is set in an effect, which may run after the heading is on screen.
    await waitFor(() => expect(document.title).toBe('Page not found · Aegis'));
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Notifications' })).not.toBeInTheDocument();
    // The rest of the layout is there.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('is also reachable as /not-found', async () => {
    signIn();
    stubAppApi();
    renderApp('/not-found');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });
});
