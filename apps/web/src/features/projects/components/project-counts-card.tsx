import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { REQUIREMENT_STATUS_LABELS, REQUIREMENT_STATUSES, WORK_ITEM_STATUS_LABELS, WORK_ITEM_STATUSES } from '@aegis/contracts';
import { RetryAlert } from '../../../components/retry-alert';
import { controlsPath, KEEP_FILTERS, requirementsPath } from '../../../lib/project-paths';
import { useProjectDashboard } from '../api/get-project-dashboard';

const to = (pathname: string, params: Record<string, string> = {}) => ({ pathname, search: Object.keys(params).length ? `?${new URLSearchParams(params)}` : '' });

/** A number that opens the list it counts, filtered the same way (0 is plain text: nothing to open). */
function CountLink({ count, children, target }: { count: number; children: ReactNode; target: ReturnType<typeof to> }) {
  if (count === 0) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        <strong>0</strong> {children}
      </Typography>
    );
  }
  return (
    <Link component={RouterLink} to={target} state={KEEP_FILTERS} variant="body2">
      <strong>{count}</strong> {children}
    </Link>
  );
}

function Row({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Box component="li" sx={{ py: 1, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>{children}</Box>
    </Box>
  );
}

/**
 * The project at a glance: its requirements and controls by status and what awaits the user's review.
 * Each number is the total of the list it links to (the API counts both with one query), so clicking
 * it shows exactly that many.
 */
export function ProjectCountsCard({ projectId }: { projectId: string }) {
  const dashboard = useProjectDashboard(projectId);
  const data = dashboard.data;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="project-counts-title" sx={{ p: 3 }}>
      <Typography id="project-counts-title" variant="h6" component="h2" gutterBottom>
        At a glance
      </Typography>
      {dashboard.isPending && <LinearProgress aria-label="Loading the counts" />}
      {dashboard.isError && <RetryAlert onRetry={() => void dashboard.refetch()}>The counts could not be loaded.</RetryAlert>}
      {data && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          <Row title={<CountLink count={data.requirements.total} target={to(requirementsPath(projectId))}>{data.requirements.total === 1 ? 'requirement' : 'requirements'}</CountLink>}>
            {REQUIREMENT_STATUSES.map((status) => (
              <CountLink key={status} count={data.requirements.by_status[status]} target={to(requirementsPath(projectId), { status })}>
                {REQUIREMENT_STATUS_LABELS[status].toLowerCase()}
              </CountLink>
            ))}
          </Row>
          <Row title={<CountLink count={data.controls.total} target={to(controlsPath(projectId))}>{data.controls.total === 1 ? 'control' : 'controls'}</CountLink>}>
            {WORK_ITEM_STATUSES.map((status) => (
              <CountLink key={status} count={data.controls.by_status[status]} target={to(controlsPath(projectId), { status })}>
                {WORK_ITEM_STATUS_LABELS[status].toLowerCase()}
              </CountLink>
            ))}
          </Row>
          <Row title="Reviews">
            <CountLink count={data.to_review} target={to(controlsPath(projectId), { is_assigned_to_me_for_review: 'true' })}>
              {data.to_review === 1 ? 'control awaits your review' : 'controls await your review'}
            </CountLink>
          </Row>
        </Box>
      )}
    </Paper>
  );
}
