import { useState } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { clearSession } from '../lib/session';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The whole app around a router: the browser's in main.tsx, a memory router in tests. */
export function App({ router }: { router: AppRouter }) {
  const [queryClient] = useState(() =>
    createQueryClient({
      onUnauthorized: () => {
        clearSession();
        void router.navigate('/login', { replace: true });
      },
    }),
  );
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
