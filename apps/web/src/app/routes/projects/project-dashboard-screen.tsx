import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ClassificationCard } from '../../../features/applicability/components/classification-card';
import { CommentThread } from '../../../features/comments/components/comment-thread';
import { ProjectFrameworksCard } from '../../../features/frameworks/components/project-frameworks-card';
import { useOrganizationFeatures } from '../../../features/organizations/api/get-organization-config';
import { ActivityList } from '../../../features/logs/components/activity-list';
import { MembersCard } from '../../../features/projects/components/members-card';
import { ProjectCountsCard } from '../../../features/projects/components/project-counts-card';
import { ProjectAboutCard } from '../../../features/projects/components/project-about-card';
import { useFramedProject } from '../../../features/projects/project-outlet';
import { RiskDashboardCard } from '../../../features/risks/components/risk-dashboard-card';
import { TestingDashboardCard } from '../../../features/testing/components/testing-dashboard-card';
import { usePageTitle } from '../../../components/use-page-title';

/** project-dashboard: what the project is, how the EU AI Act classifies it, how far its frameworks are, its risks, its automated tests, who works on it, what happened lately and its discussion. */
export function ProjectDashboardScreen() {
  const project = useFramedProject();
  usePageTitle('Dashboard', project.name);
  const { contentManagementEnabled } = useOrganizationFeatures(project.organization_id);
  const can = (right: (typeof project.rights)[number]) => project.rights.includes(right);

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
      <ProjectAboutCard project={project} />
      {can('eu_ai_act_settings:read') && <ClassificationCard projectId={project.id} />}
      {can('frameworks:read') && (
        // Editors apply frameworks here: they have no Settings tab.
        <ProjectFrameworksCard
          project={project}
          abilities={{ apply: can('frameworks:create'), remove: false }}
          contentManagementEnabled={contentManagementEnabled}
        />
      )}
      {can('dashboard:read') && <ProjectCountsCard projectId={project.id} />}
      {can('risks:read') && <RiskDashboardCard projectId={project.id} />}
      {can('testing_test:read') && <TestingDashboardCard projectId={project.id} />}
      {can('dashboard:read') && <MembersCard projectId={project.id} />}
      {can('comments:read') && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <CommentThread projectId={project.id} objectType="project" objectId={project.id} canComment={can('comments:create')} />
        </Paper>
      )}
      {can('logs:read') && (
        <Paper variant="outlined" component="section" aria-labelledby="project-activity-title" sx={{ p: 3 }}>
          <Typography id="project-activity-title" variant="h6" component="h2" gutterBottom>
            Recent activity
          </Typography>
          <ActivityList projectId={project.id} objectId={project.id} />
        </Paper>
      )}
    </Box>
  );
}

export default ProjectDashboardScreen;
