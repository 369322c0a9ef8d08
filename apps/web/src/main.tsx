import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/app';
import { createAppRouter } from './app/boot';
import { createQueryClient } from './app/query-client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
// A deep link or a reload: the screen's chunks and data start beside the session check (app/first-screen-preload.ts).
const router = createAppRouter(queryClient, window.location.pathname, (routes) => createBrowserRouter(routes));

createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
