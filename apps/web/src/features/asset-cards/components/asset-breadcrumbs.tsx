import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { KEEP_FILTERS, type BackLinkState } from '../../../lib/project-paths';
import { assetsPath } from '../asset-paths';

/** The way back to the list the card was opened from, with its filters as they were; the plain Assets tab otherwise. */
export function AssetBreadcrumbs({ projectId, label }: { projectId: string; label: string }) {
  const back = (useLocation().state as BackLinkState | null)?.back;
  return (
    <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2 }}>
      <Link component={RouterLink} to={back ? { pathname: back.pathname, search: back.search } : assetsPath(projectId)} state={KEEP_FILTERS} underline="hover">
        {back?.label ?? 'Assets'}
      </Link>
      <Typography color="text.primary" aria-current="page">
        {label}
      </Typography>
    </Breadcrumbs>
  );
}
