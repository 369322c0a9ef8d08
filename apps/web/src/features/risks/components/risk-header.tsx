import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RiskDetail } from '@aegis/contracts';
import { NeedsAttentionMarker } from '../../../components/needs-attention-marker';
import { StatusChip } from '../../../components/status-chip';
import { categoryLabel } from '../risk-labels';
import { AboveAppetiteMarker } from './above-appetite-marker';
import { DeleteRiskButton } from './delete-risk-button';
import { RiskLevelChip } from './risk-level-chip';
import { RiskStatusActions } from './risk-status-actions';

type Props = { projectId: string; risk: RiskDetail; canUpdate: boolean };

/** The risk's reference, name, levels and status, what can be done to it now, and why it may not change. */
export function RiskHeader({ projectId, risk, canUpdate }: Props) {
  const deletable = canUpdate && !risk.locked && risk.status !== 'in_review';
  return (
    <Box sx={{ mb: 3 }}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="overline" component="p" sx={{ fontWeight: 700, letterSpacing: 1, lineHeight: 1.5 }}>
          {risk.reference}
        </Typography>
        <Chip size="small" variant="outlined" label={categoryLabel(risk.category)} />
        <RiskLevelChip level={risk.inherent_level} prefix="Inherent" />
        <RiskLevelChip level={risk.residual_level} prefix="Residual" />
        {risk.above_appetite && <AboveAppetiteMarker />}
      </Stack>
      <Typography id="risk-title" variant="h5" component="h2" sx={{ overflowWrap: 'anywhere', mb: 1.5 }}>
        {risk.name}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            Status
          </Typography>
          <StatusChip status={risk.status} size="medium" />
        </Stack>
        {canUpdate && <RiskStatusActions projectId={projectId} risk={risk} />}
        {deletable && (
          <Box sx={{ ml: { sm: 'auto' } }}>
            <DeleteRiskButton projectId={projectId} risk={risk} />
          </Box>
        )}
      </Stack>
      {risk.needs_attention && (
        <Box sx={{ mt: 2 }}>
          <NeedsAttentionMarker reason={risk.needs_attention_reason} />
        </Box>
      )}
      {risk.locked && (
        <Alert severity="info" icon={<LockOutlinedIcon />} sx={{ mt: 2 }}>
          Approved and locked: its scores, treatment, actions and links stay as they were approved; who works on it may still change, and an acceptance may be revoked.{' '}
          {risk.allowed_transitions.includes('in_progress')
            ? 'Reopen it to change anything: say why, the reason is logged.'
            : 'Someone allowed to reopen approved risks can do it (with separation of duties, not whoever works on it).'}
        </Alert>
      )}
      {risk.status === 'in_review' && (
        <Alert severity="info" sx={{ mt: 2 }}>
          A review is pending. The status changes when the review is decided or cancelled, not here.
        </Alert>
      )}
      {risk.status === 'out_of_scope' && risk.out_of_scope_justification && (
        <Alert severity="info" icon={false} sx={{ mt: 2 }}>
          <strong>Out of scope:</strong> {risk.out_of_scope_justification}
        </Alert>
      )}
      {!canUpdate && risk.status !== 'in_review' && !risk.locked && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Your role on this project lets you read this risk but not change it.
        </Typography>
      )}
    </Box>
  );
}
