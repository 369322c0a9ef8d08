import { useState } from 'react';
import AddLinkIcon from '@mui/icons-material/AddLink';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { ProjectPermission, TestControlLink, TestingTestDetail } from '@aegis/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DetailSection } from '../../../components/detail-section';
import { RetryAlert } from '../../../components/retry-alert';
import { StatusChip } from '../../../components/status-chip';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { controlDetailPath } from '../../../lib/project-paths';
import { useTestControls, useUnlinkTestControl } from '../api/controls-api';
import { LinkControlsDialog } from './link-controls-dialog';

type Props = { projectId: string; test: TestingTestDetail; rights: readonly ProjectPermission[] };

/** The controls the test proves (its results become their evidence); linked from a picker and unlinked after asking, while the test is unlocked. */
export function TestControlsSection({ projectId, test, rights }: Props) {
  const controls = useTestControls(projectId, test.id);
  const unlink = useUnlinkTestControl(projectId, test.id);
  const [linking, setLinking] = useState(false);
  const [removing, setRemoving] = useState<TestControlLink | null>(null);
  const canAdd = rights.includes('testing_controls:create') && rights.includes('controls:read') && !test.locked;
  const canRemove = rights.includes('testing_controls:delete') && !test.locked;

  let body;
  if (controls.isPending) body = <LinearProgress aria-label="Loading the linked controls" />;
  else if (controls.isError) body = <RetryAlert onRetry={() => void controls.refetch()}>The linked controls could not be loaded.</RetryAlert>;
  else if (controls.data.length === 0) body = <Typography color="text.secondary">No control is linked yet: link those this test proves, and its results become their evidence.</Typography>;
  else {
    body = (
      <Box component="ul" aria-label={`Controls linked to ${test.reference}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {controls.data.map((control) => (
          <Box component="li" key={control.id} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Link component={RouterLink} to={controlDetailPath(projectId, control.control_code)} sx={{ fontWeight: 600 }}>
                {control.control_code}
              </Link>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {control.title}
              </Typography>
            </Box>
            <StatusChip status={control.status} />
            {canRemove && (
              <IconButton aria-label={`Unlink ${control.control_code}`} onClick={() => setRemoving(control)}>
                <LinkOffIcon />
              </IconButton>
            )}
          </Box>
        ))}
      </Box>
    );
  }

  return (
    <DetailSection
      id="test-controls"
      title="Controls it proves"
      action={
        canAdd && (
          <Button variant="outlined" startIcon={<AddLinkIcon />} onClick={() => setLinking(true)} sx={{ mt: 2 }} disabled={!controls.data}>
            Link controls…
          </Button>
        )
      }
    >
      {body}
      {linking && <LinkControlsDialog projectId={projectId} testId={test.id} reference={test.reference} linkedIds={controls.data?.map((control) => control.id) ?? []} open onClose={() => setLinking(false)} />}
      <ConfirmDialog
        id="unlink-test-control"
        open={removing !== null}
        title={removing ? `Unlink ${removing.control_code}?` : ''}
        text={removing ? `${test.reference}’s next results will no longer be stored as evidence on ${removing.control_code} “${removing.title}”. The evidence already stored stays.` : ''}
        confirmLabel="Unlink"
        destructive
        pending={unlink.isPending}
        error={unlink.isError ? errorDetail(unlink.error) : null}
        onConfirm={() =>
          removing &&
          unlink.mutate(removing.id, {
            onSuccess: () => {
              notifySuccess(`${removing.control_code} unlinked from ${test.reference}`);
              setRemoving(null);
            },
          })
        }
        onClose={() => {
          unlink.reset();
          setRemoving(null);
        }}
      />
    </DetailSection>
  );
}
