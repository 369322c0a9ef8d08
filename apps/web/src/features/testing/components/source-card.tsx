import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TESTING_SOURCE_KIND_LABELS, type Project, type TestingSource } from '@aegis/contracts';
import { RetryAlert } from '../../../components/retry-alert';
import { formatDateTime } from '../../../lib/format';
import { useMetrics } from '../api/metrics-api';
import { AddValueDialog } from './add-value-dialog';
import { NewMetricDialog } from './new-metric-dialog';
import { PushFromPipelinePanel } from './push-from-pipeline-panel';
import { SourceMetricsTable } from './source-metrics-table';
import { SyncModelCardButton } from './sync-model-card-button';
import { UploadValuesPanel } from './upload-values-panel';

/** One source: its kind, its metrics with their last values, and the way its values come in. */
export function SourceCard({ project, source }: { project: Project; source: TestingSource }) {
  const metrics = useMetrics(project.id, source.id);
  const [dialog, setDialog] = useState<'metric' | 'value' | null>(null);
  const can = (right: Project['rights'][number]) => project.rights.includes(right);
  const items = metrics.data?.items ?? [];
  const titleId = `source-${source.id}-title`;

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 1 }}>
        <div>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography id={titleId} variant="h6" component="h4">
              {source.name}
            </Typography>
            <Chip size="small" variant="outlined" label={TESTING_SOURCE_KIND_LABELS[source.kind]} />
          </Stack>
          {source.description && <Typography color="text.secondary">{source.description}</Typography>}
          <Typography variant="body2" color="text.secondary">
            {source.kind === 'asset_card' && source.asset_card_name ? `Reads ${source.asset_card_name}. ` : ''}
            {source.last_value_at ? `Last value ${formatDateTime(source.last_value_at)}` : 'No value yet'}
          </Typography>
        </div>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          {source.kind === 'manual' && can('testing_logs:create') && items.length > 0 && (
            <Button variant="outlined" onClick={() => setDialog('value')}>
              Add value
            </Button>
          )}
          {source.kind === 'asset_card' && can('testing_metrics:create') && <SyncModelCardButton projectId={project.id} source={source} />}
          {can('testing_metrics:create') && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog('metric')}>
              New metric
            </Button>
          )}
        </Stack>
      </Stack>
      {metrics.isPending && <LinearProgress aria-label={`Loading the metrics of ${source.name}`} />}
      {metrics.isError && <RetryAlert onRetry={() => void metrics.refetch()}>The metrics could not be loaded.</RetryAlert>}
      {metrics.isSuccess && items.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          No metric yet. Add the numbers this source measures{source.kind === 'asset_card' ? ', or read the model card to take them from its results' : ''}.
        </Typography>
      )}
      {items.length > 0 && <SourceMetricsTable metrics={items} labelledBy={titleId} />}
      {source.kind === 'api' && <PushFromPipelinePanel projectId={project.id} sourceId={source.id} metrics={items} />}
      {source.kind === 'file' && can('testing_logs:create') && <UploadValuesPanel projectId={project.id} sourceId={source.id} />}
      {dialog === 'metric' && <NewMetricDialog projectId={project.id} source={source} open onClose={() => setDialog(null)} />}
      {dialog === 'value' && <AddValueDialog projectId={project.id} metrics={items} open onClose={() => setDialog(null)} />}
    </Paper>
  );
}
