import { useState } from 'react';
import AddLinkIcon from '@mui/icons-material/AddLink';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { EVIDENCE_FILE_TYPE_LABELS, type EvidenceControlRef, type EvidenceListItem, type ProjectPermission, type WorkItemStatus } from '@aegis/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DetailSection } from '../../../components/detail-section';
import { RetryAlert } from '../../../components/retry-alert';
import { StatusChip } from '../../../components/status-chip';
import { errorDetail } from '../../../lib/errors';
import { formatFileSize } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notifier';
import { useRefreshAfterEvidenceChange } from '../api/evidence-api';
import { useLinkedEvidence, useUnlinkEvidence, type EvidenceLinkTarget } from '../api/evidence-links-api';
import { evidenceDetailPath } from '../evidence-paths';
import { expiryText } from '../evidence-text';
import { FileTypeIcon } from './evidence-file-chip';
import { ExpiryBadge } from './expiry-badge';
import { UploadEvidenceDialog } from './upload-evidence-dialog';
import { AttachEvidenceDialog } from './linked-evidence-section-attach-dialog';

/** The control or the risk whose page shows the section. */
export type LinkedEvidenceTarget = { kind: 'control'; code: string; id: string; status: WorkItemStatus } | { kind: 'risk'; id: string; reference: string; status: WorkItemStatus };

type Props = { projectId: string; target: LinkedEvidenceTarget; rights: readonly ProjectPermission[] };

/** The expiry: a badge while it nears or once past, a plain line while valid. */
function Expiry({ evidence }: { evidence: EvidenceListItem }) {
  if (evidence.expiry_state === 'expired' || evidence.expiry_state === 'expiring') return <ExpiryBadge evidence={evidence} />;
  if (!evidence.expires_on) return null;
  return (
    <Typography variant="body2" color="text.secondary" component="span">
      {expiryText(evidence)}
    </Typography>
  );
}

/** With the organization's evidence scoring on: how well the file answers the control, with the spec's result icon; its reason shows on hover and below the row. */
function Score({ link }: { link: EvidenceControlRef }) {
  if (!link.score_result) return null;
  const label = link.score_result === 'error' || link.score === null ? 'Could not be scored' : `Relevance ${Math.round(link.score * 100)}%`;
  const chip = (
    <Box component="span" sx={{ display: 'inline-flex' }}>
      <StatusChip status={link.score_result} label={label} />
    </Box>
  );
  return link.score_reason ? <Tooltip title={link.score_reason}>{chip}</Tooltip> : chip;
}

function EvidenceRow({ projectId, evidence, controlCode, unlink }: { projectId: string; evidence: EvidenceListItem; controlCode?: string; unlink?: { disabled: boolean; onClick: () => void } }) {
  const scored = controlCode ? evidence.controls.find((control) => control.control_code === controlCode) : undefined;
  const details = [evidence.file_name !== evidence.name && evidence.file_name, EVIDENCE_FILE_TYPE_LABELS[evidence.file_type], formatFileSize(evidence.size), `Version ${evidence.version}`].filter(Boolean);
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, py: 1, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
      <FileTypeIcon fileType={evidence.file_type} color="action" sx={{ mt: 0.25 }} />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Link component={RouterLink} to={evidenceDetailPath(projectId, evidence.id)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {evidence.name}
        </Link>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {details.join(' · ')}
        </Typography>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mt: 0.5, alignItems: 'center' }}>
          <StatusChip status={evidence.status} />
          <Expiry evidence={evidence} />
          {scored && <Score link={scored} />}
        </Stack>
        {scored?.score_result && scored.score_reason && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {scored.score_reason}
          </Typography>
        )}
      </Box>
      {unlink && (
        <Tooltip title={unlink.disabled ? '' : 'Unlink'}>
          {/* A disabled button takes no pointer events: the tooltip listens on its wrapper. */}
          <span>
            <IconButton aria-label={`Unlink ${evidence.name}`} disabled={unlink.disabled} onClick={unlink.onClick}>
              <LinkOffIcon />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </Box>
  );
}

/**
 * The evidence that proves a control or a risk treatment, on its page: each file linking to its own
 * page, with its type, size, version, expiry and (scoring on) its relevance; attaching files the
 * project has, uploading new ones straight onto it, unlinking after asking. An approved control or
 * risk takes no change until reopened: the buttons say so.
 */
export function LinkedEvidenceSection({ projectId, target, rights }: Props) {
  const linkTarget: EvidenceLinkTarget = target.kind === 'control' ? { kind: 'control', code: target.code } : { kind: 'risk', id: target.id };
  const label = target.kind === 'control' ? target.code : target.reference;
  const evidence = useLinkedEvidence(projectId, linkTarget);
  const unlink = useUnlinkEvidence(projectId, linkTarget);
  const refresh = useRefreshAfterEvidenceChange(projectId);
  const [attaching, setAttaching] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [removing, setRemoving] = useState<EvidenceListItem | null>(null);
  const locked = target.status === 'approved';
  const canLink = rights.includes('evidences:update');
  const canUpload = rights.includes('evidences:upload');
  const items = evidence.data?.items;
  const kindName = target.kind === 'control' ? 'control' : 'risk';

  let body;
  if (evidence.isPending) body = <LinearProgress aria-label="Loading the linked evidence" />;
  else if (evidence.isError) body = <RetryAlert onRetry={() => void evidence.refetch()}>The linked evidence could not be loaded.</RetryAlert>;
  else if (evidence.data.items.length === 0) {
    body = (
      <Typography color="text.secondary">
        No evidence is linked to this {kindName} yet{canLink || canUpload ? ': attach a file the project already has, or upload a new one.' : '.'}
      </Typography>
    );
  } else {
    body = (
      <Box component="ul" aria-label={`Evidence linked to ${label}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {evidence.data.items.map((item) => (
          <EvidenceRow
            key={item.id}
            projectId={projectId}
            evidence={item}
            controlCode={target.kind === 'control' ? target.code : undefined}
            unlink={canLink ? { disabled: locked, onClick: () => setRemoving(item) } : undefined}
          />
        ))}
      </Box>
    );
  }

  const actions = (canLink || canUpload) && (
    <Box sx={{ mt: 2 }}>
      {locked && (
        <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', gap: 0.75, alignItems: 'center', mb: 1 }}>
          <LockOutlinedIcon fontSize="small" aria-hidden />
          {label} is approved: reopen it to change its evidence.
        </Typography>
      )}
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        {canLink && (
          <Button variant="outlined" startIcon={<AddLinkIcon />} onClick={() => setAttaching(true)} disabled={locked || !items}>
            Attach existing…
          </Button>
        )}
        {canUpload && (
          <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setUploading(true)} disabled={locked}>
            Upload new…
          </Button>
        )}
      </Stack>
    </Box>
  );

  return (
    <DetailSection id={`${target.kind}-evidence`} title="Evidence" action={actions}>
      {body}
      {attaching && <AttachEvidenceDialog projectId={projectId} target={linkTarget} targetLabel={label} linkedIds={items?.map((item) => item.id) ?? []} open onClose={() => setAttaching(false)} />}
      {canUpload && (
        <UploadEvidenceDialog
          projectId={projectId}
          open={uploading}
          onClose={() => setUploading(false)}
          componentId={target.kind === 'control' ? target.code : target.id}
          componentLabel={label}
          onUploaded={() => void refresh({ links: true })}
        />
      )}
      <ConfirmDialog
        id="unlink-evidence"
        open={removing !== null}
        title={removing ? `Unlink “${removing.name}”?` : ''}
        text={removing ? `“${removing.name}” will no longer count as evidence for ${label}. The file stays in the project’s evidence.` : ''}
        confirmLabel="Unlink"
        destructive
        pending={unlink.isPending}
        error={unlink.isError ? errorDetail(unlink.error) : null}
        onConfirm={() =>
          removing &&
          unlink.mutate(removing.id, {
            onSuccess: () => {
              notifySuccess(`“${removing.name}” unlinked from ${label}`);
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
