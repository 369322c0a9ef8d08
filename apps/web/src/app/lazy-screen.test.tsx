import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen, preloadElement } from './lazy-screen';

const module = { default: () => <p>The screen</p> };

describe('lazyScreen', () => {
  it('starts the chunk on preload, and the render uses that same import', async () => {
    const factory = vi.fn(() => Promise.resolve(module));
    const Screen = lazyScreen(factory);
    expect(preloadElement(<Screen />)).toBe(true);
    expect(factory).toHaveBeenCalledTimes(1);
    render(
      <Suspense fallback="…">
        <Screen />
      </Suspense>,
    );
    expect(await screen.findByText('The screen')).toBeInTheDocument();
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it('forgets a preload that failed: the render imports again', async () => {
    const factory = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(module);
    const Screen = lazyScreen(factory);
    preloadElement(<Screen />);
    await Promise.resolve();
    await Promise.resolve();
    render(
      <Suspense fallback="…">
        <Screen />
      </Suspense>,
    );
    expect(await screen.findByText('The screen')).toBeInTheDocument();
    expect(factory).toHaveBeenCalledTimes(2);
  });

  it('leaves other elements alone', () => {
    expect(preloadElement(<p>plain</p>)).toBe(false);
    expect(preloadElement('text')).toBe(false);
    expect(preloadElement(undefined)).toBe(false);
  });
});
