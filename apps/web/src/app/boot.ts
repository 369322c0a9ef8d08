import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import type { AppRouter } from './app';
import { preloadFirstScreen, type FirstScreenPreload } from './first-screen-preload';
import { createRoutes } from './router';

/**
 * The app's router at boot (main.tsx; the tests pass a memory router): the route table, and the first screen's
 * preload started for `path`, the page's URL. Its chunks start now and its data as soon as the session guard
 * has an access token, beside the session check instead of after it.
 */
export function createAppRouter(queryClient: QueryClient, path: string, createRouter: (routes: RouteObject[]) => AppRouter): AppRouter {
  // The guard calls back once the router runs, after both exist.
  const routes = createRoutes(queryClient, { onAccessToken: (navigationPath) => firstScreen.onAccessToken(navigationPath) });
  const firstScreen: FirstScreenPreload = preloadFirstScreen(queryClient, routes, path);
  return createRouter(routes);
}
