import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, redirect, type LoaderFunction, type RouteObject } from 'react-router';
import { currentUserQueryOptions } from '../../lib/current-user';
import { organizationConfigQueryOptions } from '../../features/organizations/api/get-organization-config';
import { clientConfigQuery } from '../../lib/client-config';
import { ApiError } from '../../lib/errors';
import { refreshSession } from '../../lib/refresh';
import { endSession, getStoredUser, hasValidAccessToken, storeUser } from '../../lib/session';
import { metaOf } from '../route-meta';
import { runSessionGuard, type SessionGuardDeps } from './session-guard';

const UNREACHABLE = new Set(['network_unavailable', 'connection_timeout', 'no_response']);

/** The server answered 5xx, or did not answer at all: nothing says the session is bad. */
const isServiceUnavailable = (error: unknown) =>
  error instanceof ApiError && (error.status >= 500 || (error.status === 0 && UNREACHABLE.has(error.code)));

export function sessionGuardDeps(queryClient: QueryClient): SessionGuardDeps {
  return {
    getStoredUser,
    storeUser,
    hasValidAccessToken,
    refreshSession,
    // Cached data lets the navigation go on at once; stale data is refetched in the background.
    loadCurrentUser: () => queryClient.ensureQueryData({ ...currentUserQueryOptions(), revalidateIfStale: true }),
    loadOrganizationConfig: (organizationId) =>
      queryClient.ensureQueryData({ ...organizationConfigQueryOptions(organizationId), revalidateIfStale: true }),
    isServiceUnavailable,
  };
}

/**
 * The loader of the branch of routes that need a session. With `shouldRevalidate: () => true` on
 * that branch it runs before every navigation, so the session is checked each time (cheaply: the
 * user and the organization config come from the query cache once loaded). `onAccessToken` hears
 * the navigation's path as soon as an access token is there (the first screen's preload).
 */
export function createSessionGuardLoader(queryClient: QueryClient, getRoutes: () => RouteObject[], onAccessToken?: (path: string) => void): LoaderFunction {
  const deps = sessionGuardDeps(queryClient);
  return async ({ request }) => {
    const url = new URL(request.url);
    const meta = metaOf(matchRoutes(getRoutes(), url.pathname)?.map((match) => match.route) ?? []);
    const outcome = await runSessionGuard(
      { isPublic: meta?.public === true, path: url.pathname + url.search },
      onAccessToken ? { ...deps, onAccessToken: () => onAccessToken(url.pathname) } : deps,
    );
    if (outcome.action === 'redirect') return redirect(outcome.to);
    if (outcome.action === 'logout') {
      // Leaves for the server's logout page (the login page shows meanwhile); signing in again
      // comes back to this path: a signed-out visitor following a link lands where it pointed.
      endSession(url.pathname + url.search);
      return redirect('/login');
    }
    // Wanted by the layout (docs and status links, error reporting), not worth waiting for.
    void queryClient.prefetchQuery(clientConfigQuery);
    return null;
  };
}
