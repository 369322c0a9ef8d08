import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/app';
import { routes } from '../app/router';

/** Renders the whole app at `url`, in StrictMode as main.tsx does, on a memory router. */
export function renderApp(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  return { ...view, router };
}
