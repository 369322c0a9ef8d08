import { BarChart } from '@mui/x-charts/BarChart';
import { PROJECT_ROLES, type ProjectDashboard } from '@aegis/contracts';
import { PROJECT_ROLE_LABELS } from './project-labels';

/**
 * The members by role as bars, in a chunk of its own (the charts library is large). A picture only:
 * the card carries the same numbers as a table for screen readers, so the chart stays out of the
 * accessibility tree and out of the Tab order.
 */
export function MembersByRoleChart({ byRole, height }: { byRole: ProjectDashboard['members_by_role']; height: number }) {
  return (
    <div aria-hidden>
      <BarChart
        height={height}
        xAxis={[{ scaleType: 'band', data: PROJECT_ROLES.map((role) => PROJECT_ROLE_LABELS[role]) }]}
        yAxis={[{ tickMinStep: 1, min: 0 }]}
        series={[{ data: PROJECT_ROLES.map((role) => byRole[role] ?? 0), label: 'Members' }]}
        hideLegend
        disableKeyboardNavigation
        margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
      />
    </div>
  );
}

export default MembersByRoleChart;
