import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PROJECT_ROLE_DESCRIPTIONS, PROJECT_ROLES } from '@aegis/contracts';
import { PROJECT_ROLE_LABELS } from '../project-labels';

/** What each project role is for (spec section 3), beside the list of who holds them. */
export function ProjectRolesLegend() {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5 }}>
      {PROJECT_ROLES.map((role) => (
        <Box key={role} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            {PROJECT_ROLE_LABELS[role]}
          </Typography>
          <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
            {PROJECT_ROLE_DESCRIPTIONS[role]}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
