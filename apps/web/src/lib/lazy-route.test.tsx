import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, Suspense, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyWithReload, NEW_VERSION_MESSAGE, withReloadNotice } from './lazy-route';
import { browserLocation } from './navigation';
import { NotifierProvider } from './notifier';

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>route error boundary</p> : this.props.children;
  }
}

const missingChunk = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/risks-abc123.js'));

describe('lazyWithReload', () => {
  it('renders the module default export when it loads', async () => {
    const Screen = lazyWithReload(() => Promise.resolve({ default: () => <h1>Risks</h1> }));
    render(
      <Suspense fallback="loading">
        <Screen />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Risks' })).toBeInTheDocument();
  });

  it('offers one reload when chunks are missing, and lets the error boundary show', async () => {
    // React logs the error the boundary catches.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const First = lazyWithReload(missingChunk);
    const Second = lazyWithReload(missingChunk);
    render(
      <NotifierProvider>
        <Boundary>
          <Suspense fallback="loading">
            <First />
            <Second />
          </Suspense>
        </Boundary>
      </NotifierProvider>,
    );
    expect(await screen.findByText('route error boundary')).toBeInTheDocument();
    expect(await screen.findByText(NEW_VERSION_MESSAGE)).toBeInTheDocument();
    expect(NEW_VERSION_MESSAGE).toBe(
      'A new version of the application is now available. Please save any unsaved work before reloading the page to access the latest version.',
    );
    expect(screen.getAllByText(NEW_VERSION_MESSAGE)).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(browserLocation.reload).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('rethrows for React Router lazy routes too, and shows the notice again after it was closed', async () => {
    render(<NotifierProvider />);
    const load = withReloadNotice(missingChunk);
    await expect(load()).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(await screen.findByText(NEW_VERSION_MESSAGE)).toBeInTheDocument();
    await expect(load()).rejects.toThrow();
    expect(screen.getAllByText(NEW_VERSION_MESSAGE)).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await act(async () => {
      await expect(load()).rejects.toThrow();
    });
    expect(await screen.findAllByText(NEW_VERSION_MESSAGE)).not.toHaveLength(0);
  });
});
