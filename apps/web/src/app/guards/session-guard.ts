import type { CurrentUser, OrganizationConfig } from '@aegis/contracts';

export type GuardTarget = {
  /** The route is reachable without a session (its meta says `public`). */
  isPublic: boolean;
  /** Path and query the user asked for, to come back to after the terms screen. */
  path: string;
};

export type SessionGuardDeps = {
  getStoredUser: () => CurrentUser | null;
  storeUser: (user: CurrentUser) => void;
  hasValidAccessToken: () => boolean;
  refreshSession: () => Promise<boolean>;
  /** Resolves from the query cache when already loaded, else fetches GET /api/users/me. */
  loadCurrentUser: () => Promise<CurrentUser>;
  /** Resolves from the query cache when already loaded, else fetches the organization's config. */
  loadOrganizationConfig: (organizationId: string) => Promise<OrganizationConfig>;
  /** The failure says the server (or the network) is down rather than that the session is bad. */
  isServiceUnavailable: (error: unknown) => boolean;
  /**
   * There is a usable access token and the stored profile sends nowhere else: what the screen needs can be asked
   * for now, beside loading the user (the first screen's preload, first-screen-preload.ts).
   */
  onAccessToken?: () => void;
};

export type GuardOutcome = { action: 'continue' } | { action: 'redirect'; to: string } | { action: 'logout' };

export const TERMS_PATH = '/terms';
export const NO_ORGANIZATION_PATH = '/no-organization';
export const SERVICE_DOWN_PATH = '/service-down';

const CONTINUE: GuardOutcome = { action: 'continue' };
const LOGOUT: GuardOutcome = { action: 'logout' };
const redirectTo = (to: string): GuardOutcome => ({ action: 'redirect', to });
const toTerms = (path: string) => redirectTo(`${TERMS_PATH}?${new URLSearchParams({ redirect: path })}`);

/**
 * The checks before every navigation, in the order of spec section 4 ("Session"). It decides; the
 * loader around it (session-guard-loader.ts) carries the decision out.
 *
 * Our readings of the spec:
 * - Step 1 says "log out" when the terms are not accepted, yet the product has a terms screen on
 *   which the user accepts them. We send a signed-in user who has not accepted to /terms (and back to
 *   where they were going after accepting); declining there logs out. A user without a session is
 *   logged out by step 2 anyway.
 * - Public routes skip every step, 3 and 4 included: loading a user on /login would log out a
 *   visitor who is about to sign in.
 * - After step 4 loads the user, steps 1 and 3 are applied to the fresh record too, so a first
 *   visit (no stored user yet) cannot skip them.
 * - A load that fails because the server or network is down goes to /service-down instead of
 *   logging out: an outage must not throw a valid session away.
 */
export async function runSessionGuard(target: GuardTarget, deps: SessionGuardDeps): Promise<GuardOutcome> {
  if (target.isPublic) return CONTINUE;

  // 1. Terms not accepted.
  const stored = deps.getStoredUser();
  if (stored && !stored.terms_accepted) return toTerms(target.path);

  // 2. No usable access token: refresh, else log out ("if refreshing leaves no access token, log out").
  if (!deps.hasValidAccessToken()) {
    const refreshed = await deps.refreshSession().catch(() => false);
    if (!refreshed || !deps.hasValidAccessToken()) return LOGOUT;
  }

  // 3. No organization.
  if (stored && !stored.organization) return redirectTo(NO_ORGANIZATION_PATH);
  deps.onAccessToken?.();

  // 4. Load the user and the organization config when they are not loaded yet. The stored profile names the
  // organization: its config is asked for beside the user, not after (the same request when it is still the one).
  if (stored?.organization) deps.loadOrganizationConfig(stored.organization.id).catch(() => undefined);
  try {
    const user = await deps.loadCurrentUser();
    deps.storeUser(user);
    if (!user.terms_accepted) return toTerms(target.path);
    if (!user.organization) return redirectTo(NO_ORGANIZATION_PATH);
    await deps.loadOrganizationConfig(user.organization.id);
  } catch (error) {
    return deps.isServiceUnavailable(error) ? redirectTo(SERVICE_DOWN_PATH) : LOGOUT;
  }
  return CONTINUE;
}
