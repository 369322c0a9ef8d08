import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Project } from '@aegis/contracts';
import { formatDate } from '../../../lib/format';
import { projectTypeNoun } from './project-header';

/** What the project is: its type, description and frameworks. */
export function ProjectAboutCard({ project }: { project: Project }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="project-about-title" sx={{ p: 3 }}>
      <Typography id="project-about-title" variant="h6" component="h2" gutterBottom>
        About this project
      </Typography>
      <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 600, mt: 2 }, '& dt:first-of-type': { mt: 0 }, '& dd': { m: 0 } }}>
        <dt>Type</dt>
        <dd>{projectTypeNoun(project.project_type)}</dd>
        <dt>Description</dt>
        <dd>
          {project.description ? (
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{project.description}</Typography>
          ) : (
            <Typography color="text.secondary">No description</Typography>
          )}
        </dd>
        <dt>Frameworks</dt>
        <dd>
          {project.frameworks.length === 0 ? (
            <Typography color="text.secondary">No frameworks applied yet</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {project.frameworks.map((framework) => (
                <li key={framework.framework_code}>
                  <Typography component="span" sx={{ fontWeight: 500 }}>
                    {framework.name}
                  </Typography>
                </li>
              ))}
            </Box>
          )}
        </dd>
        <dt>Created</dt>
        <dd>{formatDate(project.created_at)}</dd>
      </Box>
    </Paper>
  );
}
