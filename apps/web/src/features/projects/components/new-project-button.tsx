import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router';
import { PROJECT_TYPES } from '@aegis/contracts';
import type { OrganizationQuota } from '../api/get-organization-quota';
import { canCreateProject } from '../project-quota';

type Props = { quota: OrganizationQuota | undefined; quotaFailed: boolean; label?: string };

/** Why neither type of project can be created, or null when one can. */
export function newProjectBlocker(quota: OrganizationQuota | undefined, quotaFailed: boolean): string | null {
  if (PROJECT_TYPES.some((type) => canCreateProject(quota, type))) return null;
  if (quota) return 'Your plan’s project quota is used up for both project types. Ask your administrator to raise the quota.';
  return quotaFailed ? 'The project quota could not be loaded, so new projects cannot be created.' : 'Loading the project quota…';
}

/** Leads to the creation form; disabled, with the reason as a tooltip, while no type of project may be created. */
export function NewProjectButton({ quota, quotaFailed, label = 'New project' }: Props) {
  const blocker = newProjectBlocker(quota, quotaFailed);
  if (!blocker) {
    return (
      <Button component={RouterLink} to="/projects/new-project" variant="contained" startIcon={<AddIcon />} sx={{ flexShrink: 0 }}>
        {label}
      </Button>
    );
  }
  return (
    <Tooltip title={blocker}>
      {/* A disabled button gets no pointer events: the wrapper carries the tooltip. */}
      <Box component="span" tabIndex={0} sx={{ flexShrink: 0, display: 'inline-flex' }}>
        <Button variant="contained" startIcon={<AddIcon />} disabled>
          {label}
        </Button>
      </Box>
    </Tooltip>
  );
}
