import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { matchRoutes, type Params, type RouteMatch, type RouteObject } from 'react-router';
import type { CurrentUser, Project, ProjectPermission } from '@aegis/contracts';
import { euAiActSettingsQuery } from '../features/applicability/api/get-eu-ai-act-settings';
import { statementOfApplicabilityQuery } from '../features/applicability/api/get-statement-of-applicability';
import { questionnairesQuery } from '../features/applicability/api/list-questionnaires';
import { controlQuery } from '../features/controls/api/get-control';
import { projectQuery } from '../features/projects/api/get-project';
import { riskQuery } from '../features/risks/api/get-risk';
import { getStoredUser } from '../lib/session';
import { preloadElement } from './lazy-screen';
import { markPreloaded } from './query-client';
import { isRouteMeta } from './route-meta';

/**
 * The framework whose statement of applicability the scoping page shows (SOA_FRAMEWORK of
 * features/applicability/screens/scoping-screen.tsx, which a test holds equal): importing the screen here
 * would put it in the first chunk.
 */
export const SOA_FRAMEWORK = 'ISO_IEC_42001';

// Any query's options: the table below lists queries of different data.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQueryOptions = { queryKey: QueryKey; queryFn?: any };
type Can = (right: ProjectPermission) => boolean;

/** What a screen loads first, as its own components ask for it (the same query options, so they find it cached). */
type ScreenData = {
  /** Needs only the URL and the rights the stored profile gives on the project: started with the session check. */
  now?: (params: Params<string>, can: Can) => (AnyQueryOptions | false)[];
  /** Needs the project itself (its frameworks): started when the project arrives. */
  withProject?: (project: Project) => (AnyQueryOptions | false)[];
};

const has = (project: Project, right: ProjectPermission) => project.rights.includes(right);

/** By route name (route-meta.ts). Screens left out load as before, after their chunk. */
export const SCREEN_DATA: Record<string, ScreenData> = {
  // The project's frame: a 403 or 404 is its answer (request access, not found), so it is asked whatever the rights.
  'project-detail': { now: ({ id = '' }) => [projectQuery(id)] },
  'project-scoping': {
    now: ({ id = '' }, can) => [can('eu_ai_act_settings:read') && euAiActSettingsQuery(id), can('questionnaire:read') && questionnairesQuery(id)],
    withProject: (project) => [
      has(project, 'requirements:read') &&
        project.frameworks.some((framework) => framework.framework_code === SOA_FRAMEWORK) &&
        statementOfApplicabilityQuery(project.id, SOA_FRAMEWORK),
    ],
  },
  'project-control-detail': { now: ({ id = '', controlCode = '' }, can) => [can('controls:read') && controlQuery(id, controlCode)] },
  'project-risk-detail': { now: ({ id = '', riskId = '' }, can) => [can('risks:read') && riskQuery(id, riskId)] },
};

/**
 * The rights the stored profile gives on a project (the session guard loads the current one meanwhile). A stale
 * profile can only cost a request answered 403, which the screen would not show.
 */
export function storedRights(user: CurrentUser | null, projectId: string): Can {
  if (!user) return () => false;
  const organizationId = user.organization?.id;
  const fullAccess =
    user.is_super_admin === true || (organizationId !== undefined && (user.organization_rights?.[organizationId] ?? []).includes('projects:full_access'));
  const rights: readonly string[] = user.project_rights?.[projectId] ?? [];
  return (right) => fullAccess || rights.includes(right);
}

function prefetch(queryClient: QueryClient, options: AnyQueryOptions): void {
  void queryClient.prefetchQuery(options);
  markPreloaded(queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true }));
}

function startScreenData(queryClient: QueryClient, matches: RouteMatch<string, RouteObject>[], user: CurrentUser | null): void {
  for (const match of matches) {
    const name = isRouteMeta(match.route.handle) ? match.route.handle.name : undefined;
    const data = name === undefined ? undefined : SCREEN_DATA[name];
    if (!data) continue;
    const { params } = match;
    for (const options of data.now?.(params, storedRights(user, params.id ?? '')) ?? []) if (options) prefetch(queryClient, options);
    const { withProject } = data;
    if (withProject && params.id) {
      // Shares the project's request with the frame's.
      queryClient
        .fetchQuery(projectQuery(params.id))
        .then((project) => {
          for (const options of withProject(project)) if (options) prefetch(queryClient, options);
        })
        .catch(() => undefined);
    }
  }
}

export type FirstScreenPreload = {
  /** The session guard has an access token for a navigation to `path`: called for the first navigation only, it starts the screen's data. */
  onAccessToken: (path: string) => void;
};

/**
 * A deep link or a reload: starts the chunks of the screen at `path` now, beside the session check, and its main
 * queries as soon as the session guard has an access token (onAccessToken), instead of one after another
 * (session, project, the screen's chunk, its data). Only the first navigation is preloaded: later ones start
 * from a running app.
 */
export function preloadFirstScreen(queryClient: QueryClient, routes: RouteObject[], path: string): FirstScreenPreload {
  const matches = matchRoutes(routes, path) ?? [];
  for (const match of matches) preloadElement(match.route.element);
  let asked = false;
  return {
    onAccessToken(navigationPath) {
      if (asked) return;
      asked = true;
      if (navigationPath === path) startScreenData(queryClient, matches, getStoredUser());
    },
  };
}
