import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { KEEP_FILTERS, type BackLinkState } from '../../../lib/project-paths';
import { testingPath } from '../testing-paths';

/** The way back to the list the test was opened from, with its filters as they were; the Testing tab otherwise. */
export function TestBreadcrumbs({ projectId, label }: { projectId: string; label: string }) {
  const back = (useLocation().state as BackLinkState | null)?.back;
  return (
    <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2 }}>
      <Link component={RouterLink} to={back ? { pathname: back.pathname, search: back.search } : testingPath(projectId)} state={KEEP_FILTERS} underline="hover">
        {back?.label ?? 'Testing'}
      </Link>
      <Typography color="text.primary" aria-current="page">
        {label}
      </Typography>
    </Breadcrumbs>
  );
}
