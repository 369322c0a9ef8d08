import Button from '@mui/material/Button';
import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { browserLocation } from './navigation';
import { notifyError } from './notifier';

export const NEW_VERSION_MESSAGE =
  'A new version of the application is now available. Please save any unsaved work before reloading the page to access the latest version.';
const NEW_VERSION_KEY = 'new-version-available';

// The fixed key keeps it to one notice however many chunks fail; once closed it can show again.
function announceNewVersion(): void {
  notifyError(NEW_VERSION_MESSAGE, {
    key: NEW_VERSION_KEY,
    position: 'top',
    actions: () => createElement(Button, { color: 'inherit', size: 'small', onClick: () => browserLocation.reload() }, 'Refresh'),
  });
}

/**
 * Wraps a dynamic import. When the chunk cannot be loaded, usually because a deploy replaced it, one
 * persistent message offers a reload, and the error is rethrown so the route's error boundary shows.
 * Fits React Router's `lazy` route property.
 */
export function withReloadNotice<T>(factory: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await factory();
    } catch (error) {
      announceNewVersion();
      throw error;
    }
  };
}

/** `React.lazy` over a module's default export, with the new-version notice when loading fails. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyWithReload<T extends ComponentType<any>>(factory: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(withReloadNotice(factory));
}
