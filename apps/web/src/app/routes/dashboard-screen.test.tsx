import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn, stubAppApi } from '../../testing/app-api';
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
