import { useMatches, type UIMatch } from 'react-router';

/** The `handle` of every route: its name, its layout, and whether it needs a session. */
export type RouteMeta = {
  name: string;
  layout: 'default' | 'plain';
  /** Reachable without a session: the session guard lets it through untouched. */
  public?: boolean;
  hideHeader?: boolean;
};

/** Spec section 4, plus terms, service-down, status and help, which must open without a usable session too. */
export const PUBLIC_ROUTE_NAMES = [
  'login-page',
  'oauth2-redirect',
  'oauth2-signup-redirect',
  'no-organization',
  'token-expired',
  'wrong-email',
  'problem',
  'terms',
  'service-down',
  'status',
  'help',
] as const;

export const isRouteMeta = (handle: unknown): handle is RouteMeta =>
  typeof handle === 'object' && handle !== null && typeof (handle as RouteMeta).name === 'string';

/** The meta of the deepest matched route that has one. */
export function metaOf(matches: readonly { handle?: unknown }[]): RouteMeta | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteMeta(handle)) return handle;
  }
  return undefined;
}

export function useRouteMeta(): RouteMeta | undefined {
  return metaOf(useMatches() as UIMatch[]);
}
