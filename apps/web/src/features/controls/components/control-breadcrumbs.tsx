import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { controlsPath, KEEP_FILTERS, type BackLinkState } from '../../../lib/project-paths';

/**
 * The way back to the list the control was opened from, with its filters as they were (the list
 * keeps them, being told so in the navigation state); the plain controls list otherwise.
 */
export function ControlBreadcrumbs({ projectId, controlCode }: { projectId: string; controlCode: string }) {
  const back = (useLocation().state as BackLinkState | null)?.back;
  return (
    <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2 }}>
      <Link component={RouterLink} to={back ? { pathname: back.pathname, search: back.search } : controlsPath(projectId)} state={KEEP_FILTERS} underline="hover">
        {back?.label ?? 'Controls'}
      </Link>
      <Typography color="text.primary" aria-current="page">
        {controlCode}
      </Typography>
    </Breadcrumbs>
  );
}
