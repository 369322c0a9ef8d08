import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Project, RiskDetail } from '@aegis/contracts';
import { PageProgress } from '../../../components/page-progress';
import { RetryAlert } from '../../../components/retry-alert';
import { StatusHistorySection } from '../../../components/status-history-section';
import { usePageTitle } from '../../../components/use-page-title';
import { ApiError } from '../../../lib/errors';
import { risksPath } from '../../../lib/project-paths';
import { useRisk } from '../api/get-risk';
import { LinkedControlsSection } from '../components/linked-controls-section';
import { RiskBreadcrumbs } from '../components/risk-breadcrumbs';
import { RiskDetailsSection } from '../components/risk-details-section';
import { RiskHeader } from '../components/risk-header';
import { RiskPeopleSection } from '../components/risk-people-section';
import { ScoringSection } from '../components/scoring-section';
import { StrategiesSection } from '../components/strategies-section';
import { TreatmentSection } from '../components/treatment-section';
import { useRiskRules } from '../use-risk-rules';

type Props = {
  project: Project;
  riskId: string;
  /** What other features add beside the risk, composed by the route: its review, its comments, its activity. */
  review?: (risk: RiskDetail) => ReactNode;
  discussion?: (risk: RiskDetail) => ReactNode;
  activity?: (risk: RiskDetail) => ReactNode;
};

function NotFound({ projectId }: { projectId: string }) {
  return (
    <Box role="alert" sx={{ py: 4 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        Risk not found
      </Typography>
      <Typography sx={{ mb: 2 }}>This project has no such risk. It may have been deleted.</Typography>
      <Link component={RouterLink} to={risksPath(projectId)}>
        Go to the project’s risks
      </Link>
    </Box>
  );
}

/**
 * project-risk-detail: one risk — its scores on the organization's matrix, its treatment and actions,
 * the controls that reduce it, who works on it, and its record. Read-only for readers and while approved.
 */
export function RiskDetailScreen({ project, riskId, review, discussion, activity }: Props) {
  const query = useRisk(project.id, riskId);
  usePageTitle(query.data ? `${query.data.reference} ${query.data.name}` : 'Risk', project.name);
  const rules = useRiskRules(project.organization_id);
  const rights = project.rights;
  const can = (right: Project['rights'][number]) => rights.includes(right);
  const canUpdate = can('risks:update');

  let body: ReactNode;
  if (query.isPending) body = <PageProgress label="Loading the risk…" />;
  else if (query.isError && !query.data) {
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 422);
    body = missing ? <NotFound projectId={project.id} /> : <RetryAlert onRetry={() => void query.refetch()}>The risk could not be loaded.</RetryAlert>;
  } else {
    const risk = query.data!;
    body = (
      <Box component="article" aria-labelledby="risk-title">
        <RiskHeader projectId={project.id} risk={risk} canUpdate={canUpdate} />
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            {review?.(risk)}
            <ScoringSection projectId={project.id} risk={risk} rules={rules} canUpdate={canUpdate} />
            {can('risk_treatment:read') && <TreatmentSection projectId={project.id} risk={risk} rules={rules} rights={rights} />}
            {can('treatment_strategy:read') && <StrategiesSection projectId={project.id} risk={risk} rights={rights} />}
            {can('risks_controls:read') && <LinkedControlsSection projectId={project.id} risk={risk} rights={rights} />}
            {discussion?.(risk)}
          </Stack>
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            <RiskDetailsSection projectId={project.id} risk={risk} canUpdate={canUpdate} />
            <RiskPeopleSection projectId={project.id} risk={risk} canAssign={can('risks:assignee_update')} />
            <StatusHistorySection id="risk-status-history" history={risk.status_history} emptyText="Ready since it was added; no change yet." />
            {activity?.(risk)}
          </Stack>
        </Box>
      </Box>
    );
  }

  return (
    <Box>
      <RiskBreadcrumbs projectId={project.id} label={query.data?.reference ?? 'Risk'} />
      {body}
    </Box>
  );
}
