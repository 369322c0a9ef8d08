import { useState } from 'react';
import AddLinkIcon from '@mui/icons-material/AddLink';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { ProjectPermission, RiskControl, RiskDetail } from '@aegis/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DetailSection } from '../../../components/detail-section';
import { RetryAlert } from '../../../components/retry-alert';
import { StatusChip } from '../../../components/status-chip';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { controlDetailPath } from '../../../lib/project-paths';
import { useRiskControls } from '../api/list-risk-controls';
import { useUnlinkRiskControl } from '../api/unlink-risk-control';
import { LinkControlsDialog } from './link-controls-dialog';
import { outOfScopeWarning } from './out-of-scope-warning';

type Props = { projectId: string; risk: RiskDetail; rights: readonly ProjectPermission[] };

/** The controls that reduce the risk, with their status (how far the mitigation is); linked from a picker and removed after asking, while the risk is unlocked. */
export function LinkedControlsSection({ projectId, risk, rights }: Props) {
  const controls = useRiskControls(projectId, risk.id);
  const unlink = useUnlinkRiskControl(projectId, risk.id);
  const [linking, setLinking] = useState(false);
  const [removing, setRemoving] = useState<RiskControl | null>(null);
  const canAdd = rights.includes('controls_risks:add') && !risk.locked;
  const canRemove = rights.includes('risks_controls:delete') && !risk.locked;

  let body;
  if (controls.isPending) body = <LinearProgress aria-label="Loading the linked controls" />;
  else if (controls.isError) body = <RetryAlert onRetry={() => void controls.refetch()}>The linked controls could not be loaded.</RetryAlert>;
  else if (controls.data.length === 0) body = <Typography color="text.secondary">No control is linked yet: link those that make the risk less likely or less harmful.</Typography>;
  else {
    body = (
      <Box component="ul" aria-label={`Controls linked to ${risk.reference}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {controls.data.map((control) => (
          <Box component="li" key={control.id} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Link component={RouterLink} to={controlDetailPath(projectId, control.control_code)} sx={{ fontWeight: 600 }}>
                {control.control_code}
              </Link>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {control.title}
              </Typography>
              {control.status === 'out_of_scope' && (
                <Typography variant="body2" sx={{ display: 'flex', gap: 0.75, alignItems: 'flex-start', mt: 0.5 }}>
                  <WarningAmberIcon fontSize="small" aria-hidden />
                  <span>{outOfScopeWarning([control], risk.reference)} Assess the residual risk without it.</span>
                </Typography>
              )}
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
      id="risk-controls"
      title="Controls that reduce it"
      action={
        canAdd && (
          <Button variant="outlined" startIcon={<AddLinkIcon />} onClick={() => setLinking(true)} sx={{ mt: 2 }} disabled={!controls.data}>
            Link controls…
          </Button>
        )
      }
    >
      {body}
      {linking && <LinkControlsDialog projectId={projectId} riskId={risk.id} reference={risk.reference} linkedIds={controls.data?.map((control) => control.id) ?? []} open onClose={() => setLinking(false)} />}
      <ConfirmDialog
        id="unlink-control"
        open={removing !== null}
        title={removing ? `Unlink ${removing.control_code}?` : ''}
        text={removing ? `${removing.control_code} “${removing.title}” will no longer count as reducing ${risk.reference}. The control itself stays as it is.` : ''}
        confirmLabel="Unlink"
        destructive
        pending={unlink.isPending}
        error={unlink.isError ? errorDetail(unlink.error) : null}
        onConfirm={() =>
          removing &&
          unlink.mutate(removing.id, {
            onSuccess: () => {
              notifySuccess(`${removing.control_code} unlinked from ${risk.reference}`);
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
