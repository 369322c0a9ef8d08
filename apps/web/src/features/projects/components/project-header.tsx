import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink } from 'react-router';
import type { Project } from '@aegis/contracts';
import { PROJECT_TYPE_LABELS } from './project-labels';

/** "AI application", "Organization project": the type label reads as a noun on its own. */
export const projectTypeNoun = (type: Project['project_type']) => (type === 'organization' ? `${PROJECT_TYPE_LABELS[type]} project` : PROJECT_TYPE_LABELS[type]);

/** The way back to the list, the project's name as the page title and its type. */
export function ProjectHeader({ project }: { project: Project }) {
  return (
    <Box sx={{ mb: 1 }}>
      <Link component={RouterLink} to="/projects" underline="hover" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}>
        <ArrowBackIcon fontSize="small" aria-hidden />
        Back to projects
      </Link>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography id="project-title" variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {project.name}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={project.project_type === 'ai_application' ? 'primary' : 'secondary'}
          label={projectTypeNoun(project.project_type)}
        />
      </Stack>
    </Box>
  );
}
