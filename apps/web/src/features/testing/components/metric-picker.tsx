import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TestingMetric } from '@aegis/contracts';

type Props = {
  metrics: readonly TestingMetric[];
  pending: boolean;
  value: string;
  onChange: (metric: TestingMetric) => void;
  error?: string;
  autoFocus?: boolean;
};

/** Chooses the metric a test judges among every source's metrics, grouped by source. */
export function MetricPicker({ metrics, pending, value, onChange, error, autoFocus }: Props) {
  const bySource = new Map<string, TestingMetric[]>();
  for (const metric of metrics) bySource.set(metric.source_name, [...(bySource.get(metric.source_name) ?? []), metric]);
  const items = [...bySource.entries()].flatMap(([source, inSource]) => [
    <ListSubheader key={`source-${source}`}>{source}</ListSubheader>,
    ...inSource.map((metric) => (
      <MenuItem key={metric.id} value={metric.id}>
        {metric.name}
        {metric.unit ? ` (${metric.unit})` : ''}
      </MenuItem>
    )),
  ]);
  const none = !pending && metrics.length === 0;
  return (
    <TextField
      select
      name="metric_id"
      label="Metric"
      required
      fullWidth
      autoFocus={autoFocus}
      value={metrics.some((metric) => metric.id === value) ? value : ''}
      onChange={(event) => {
        const chosen = metrics.find((metric) => metric.id === event.target.value);
        if (chosen) onChange(chosen);
      }}
      disabled={none}
      error={Boolean(error)}
      helperText={error ?? (pending ? 'Loading the metrics…' : none ? 'No metric yet: add a source and a metric under Sources & metrics first' : 'The metric whose values the test judges')}
    >
      {items}
    </TextField>
  );
}
