import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { setInAppNavigate } from '../lib/navigation';
import { AppProviders } from './providers';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The whole app around a router: the browser's in main.tsx, a memory router in tests. */
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  // Code outside React (the API client going to /service-down, say) navigates through the router.
  useEffect(() => {
    setInAppNavigate((path) => void router.navigate(path));
    return () => setInAppNavigate(null);
  }, [router]);

  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
