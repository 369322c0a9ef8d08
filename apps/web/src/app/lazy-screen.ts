import { isValidElement, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { lazyWithReload } from '../lib/lazy-route';

/** A screen's chunk, loaded on first render, or earlier with `preload`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export type LazyScreen<T extends ComponentType<any>> = LazyExoticComponent<T> & { preload: () => void };

/**
 * `lazyWithReload` whose chunk can be started before React renders the screen: the boot starts the chunks of
 * the screen in the URL while the session is checked (first-screen-preload.ts), and the render then finds the
 * same import under way or done. A preload that fails is forgotten, so the render tries again (and shows the
 * new-version notice if that fails too).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyScreen<T extends ComponentType<any>>(factory: () => Promise<{ default: T }>): LazyScreen<T> {
  let loading: Promise<{ default: T }> | undefined;
  const load = () =>
    (loading ??= factory().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return Object.assign(lazyWithReload(load), { preload: () => void load().catch(() => undefined) });
}

/** Starts the chunk of a route's element when it is a lazy screen (`<Screen />`); anything else is left alone. */
export function preloadElement(element: ReactNode): boolean {
  if (!isValidElement(element)) return false;
  const preload = (element.type as Partial<LazyScreen<ComponentType>>).preload;
  if (typeof preload !== 'function') return false;
  preload();
  return true;
}
