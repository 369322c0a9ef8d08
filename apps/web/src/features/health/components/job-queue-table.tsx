import type { JobQueueState } from '@aegis/contracts';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../lib/format';
import { HealthStateLabel } from './health-state-label';

/** A job's cron expression (UTC) in words, for the intervals the API declares; anything else as written. */
export function describeSchedule(cron: string | null): string {
  if (cron === null) return 'On demand';
  if (cron === '* * * * *') return 'Every minute';
  if (cron === '0 0 * * *') return 'Daily at 00:00 UTC';
  const minutes = /^\*\/(\d+) \* \* \* \*$/.exec(cron);
  if (minutes) return `Every ${minutes[1]} minutes`;
  const hours = /^0 \*\/(\d+) \* \* \*$/.exec(cron);
  if (hours) return `Every ${hours[1]} hours`;
  return `Schedule ${cron} (UTC)`;
}

function counts(queue: JobQueueState): string {
  const parts = [`${queue.queued} waiting`, `${queue.active} running`];
  if (queue.retrying > 0) parts.push(`${queue.retrying} to retry`);
  if (queue.failed > 0) parts.push(`${queue.failed} failed today`);
  return parts.join(' · ');
}

/** Each background job's queue: its state, when it runs, what waits in it, and its last completed run. */
export function JobQueueTable({ queues }: { queues: JobQueueState[] }) {
  return (
    <TableContainer sx={{ mt: 1 }}>
      <Table size="small" aria-label="Job queues">
        <TableHead>
          <TableRow>
            <TableCell>Job</TableCell>
            <TableCell>State</TableCell>
            <TableCell>Queue</TableCell>
            <TableCell>Last completed</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {queues.map((queue) => (
            <TableRow key={queue.name}>
              <TableCell>
                <Typography variant="body2">{queue.label}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {describeSchedule(queue.schedule)}
                </Typography>
              </TableCell>
              <TableCell>
                <HealthStateLabel state={queue.status} />
              </TableCell>
              <TableCell>{counts(queue)}</TableCell>
              <TableCell>{queue.last_completed_at ? formatDateTime(queue.last_completed_at) : 'Not yet'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
