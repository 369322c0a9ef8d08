import { Suspense } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PageProgress } from '../../../components/page-progress';
import { useOrganizationAccess } from './organization-access';
import { OrganizationTabs } from './organization-tabs';

/** The organization area: its name as the page title, the tabs the user may open, then the tab. */
export function OrganizationLayout() {
  const access = useOrganizationAccess();
  if (!access) return null;
  return (
    <Box component="section" aria-labelledby="organization-title">
      <Typography id="organization-title" variant="h4" component="h1" sx={{ mb: 1 }}>
        {access.organization.name}
      </Typography>
      {access.tabs.length > 0 ? <OrganizationTabs tabs={access.tabs} /> : <Box sx={{ mb: 3 }} />}
      {/* The tabs stay while a tab's screen loads. */}
      <Suspense fallback={<PageProgress label="Loading…" />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}

export default OrganizationLayout;
