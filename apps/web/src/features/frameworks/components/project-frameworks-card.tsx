import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComponentProps } from 'react';
import { ProjectFrameworks } from './project-frameworks';

type Props = Omit<ComponentProps<typeof ProjectFrameworks>, 'children' | 'compact'>;

/** The dashboard's Frameworks card: progress at a glance, and Apply for those who may. */
export function ProjectFrameworksCard(props: Props) {
  return (
    <ProjectFrameworks {...props} compact>
      {({ apply, list }) => (
        <Paper component="section" variant="outlined" aria-labelledby="project-frameworks-card-title" sx={{ p: 3 }}>
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
            <Typography id="project-frameworks-card-title" variant="h6" component="h2">
              Frameworks
            </Typography>
            {apply}
          </Stack>
          {list}
        </Paper>
      )}
    </ProjectFrameworks>
  );
}
