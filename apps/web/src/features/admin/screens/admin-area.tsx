import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageProgress } from '../../../components/page-progress';
import { AdminHeader } from '../components/admin-header';

/** The frame of the /admin screens: title and tabs stay put while a tab's screen loads. */
export function AdminArea() {
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Admin
      </Typography>
      <AdminHeader />
      <Suspense fallback={<PageProgress label="Loading…" />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}

export default AdminArea;
