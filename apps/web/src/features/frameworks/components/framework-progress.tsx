import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { WORK_ITEM_STATUSES, WORK_ITEM_STATUS_LABELS, type ProjectFramework } from '@aegis/contracts';

type Props = { framework: Pick<ProjectFramework, 'name' | 'controls_by_status'>; compact?: boolean };

export function progressOf(counts: ProjectFramework['controls_by_status']): { approved: number; total: number; percent: number } {
  const total = WORK_ITEM_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  const approved = counts.approved;
  return { approved, total, percent: total === 0 ? 0 : Math.round((approved / total) * 100) };
}

/**
 * How far a framework's controls are: approved out of all, as a bar and in words, with the count of
 * every status as text (compact: only the statuses that have controls).
 */
export function FrameworkProgress({ framework, compact = false }: Props) {
  const { approved, total, percent } = progressOf(framework.controls_by_status);
  if (total === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No controls yet.
      </Typography>
    );
  }
  const statuses = WORK_ITEM_STATUSES.filter((status) => !compact || framework.controls_by_status[status] > 0);
  return (
    <Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={`${framework.name}: ${approved} of ${total} controls approved`}
        sx={{ height: 8, borderRadius: 4, my: 0.5 }}
      />
      <Typography variant="body2">{`${approved} of ${total} controls approved (${percent} %)`}</Typography>
      <Box component="ul" aria-label={`${framework.name}: controls by status`} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, m: 0, p: 0, listStyle: 'none' }}>
        {statuses.map((status) => (
          <Typography component="li" variant="caption" color="text.secondary" key={status}>
            {`${WORK_ITEM_STATUS_LABELS[status]}: ${framework.controls_by_status[status]}`}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
