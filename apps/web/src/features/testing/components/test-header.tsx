import { useState } from 'react';
import EditIcon from '@mui/icons-material/EditOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Project, TestingTestDetail } from '@aegis/contracts';
import { StatusChip } from '../../../components/status-chip';
import { resultState } from '../testing-labels';
import { DeleteTestButton } from './delete-test-button';
import { EditTestDialog } from './edit-test-dialog';
import { ResultIcon } from './result-icon';
import { RunTestButton } from './run-test-button';
import { StaleMarker } from './stale-marker';
import { TestStatusActions } from './test-status-actions';

type Props = { projectId: string; test: TestingTestDetail; rights: Project['rights'] };

/** The test's reference, name, condition, latest outcome and status; running it, editing it, moving its status, deleting it; and why it may not change. */
export function TestHeader({ projectId, test, rights }: Props) {
  const [editing, setEditing] = useState(false);
  const can = (right: Project['rights'][number]) => rights.includes(right);
  const canUpdate = can('testing_test:update');
  const editable = canUpdate && !test.locked && test.status !== 'in_review';
  const deletable = can('testing_test:delete') && !test.locked && test.status !== 'in_review';
  return (
    <Box sx={{ mb: 3 }}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="overline" component="p" sx={{ fontWeight: 700, letterSpacing: 1, lineHeight: 1.5 }}>
          {test.reference}
        </Typography>
        <ResultIcon result={resultState(test.last_result)} withLabel />
        {test.metric_stale && <StaleMarker />}
      </Stack>
      <Typography id="test-title" variant="h5" component="h2" sx={{ overflowWrap: 'anywhere', mb: 0.5 }}>
        {test.name}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        Passes when the {test.condition}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            Status
          </Typography>
          <StatusChip status={test.status} size="medium" />
        </Stack>
        {can('testing_results:run') && <RunTestButton projectId={projectId} test={test} />}
        {editable && (
          <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
            Edit
          </Button>
        )}
        {canUpdate && <TestStatusActions projectId={projectId} test={test} />}
        {deletable && (
          <Box sx={{ ml: { sm: 'auto' } }}>
            <DeleteTestButton projectId={projectId} test={test} />
          </Box>
        )}
      </Stack>
      {test.locked && (
        <Alert severity="info" icon={<LockOutlinedIcon />} sx={{ mt: 2 }}>
          Approved and locked: its condition and links stay as they were approved; it still runs, and who works on it may still change.{' '}
          {test.allowed_transitions.includes('in_progress') ? 'Reopen it to change anything: say why, the reason is logged.' : 'Someone allowed to reopen approved tests can do it.'}
        </Alert>
      )}
      {test.status === 'in_review' && (
        <Alert severity="info" sx={{ mt: 2 }}>
          A review is pending. The status changes when the review is decided or cancelled, not here.
        </Alert>
      )}
      {test.status === 'out_of_scope' && test.out_of_scope_justification && (
        <Alert severity="info" icon={false} sx={{ mt: 2 }}>
          <strong>Out of scope:</strong> {test.out_of_scope_justification}
        </Alert>
      )}
      {editing && <EditTestDialog projectId={projectId} test={test} open onClose={() => setEditing(false)} />}
    </Box>
  );
}
