import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNavigation } from 'react-router';
import { PageProgress } from '../../components/page-progress';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { useOrganizationFeatures } from '../../features/organizations/api/get-organization-config';
import { currentUserQueryOptions } from '../../lib/current-user';
import { clientConfigQuery } from '../../lib/client-config';
import { useRouteMeta } from '../route-meta';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { ProfilePanel } from './profile-panel';
import { SideDrawer } from './side-drawer';
import { SmallScreenBanner } from './small-screen-banner';
import { useLayoutStart } from './use-layout-start';

/** Header, side drawer, footer around the screens of a signed-in user (spec section 2). */
export function DefaultLayout({ hideHeader, children }: { hideHeader: boolean; children: ReactNode }) {
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'));
  const meta = useRouteMeta();
  const navigating = useNavigation().state === 'loading';
  // The session guard loaded both before this renders; these read the cache.
  const { data: user } = useQuery(currentUserQueryOptions());
  const features = useOrganizationFeatures(user?.organization?.id);
  const { data: clientConfig } = useQuery(clientConfigQuery);
  const [mobileMenuOpen, setMobileMenuOpen] = useState(false);
  const [profileAnchor, setProfileAnchor] = useState<HTMLElement | null>(null);
  useLayoutStart(clientConfig);

  if (!user) return <PageProgress label="Loading your account…" />;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink />
      <SideDrawer
        user={user}
        vendorsEnabled={features.vendorsEnabled}
        docsUrl={clientConfig?.docs_url}
        isDesktop={isDesktop}
        mobileOpen={mobileMenuOpen}
        onMobileClose={() => setMobileMenuOpen(false)}
        onOpenProfile={setProfileAnchor}
      />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {!hideHeader && (
          <AppHeader
            user={user}
            greet={meta?.name === 'home'}
            onOpenMenu={isDesktop ? undefined : () => setMobileMenuOpen(true)}
            profileOpen={profileAnchor !== null}
            onOpenProfile={setProfileAnchor}
          />
        )}
        {navigating && <LinearProgress aria-label="Loading the page" />}
        {!isDesktop && <SmallScreenBanner />}
        <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flexGrow: 1, p: { xs: 2, md: 3 }, outline: 'none' }}>
          {children}
        </Box>
        <AppFooter statusUrl={clientConfig?.status_url} />
      </Box>
      <ProfilePanel
        user={user}
        anchorEl={profileAnchor}
        onClose={() => setProfileAnchor(null)}
        onNavigate={() => {
          setProfileAnchor(null);
          setMobileMenuOpen(false);
        }}
      />
    </Box>
  );
}
