import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/app';
import { createQueryClient } from '../app/query-client';
import { createRoutes } from '../app/router';
import { stubScreenWidth } from './match-media';

/**
 * Renders the whole app at `url`, in StrictMode as main.tsx does, on a memory router. The screen is
 * a desktop one (1280 px) unless the test stubbed another width first.
 */
export function renderApp(url: string) {
  if (typeof window.matchMedia !== 'function') stubScreenWidth(1280);
  const queryClient = createQueryClient({ retry: false });
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [url] });
  const view = render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
  return { ...view, router, queryClient };
}
