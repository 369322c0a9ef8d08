import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ControlDetail } from '@aegis/contracts';
import { NeedsAttentionMarker } from '../../../components/needs-attention-marker';
import { TestFailingMarker } from '../../../components/test-failing-marker';
import { StatusChip } from '../../../components/status-chip';
import { StatusActions } from './status-actions';

type Props = { projectId: string; control: ControlDetail; canUpdate: boolean };

/** What the control is called, where it comes from, its status and what can be done to it now. */
export function ControlHeader({ projectId, control, canUpdate }: Props) {
  return (
    <Box sx={{ mb: 3 }}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="overline" component="p" sx={{ fontWeight: 700, letterSpacing: 1, lineHeight: 1.5 }}>
          {control.control_code}
        </Typography>
        {control.domain && <Chip size="small" variant="outlined" label={`Domain ${control.domain}`} />}
        <Chip size="small" variant="outlined" label={`Defined by ${control.defined_by}`} />
      </Stack>
      <Typography id="control-title" variant="h5" component="h2" sx={{ overflowWrap: 'anywhere', mb: 1.5 }}>
        {control.title}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            Status
          </Typography>
          <StatusChip status={control.status} size="medium" />
        </Stack>
        <StatusActions projectId={projectId} control={control} />
      </Stack>
      {control.needs_attention && (
        <Box sx={{ mt: 2 }}>
          <NeedsAttentionMarker reason={control.needs_attention_reason} />
        </Box>
      )}
      {control.test_failing && (
        <Box sx={{ mt: 2 }}>
          <TestFailingMarker />
        </Box>
      )}
      {control.locked && (
        <Alert severity="info" icon={<LockOutlinedIcon />} sx={{ mt: 2 }}>
          Approved and locked: its details, assessments, evidence and tests stay as they were approved; who works on it may still change.{' '}
          {control.allowed_transitions.includes('in_progress')
            ? 'Reopen it to change anything: say why, the reason is logged and its approvers are told.'
            : 'Someone allowed to reopen approved controls can do it (with separation of duties, not whoever works on it).'}
        </Alert>
      )}
      {control.status === 'in_review' && (
        <Alert severity="info" sx={{ mt: 2 }}>
          A review is pending. The status changes when the review is decided or cancelled, not here.
        </Alert>
      )}
      {control.status === 'out_of_scope' && control.out_of_scope_justification && (
        <Alert severity="info" icon={false} sx={{ mt: 2 }}>
          <strong>Out of scope:</strong> {control.out_of_scope_justification}
        </Alert>
      )}
      {!canUpdate && control.status !== 'in_review' && !control.locked && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Your role on this project lets you read this control but not change it.
        </Typography>
      )}
    </Box>
  );
}
