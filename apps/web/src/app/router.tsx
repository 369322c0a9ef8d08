import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { PageProgress } from '../components/page-progress';
import { PageTitle } from '../components/use-page-title';
import { createAdminAccessLoader, createPlatformFrameworksAccessLoader } from '../features/admin/admin-access';
import { LoginScreen } from '../features/auth/screens/login-screen';
import { createSessionGuardLoader } from './guards/session-guard-loader';
import { LayoutSwitch } from './layouts/layout-switch';
import { lazyScreen } from './lazy-screen';
import type { RouteMeta } from './route-meta';
import { RouteErrorScreen } from './routes/route-error-screen';

// Every screen but the first one a visitor sees (login) is its own chunk, loaded on first use, or at boot when
// the URL names it (first-screen-preload.ts).
const OAuth2RedirectScreen = lazyScreen(() => import('../features/auth/screens/oauth2-redirect-screen'));
const OAuth2SignupRedirectScreen = lazyScreen(() => import('../features/auth/screens/oauth2-signup-redirect-screen'));
const WrongEmailScreen = lazyScreen(() => import('../features/auth/screens/wrong-email-screen'));
const TokenExpiredScreen = lazyScreen(() => import('../features/auth/screens/token-expired-screen'));
const NoOrganizationScreen = lazyScreen(() => import('../features/auth/screens/no-organization-screen'));
const TermsScreen = lazyScreen(() => import('../features/users/screens/terms-screen'));
const ServiceDownScreen = lazyScreen(() => import('./routes/service-down-screen'));
const ProblemScreen = lazyScreen(() => import('./routes/problem-screen'));
const StatusScreen = lazyScreen(() => import('../features/health/screens/status-screen'));
const HelpScreen = lazyScreen(() => import('../features/help/screens/help-screen'));
const DashboardScreen = lazyScreen(() => import('./routes/dashboard-screen'));
const NotFoundScreen = lazyScreen(() => import('./routes/not-found-screen'));
const NotificationsScreen = lazyScreen(() => import('../features/notifications/screens/notifications-screen'));
const ReviewsScreen = lazyScreen(() => import('../features/reviews/screens/reviews-screen'));
const ApiTokensScreen = lazyScreen(() => import('../features/api-tokens/screens/api-tokens-screen'));
const ProjectsScreen = lazyScreen(() => import('../features/projects/screens/projects-screen'));
const NewProjectScreen = lazyScreen(() => import('../features/projects/screens/new-project-screen'));
const ProjectDetailLayout = lazyScreen(() => import('../features/projects/screens/project-detail-layout'));
const ProjectDashboardScreen = lazyScreen(() => import('./routes/projects/project-dashboard-screen'));
const ProjectSettingsRoute = lazyScreen(() => import('./routes/projects/project-settings-route'));
const ProjectRequirementsScreen = lazyScreen(() => import('./routes/projects/project-requirements-screen'));
const ProjectControlsScreen = lazyScreen(() => import('./routes/projects/project-controls-screen'));
const ProjectControlDetailScreen = lazyScreen(() => import('./routes/projects/project-control-detail-screen'));
const ProjectRisksScreen = lazyScreen(() => import('./routes/projects/project-risks-screen'));
const ProjectRiskDetailScreen = lazyScreen(() => import('./routes/projects/project-risk-detail-screen'));
const ProjectEvidenceScreen = lazyScreen(() => import('./routes/projects/project-evidence-screen'));
const ProjectEvidenceDetailScreen = lazyScreen(() => import('./routes/projects/project-evidence-detail-screen'));
const ProjectAssetsScreen = lazyScreen(() => import('./routes/projects/project-assets-screen'));
const ProjectAssetDetailScreen = lazyScreen(() => import('./routes/projects/project-asset-detail-screen'));
const ProjectTestingScreen = lazyScreen(() => import('./routes/projects/project-testing-screen'));
const ProjectTestDetailScreen = lazyScreen(() => import('./routes/projects/project-test-detail-screen'));
const ProjectScopingScreen = lazyScreen(() => import('./routes/projects/project-scoping-screen'));
const OrganizationLayout = lazyScreen(() => import('./routes/organization/organization-layout'));
const OrganizationIndexScreen = lazyScreen(() => import('./routes/organization/organization-index-screen'));
const OrganizationUsersRoute = lazyScreen(() => import('./routes/organization/organization-users-route'));
const OrganizationSettingsRoute = lazyScreen(() => import('./routes/organization/organization-settings-route'));
const OrganizationFrameworksRoute = lazyScreen(() => import('./routes/organization/organization-frameworks-route'));
const OrganizationFrameworkDetailRoute = lazyScreen(() => import('./routes/organization/organization-framework-detail-route'));
const OrganizationCustomizationScreen = lazyScreen(() => import('../features/tags/screens/organization-customization-screen'));
const AdminArea = lazyScreen(() => import('../features/admin/screens/admin-area'));
const AdminOrganizationsScreen = lazyScreen(() => import('../features/admin/screens/admin-organizations-screen'));
const AdminFrameworksScreen = lazyScreen(() => import('../features/frameworks/screens/admin-frameworks-screen'));
const AdminFrameworkDetailScreen = lazyScreen(() => import('../features/frameworks/screens/admin-framework-detail-screen'));

/** A route with its meta data and its own error boundary (and, for a section's frame, its child routes). */
function route(path: string, handle: RouteMeta, element: ReactNode, children?: RouteObject[]): RouteObject {
  return { path, handle, element, errorElement: <RouteErrorScreen />, ...(children ? { children } : {}) };
}

const plainPublic = (name: string): RouteMeta => ({ name, layout: 'plain', public: true });
/** The sign-in screens are titled here, beside their paths: their titles need nothing they load. */
const titled = (title: string, screen: ReactNode) => (
  <>
    <PageTitle title={title} />
    {screen}
  </>
);
const withLayout = (name: string, extra: Partial<RouteMeta> = {}): RouteMeta => ({ name, layout: 'default', ...extra });

export type RouteOptions = {
  /** Hears the path of a navigation that needs a session as soon as it has an access token (boot.ts). */
  onAccessToken?: (path: string) => void;
};

/**
 * The route table (spec section 2). Two branches under one root: the public screens, and the screens
 * that need a session, whose loader is the session guard. Each branch renders the layout its routes'
 * meta names (layouts/layout-switch.tsx).
 */
export function createRoutes(queryClient: QueryClient, { onAccessToken }: RouteOptions = {}): RouteObject[] {
  const routes: RouteObject[] = [
    {
      id: 'root',
      errorElement: <RouteErrorScreen />,
      children: [
        {
          id: 'public',
          element: <LayoutSwitch />,
          errorElement: <RouteErrorScreen />,
          children: [
            route('/login', plainPublic('login-page'), titled('Sign in', <LoginScreen />)),
            route('/oauth2-redirect', plainPublic('oauth2-redirect'), titled('Signing in', <OAuth2RedirectScreen />)),
            route('/oauth2-signup-redirect', plainPublic('oauth2-signup-redirect'), titled('Signing up', <OAuth2SignupRedirectScreen />)),
            route('/wrong-email', plainPublic('wrong-email'), titled('No account for this email', <WrongEmailScreen />)),
            route('/token-expired', plainPublic('token-expired'), titled('Invitation no longer valid', <TokenExpiredScreen />)),
            route('/service-down', plainPublic('service-down'), <ServiceDownScreen />),
            route('/problem', plainPublic('problem'), <ProblemScreen />),
            route('/no-organization', plainPublic('no-organization'), titled('No organization', <NoOrganizationScreen />)),
            route('/terms', plainPublic('terms'), <TermsScreen />),
            // Built-in targets of the footer's Status link and of Support when STATUS_URL and DOCS_URL are not set.
            route('/status', plainPublic('status'), <StatusScreen />),
            route('/help', plainPublic('help'), <HelpScreen />),
          ],
        },
        {
          id: 'session',
          loader: createSessionGuardLoader(queryClient, () => routes, onAccessToken),
          // The guard runs before every navigation, not only when this branch is first entered.
          shouldRevalidate: () => true,
          hydrateFallbackElement: <PageProgress label="Loading your account…" />,
          element: <LayoutSwitch />,
          errorElement: <RouteErrorScreen />,
          children: [
            route('/', withLayout('home'), <DashboardScreen />),
            route('/dashboard', withLayout('home'), <DashboardScreen />),
            route('/notifications', withLayout('notifications'), <NotificationsScreen />),
            route('/reviews', withLayout('reviews'), <ReviewsScreen />),
            route('/projects', withLayout('projects'), <ProjectsScreen />),
            route('/projects/new-project', withLayout('new-project'), <NewProjectScreen />),
            // The project header (name, type, tabs) around its screens.
            route('/projects/project-detail/:id', withLayout('project-detail'), <ProjectDetailLayout />, [
              { index: true, handle: withLayout('project-dashboard'), element: <ProjectDashboardScreen />, errorElement: <RouteErrorScreen /> },
              route('requirements', withLayout('project-requirements'), <ProjectRequirementsScreen />),
              route('controls', withLayout('project-controls'), <ProjectControlsScreen />),
              route('control-detail/:controlCode', withLayout('project-control-detail'), <ProjectControlDetailScreen />),
              route('risks', withLayout('project-risks'), <ProjectRisksScreen />),
              route('risk-detail/:riskId', withLayout('project-risk-detail'), <ProjectRiskDetailScreen />),
              route('evidence', withLayout('project-evidence'), <ProjectEvidenceScreen />),
              route('evidence-detail/:evidenceId', withLayout('project-evidence-detail'), <ProjectEvidenceDetailScreen />),
              route('assets', withLayout('project-assets'), <ProjectAssetsScreen />),
              route('asset-detail/:assetId', withLayout('project-asset-detail'), <ProjectAssetDetailScreen />),
              route('testing', withLayout('project-testing'), <ProjectTestingScreen />),
              route('test-detail/:testId', withLayout('project-test-detail'), <ProjectTestDetailScreen />),
              route('scoping', withLayout('project-scoping'), <ProjectScopingScreen />),
              route('settings', withLayout('project-settings'), <ProjectSettingsRoute />),
            ]),
            route('/tokens', withLayout('tokens'), <ApiTokensScreen />),
            // The organization header (title and tabs) around its screens; each tab checks its own rights.
            route('/organization', withLayout('organization'), <OrganizationLayout />, [
              { index: true, handle: withLayout('organization'), element: <OrganizationIndexScreen />, errorElement: <RouteErrorScreen /> },
              route('users', withLayout('organization-users'), <OrganizationUsersRoute />),
              route('frameworks', withLayout('organization-frameworks'), <OrganizationFrameworksRoute />),
              route('frameworks/:frameworkCode', withLayout('organization-framework-detail'), <OrganizationFrameworkDetailRoute />),
              route('customization', withLayout('organization-customization'), <OrganizationCustomizationScreen />),
              route('settings', withLayout('organization-settings'), <OrganizationSettingsRoute />),
            ]),
            {
              // Needs internal_metrics:read, else home: the loader decides before the navigation ends.
              ...route('/admin', withLayout('admin'), <AdminArea />, [
                { index: true, handle: withLayout('admin-organizations'), element: <AdminOrganizationsScreen />, errorElement: <RouteErrorScreen /> },
                // Internal admins only, else the organizations tab.
                { ...route('frameworks', withLayout('admin-frameworks'), <AdminFrameworksScreen />), loader: createPlatformFrameworksAccessLoader(queryClient) },
                {
                  ...route('frameworks/:frameworkCode', withLayout('admin-framework-detail'), <AdminFrameworkDetailScreen />),
                  loader: createPlatformFrameworksAccessLoader(queryClient),
                },
              ]),
              loader: createAdminAccessLoader(queryClient),
            },
            route('/not-found', withLayout('not-found', { hideHeader: true }), <NotFoundScreen />),
            route('*', withLayout('not-found', { hideHeader: true }), <NotFoundScreen />),
          ],
        },
      ],
    },
  ];
  return routes;
}
