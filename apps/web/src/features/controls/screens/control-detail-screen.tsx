import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { ControlDetail, Project } from '@aegis/contracts';
import { PageProgress } from '../../../components/page-progress';
import { RetryAlert } from '../../../components/retry-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { ApiError } from '../../../lib/errors';
import { controlsPath } from '../../../lib/project-paths';
import { useControl } from '../api/get-control';
import { useOrganizationTags } from '../api/list-organization-tags';
import { AssessmentsSection } from '../components/assessments-section';
import { ControlAbout } from '../components/control-about';
import { ControlBreadcrumbs } from '../components/control-breadcrumbs';
import { ControlHeader } from '../components/control-header';
import { PeopleSection } from '../components/people-section';
import { PlanningSection } from '../components/planning-section';
import { SatisfiesSection } from '../components/satisfies-section';
import { StatusHistorySection } from '../../../components/status-history-section';

type Props = {
  project: Project;
  controlCode: string;
  /** What other features add beside the control, composed by the route: its review, its comments, its activity. */
  review?: (control: ControlDetail) => ReactNode;
  discussion?: (control: ControlDetail) => ReactNode;
  activity?: (control: ControlDetail) => ReactNode;
};

function NotFound({ projectId, controlCode }: { projectId: string; controlCode: string }) {
  return (
    <Box role="alert" sx={{ py: 4 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        Control not found
      </Typography>
      <Typography sx={{ mb: 2 }}>This project has no control {controlCode}. It may have left the project with the framework that brought it.</Typography>
      <Link component={RouterLink} to={controlsPath(projectId)}>
        Go to the project’s controls
      </Link>
    </Box>
  );
}

/** project-control-detail: one control, what it asks, the requirements it satisfies, who works on it, and its record. */
export function ControlDetailScreen({ project, controlCode, review, discussion, activity }: Props) {
  const query = useControl(project.id, controlCode);
  usePageTitle(query.data ? `${query.data.control_code} ${query.data.title}` : controlCode, project.name);
  const organizationId = useQuery(currentUserQueryOptions()).data?.organization?.id;
  const can = (right: Project['rights'][number]) => project.rights.includes(right);
  const canUpdate = can('controls:update');
  const tags = useOrganizationTags(canUpdate ? organizationId : undefined);

  let body: ReactNode;
  if (query.isPending) body = <PageProgress label="Loading the control…" />;
  else if (query.isError && !query.data) {
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 422);
    body = missing ? <NotFound projectId={project.id} controlCode={controlCode} /> : <RetryAlert onRetry={() => void query.refetch()}>The control could not be loaded.</RetryAlert>;
  } else {
    const control = query.data!;
    body = (
      <Box component="article" aria-labelledby="control-title">
        <ControlHeader projectId={project.id} control={control} canUpdate={canUpdate} />
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            {review?.(control)}
            <ControlAbout control={control} />
            <SatisfiesSection projectId={project.id} control={control} />
            {can('control_assessments:read') && <AssessmentsSection projectId={project.id} controlCode={control.control_code} canAssess={can('control_assessments:create') && !control.locked} />}
            {discussion?.(control)}
          </Stack>
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            <PeopleSection projectId={project.id} control={control} canAssign={can('controls:assignee_update')} />
            <PlanningSection projectId={project.id} control={control} tags={tags.data ?? []} canUpdate={canUpdate} />
            <StatusHistorySection id="control-status-history" history={control.status_history} />
            {activity?.(control)}
          </Stack>
        </Box>
      </Box>
    );
  }

  return (
    <Box>
      <ControlBreadcrumbs projectId={project.id} controlCode={controlCode} />
      {body}
    </Box>
  );
}
