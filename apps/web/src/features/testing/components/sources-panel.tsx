import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Project } from '@aegis/contracts';
import { RetryAlert } from '../../../components/retry-alert';
import { SectionHeading } from '../../../components/section-heading';
import { useSources } from '../api/sources-api';
import { NewSourceDialog } from './new-source-dialog';
import { SourceCard } from './source-card';

/** Where the project's metrics come from: its sources, each with its metrics and its way in. */
export function SourcesPanel({ project }: { project: Project }) {
  const sources = useSources(project.id);
  const [adding, setAdding] = useState(false);
  const canCreate = project.rights.includes('testing_metrics:create');
  const newButton = (label: string) =>
    canCreate && (
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
        {label}
      </Button>
    );

  let body;
  if (sources.isPending) body = <LinearProgress aria-label="Loading the sources" />;
  else if (sources.isError) body = <RetryAlert onRetry={() => void sources.refetch()}>The sources could not be loaded.</RetryAlert>;
  else if (sources.data.items.length === 0) {
    body = (
      <Paper variant="outlined">
        <Stack spacing={1.5} sx={{ p: 4, alignItems: 'center', textAlign: 'center' }}>
          <Typography color="text.secondary">
            No sources yet. Add one for each place numbers come from: a training or monitoring pipeline (API), a file, values typed by hand, or a model card’s
            published results.
          </Typography>
          {newButton('Add the first source')}
        </Stack>
      </Paper>
    );
  } else body = <Stack spacing={2}>{sources.data.items.map((source) => <SourceCard key={source.id} project={project} source={source} />)}</Stack>;

  return (
    <Box component="section" aria-labelledby="sources-title">
      <SectionHeading id="sources-title" level={3} title="Sources & metrics" description="Where the numbers come from, and the metrics tests judge." action={newButton('New source')} />
      {body}
      {canCreate && <NewSourceDialog key={adding ? 'open' : 'closed'} projectId={project.id} open={adding} onClose={() => setAdding(false)} />}
    </Box>
  );
}
