import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComponentProps } from 'react';
import { ProjectFrameworks } from './project-frameworks';

type Props = Omit<ComponentProps<typeof ProjectFrameworks>, 'children' | 'compact'>;

/** The project settings' Frameworks section: what the project follows, how far it is, apply and remove. */
export function ProjectFrameworksSection(props: Props) {
  return (
    <ProjectFrameworks {...props}>
      {({ apply, list }) => (
        <Paper component="section" variant="outlined" aria-labelledby="project-frameworks-title" sx={{ p: 3 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 2 }}>
            <div>
              <Typography id="project-frameworks-title" variant="h6" component="h3">
                Frameworks
              </Typography>
              <Typography variant="body2" color="text.secondary">
                The frameworks this project follows, and how many of their controls are approved.
              </Typography>
            </div>
            {apply}
          </Stack>
          {list}
        </Paper>
      )}
    </ProjectFrameworks>
  );
}
