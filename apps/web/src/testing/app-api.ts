import type { ClientConfig, CurrentUser, OrganizationConfig } from '@aegis/contracts';
import { vi } from 'vitest';
import { browserLocation } from '../lib/navigation';
import { storeTokens, storeUser } from '../lib/session';
import { buildAccessToken, buildClientConfig, buildCurrentUser, buildOrganizationConfig } from './factories';
import { jsonResponse, stubFetch, type FetchCall } from './fetch-stub';

type AppApi = {
  user?: CurrentUser;
  organizationConfig?: OrganizationConfig;
  clientConfig?: ClientConfig;
  /** Answers first; return undefined to fall through to the defaults. */
  handle?: (call: FetchCall) => Response | Promise<Response> | undefined;
};

const never = () => new Promise<Response>(() => {});

/**
 * A stand-in for the API a signed-in app talks to: the current user, the organization config, the
 * client config, last access, and a notification stream that never sends anything. 404 otherwise.
 */
export function stubAppApi({ user = buildCurrentUser(), organizationConfig = buildOrganizationConfig(), clientConfig = buildClientConfig(), handle }: AppApi = {}) {
  return stubFetch((call) => {
    const answer = handle?.(call);
    if (answer) return answer;
    const path = call.url.split('?')[0];
    const method = call.init.method ?? 'GET';
    if (path === '/api/users/me' && method === 'GET') return jsonResponse(200, user);
    if (path === '/api/users/me/last_access') return new Response(null, { status: 204 });
    if (path?.startsWith('/api/v1/config/organizations/')) return jsonResponse(200, organizationConfig);
    if (path === '/api/client-config') return jsonResponse(200, clientConfig);
    if (path?.startsWith('/api/notifications/unread/stream')) return never();
    return jsonResponse(404, { detail: 'Not found', code: 'not_found' });
  });
}

/** A session as sign-in leaves it: a valid access token, a refresh token and (optionally) the user. */
export function signIn(user?: CurrentUser): void {
  storeTokens({ access_token: buildAccessToken(), refresh_token: 'refresh-secret' });
  if (user) storeUser(user);
}

/** jsdom cannot leave the page: the full page loads (logout) recorded instead (setup.ts stubs them too). */
export function spyOnPageLoads() {
  return vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
}
