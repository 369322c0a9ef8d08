import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TREATMENT_OPTION_LABELS, type ProjectPermission, type RiskDetail, type RiskLevel, type RiskMatrix, type RiskTreatment } from '@aegis/contracts';
import { DetailSection } from '../../../components/detail-section';
import { RetryAlert } from '../../../components/retry-alert';
import { formatDateTime } from '../../../lib/format';
import { useRiskTreatment } from '../api/get-risk-treatment';
import { scoresInShort } from '../risk-labels';
import { AcceptanceRecord } from './acceptance-record';
import { RevokeAcceptanceDialog } from './revoke-acceptance-dialog';
import { RiskLevelChip } from './risk-level-chip';
import { OPTION_HINTS, TreatmentForm } from './treatment-form';

function ReadOnlyTreatment({ treatment }: { treatment: RiskTreatment }) {
  if (!treatment.option) return <Typography color="text.secondary">No treatment decided yet.</Typography>;
  return (
    <Stack spacing={1.5}>
      <Box>
        <Typography sx={{ fontWeight: 600 }}>{TREATMENT_OPTION_LABELS[treatment.option]}</Typography>
        <Typography variant="body2" color="text.secondary">
          {OPTION_HINTS[treatment.option]}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} color={treatment.plan ? undefined : 'text.secondary'}>
        {treatment.plan || 'No plan written.'}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          Residual:
        </Typography>
        <RiskLevelChip level={treatment.residual_level} />
        <Typography variant="body2" color="text.secondary">
          {treatment.residual_likelihood && treatment.residual_impact ? scoresInShort(treatment.residual_likelihood, treatment.residual_impact) : 'not assessed — the inherent scores stand'}
        </Typography>
      </Stack>
    </Stack>
  );
}

type Props = { projectId: string; risk: RiskDetail; rules: { matrix: RiskMatrix; appetite: RiskLevel }; rights: readonly ProjectPermission[] };

/**
 * How the risk is treated — mitigate, accept, transfer or avoid — with its plan and residual scores;
 * an accepted risk's acceptance record (revocable, flagged when stale or expired) and the earlier ones.
 * A form for those who may change it while the risk is unlocked.
 */
export function TreatmentSection({ projectId, risk, rules, rights }: Props) {
  const query = useRiskTreatment(projectId, risk.id);
  const [revoking, setRevoking] = useState(false);
  const can = (right: ProjectPermission) => rights.includes(right);
  const treatment = query.data;

  let body;
  if (query.isPending) body = <LinearProgress aria-label="Loading the treatment" />;
  else if (query.isError || !treatment) body = <RetryAlert onRetry={() => void query.refetch()}>The treatment could not be loaded.</RetryAlert>;
  else {
    // A first treatment is a creation: it needs risk_treatment:create as well.
    const editable = !risk.locked && can('risk_treatment:update') && (treatment.option !== null || can('risk_treatment:create'));
    const current = treatment.acceptance;
    const revocable = current !== null && ['active', 'awaiting_review'].includes(current.status) && can('risk_treatment:update');
    const earlier = treatment.acceptance_history.slice(1);
    body = (
      <Stack spacing={3}>
        {editable ? <TreatmentForm key={treatment.updated_at ?? 'new'} projectId={projectId} risk={risk} treatment={treatment} rules={rules} /> : <ReadOnlyTreatment treatment={treatment} />}
        {treatment.updated_at && (
          <Typography variant="body2" color="text.secondary">
            Last saved by {treatment.updated_by?.name ?? 'someone no longer here'} on <time dateTime={treatment.updated_at}>{formatDateTime(treatment.updated_at)}</time>
          </Typography>
        )}
        {current && (
          <Box component="section" aria-labelledby="risk-acceptance-title">
            <Divider sx={{ mb: 2 }} />
            <Typography id="risk-acceptance-title" variant="subtitle1" component="h4" sx={{ fontWeight: 600, mb: 1 }}>
              Acceptance record
            </Typography>
            <AcceptanceRecord acceptance={current} />
            {revocable && (
              <Button color="error" variant="outlined" sx={{ mt: 2 }} onClick={() => setRevoking(true)}>
                Revoke acceptance…
              </Button>
            )}
            {earlier.length > 0 && (
              <Box component="details" sx={{ mt: 2 }}>
                <Box component="summary" sx={{ cursor: 'pointer', typography: 'body2', fontWeight: 600 }}>
                  Earlier acceptances ({earlier.length})
                </Box>
                <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, mt: 1.5 }}>
                  {earlier.map((acceptance) => (
                    <li key={acceptance.id}>
                      <AcceptanceRecord acceptance={acceptance} compact />
                    </li>
                  ))}
                </Stack>
              </Box>
            )}
          </Box>
        )}
      </Stack>
    );
  }

  return (
    <DetailSection id="risk-treatment" title="Treatment">
      {body}
      {revoking && <RevokeAcceptanceDialog projectId={projectId} riskId={risk.id} reference={risk.reference} open onClose={() => setRevoking(false)} />}
    </DetailSection>
  );
}
