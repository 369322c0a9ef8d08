import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { KEEP_FILTERS, risksPath, type BackLinkState } from '../../../lib/project-paths';

/** The way back to the register the risk was opened from, with its filters as they were; the plain register otherwise. */
export function RiskBreadcrumbs({ projectId, label }: { projectId: string; label: string }) {
  const back = (useLocation().state as BackLinkState | null)?.back;
  return (
    <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2 }}>
      <Link component={RouterLink} to={back ? { pathname: back.pathname, search: back.search } : risksPath(projectId)} state={KEEP_FILTERS} underline="hover">
        {back?.label ?? 'Risks'}
      </Link>
      <Typography color="text.primary" aria-current="page">
        {label}
      </Typography>
    </Breadcrumbs>
  );
}
