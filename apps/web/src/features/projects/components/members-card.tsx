import { Suspense } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PROJECT_ROLES, type ProjectDashboard } from '@aegis/contracts';
import { FallbackBoundary } from '../../../components/fallback-boundary';
import { visuallyHidden } from '../../../components/visually-hidden';
import { lazyWithReload } from '../../../lib/lazy-route';
import { useProjectDashboard } from '../api/get-project-dashboard';
import { PROJECT_ROLE_LABELS } from './project-labels';
import { RetryAlert } from '../../../components/retry-alert';

// The counts show at once; the chart follows when its library has loaded.
const MembersByRoleChart = lazyWithReload(() => import('./members-by-role-chart'));
const CHART_HEIGHT = 220;

/** The chart's text alternative: the same numbers as a table, for screen readers. */
function MembersByRoleTable({ byRole }: { byRole: ProjectDashboard['members_by_role'] }) {
  return (
    <Box component="table" sx={visuallyHidden}>
      <caption>Members by role</caption>
      <thead>
        <tr>
          <th scope="col">Role</th>
          <th scope="col">Members</th>
        </tr>
      </thead>
      <tbody>
        {PROJECT_ROLES.map((role) => (
          <tr key={role}>
            <th scope="row">{PROJECT_ROLE_LABELS[role]}</th>
            <td>{byRole[role] ?? 0}</td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

/** How many people work on the project, and in which roles (a member may hold several). */
export function MembersCard({ projectId }: { projectId: string }) {
  const dashboard = useProjectDashboard(projectId);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="project-members-title" sx={{ p: 3 }}>
      <Typography id="project-members-title" variant="h6" component="h2" gutterBottom>
        Members
      </Typography>
      {dashboard.isPending && <LinearProgress aria-label="Loading the members" />}
      {dashboard.isError && (
        <RetryAlert onRetry={() => void dashboard.refetch()}>
          The member counts could not be loaded.
        </RetryAlert>
      )}
      {dashboard.data && (
        <>
          <Typography>
            <Box component="span" sx={{ fontSize: '2.5rem', fontWeight: 600, mr: 1 }}>
              {dashboard.data.members}
            </Box>
            {dashboard.data.members === 1 ? 'member' : 'members'}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            A member may hold several roles.
          </Typography>
          <MembersByRoleTable byRole={dashboard.data.members_by_role} />
          {/* The table above says the same: a chart that cannot load or draw leaves nothing missing. */}
          <FallbackBoundary fallback={null}>
            <Suspense fallback={<Box sx={{ height: CHART_HEIGHT }} />}>
              <MembersByRoleChart byRole={dashboard.data.members_by_role} height={CHART_HEIGHT} />
            </Suspense>
          </FallbackBoundary>
        </>
      )}
    </Paper>
  );
}
