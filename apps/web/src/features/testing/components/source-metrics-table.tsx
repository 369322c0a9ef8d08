import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TestingMetric } from '@aegis/contracts';
import { formatDateTime } from '../../../lib/format';
import { DIRECTION_LABELS, formatMetricValue } from '../testing-labels';
import { StaleMarker } from './stale-marker';

const every = (hours: number | null) => (hours === null ? 'Whenever they come' : hours % 24 === 0 ? `Every ${hours / 24 === 1 ? 'day' : `${hours / 24} days`}` : `Every ${hours === 1 ? 'hour' : `${hours} hours`}`);

/** A source's metrics: the last value and when it came, how often values are expected, and whether they stopped coming. */
export function SourceMetricsTable({ metrics, labelledBy }: { metrics: TestingMetric[]; labelledBy: string }) {
  return (
    <Table size="small" aria-labelledby={labelledBy} sx={{ '& td, & th': { px: 1 } }}>
      <TableHead>
        <TableRow>
          <TableCell>Metric</TableCell>
          <TableCell>Last value</TableCell>
          <TableCell>Expected</TableCell>
          <TableCell>Values</TableCell>
          <TableCell>Metric id</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {metrics.map((metric) => (
          <TableRow key={metric.id}>
            <TableCell component="th" scope="row">
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {metric.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {DIRECTION_LABELS[metric.direction]}
              </Typography>
            </TableCell>
            <TableCell>
              <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                <Typography variant="body2">{formatMetricValue(metric.last_value, metric.unit)}</Typography>
                {metric.stale && <StaleMarker />}
              </Stack>
              <Typography variant="caption" color="text.secondary">
                {metric.last_value_at ? formatDateTime(metric.last_value_at) : 'No value yet'}
              </Typography>
            </TableCell>
            <TableCell>
              <Typography variant="body2">{every(metric.expected_every_hours)}</Typography>
            </TableCell>
            <TableCell>
              <Typography variant="body2">{metric.value_count.toLocaleString('en')}</Typography>
            </TableCell>
            <TableCell>
              <Typography variant="caption" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', overflowWrap: 'anywhere' }}>
                {metric.id}
              </Typography>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
