import type { QueryClient } from '@tanstack/react-query';
import { isInternalAdmin, type CurrentUser } from '@aegis/contracts';
import { redirect, type LoaderFunction } from 'react-router';
import { refreshSession } from '../../lib/refresh';
import { hasValidAccessToken } from '../../lib/session';
import { currentUserQueryOptions } from '../../lib/current-user';
import { hasOrganizationRight } from '../../lib/current-user-rights';

/** Spec section 2: the admin area needs internal_metrics:read in the current organization (super admins hold it). */
export function canUseAdminArea(user: CurrentUser): boolean {
  return hasOrganizationRight(user, 'internal_metrics:read');
}

/** Spec section 2: the admin area's framework screens also need the internal-admin check (PERMISSIONS.md). */
export function canManagePlatformFrameworks(user: CurrentUser): boolean {
  return canUseAdminArea(user) && isInternalAdmin(user.roles, user.is_super_admin);
}

/**
 * The loader of /admin: anyone without the right goes home before the navigation ends, so nothing of
 * the area ever renders for them.
 *
 * React Router runs it beside the session guard's loader, not after it, and the first redirect in
 * route order wins. So the guard stays in charge of the session: without a usable token (and no
 * refresh) this loader does nothing rather than log out a second time, and a failed load of the user
 * is left to the guard too (it logs out, or goes to /service-down). Both share one refresh and one
 * request for the user (the refresh and the query cache deduplicate them).
 */
export function createAdminAccessLoader(queryClient: QueryClient): LoaderFunction {
  return guardedBy(queryClient, canUseAdminArea, '/');
}

/**
 * The loader of /admin/frameworks and its detail: anyone in the admin area who is not an internal
 * admin goes to the organizations tab (admin-organizations) instead. The /admin loader, which runs
 * beside it, still sends those outside the area home: the first redirect in route order wins.
 */
export function createPlatformFrameworksAccessLoader(queryClient: QueryClient): LoaderFunction {
  return guardedBy(queryClient, canManagePlatformFrameworks, '/admin');
}

function guardedBy(queryClient: QueryClient, allowed: (user: CurrentUser) => boolean, elsewhere: string): LoaderFunction {
  return async () => {
    if (!hasValidAccessToken() && !(await refreshSession())) return null;
    let user: CurrentUser;
    try {
      user = await queryClient.ensureQueryData({ ...currentUserQueryOptions(), revalidateIfStale: true });
    } catch {
      return null;
    }
    return allowed(user) ? null : redirect(elsewhere);
  };
}
