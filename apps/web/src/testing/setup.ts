import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { browserLocation, setInAppNavigate } from '../lib/navigation';

// Screens load as lazy chunks: on a busy two-core CI machine (a virtual machine whose host may take a share of its
// cores) the first import can take several seconds. A wait, not a speed check: what never appears still fails.
configure({ asyncUtilTimeout: 10_000 });

// jsdom cannot load another page: full navigations (logout, reload, service-down) are recorded
// instead; assert them with `expect(browserLocation.assign).toHaveBeenCalledWith(...)`.
beforeEach(() => {
  vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
  vi.spyOn(browserLocation, 'reload').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setInAppNavigate(null);
});
