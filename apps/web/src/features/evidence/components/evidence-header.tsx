import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EvidenceDetail } from '@aegis/contracts';
import { StatusChip } from '../../../components/status-chip';
import { formatDate, formatDateTime, formatFileSize } from '../../../lib/format';
import { heldReason } from '../evidence-text';
import { EvidenceFileChip } from './evidence-file-chip';
import { canPreview } from './evidence-preview-dialog';
import { ExpiryBadge } from './expiry-badge';
import { Sha256Text } from './sha256-text';
import { TextStatusHint } from './text-status-hint';
import { EvidenceStatusActions } from './evidence-status-actions';

type Props = {
  projectId: string;
  evidence: EvidenceDetail;
  canUpdate: boolean;
  canDownload: boolean;
  canDelete: boolean;
  onPreview: () => void;
  onDownload: () => void;
  downloading: boolean;
  onDelete: () => void;
};

/** The evidence's name, status and file (kind, size, SHA-256), what can be done to it now, and why it may not change. */
export function EvidenceHeader({ projectId, evidence, canUpdate, canDownload, canDelete, onPreview, onDownload, downloading, onDelete }: Props) {
  const current = evidence.versions.find((version) => version.version === evidence.version);
  const held = evidence.held_by_approved_controls;
  const deletable = canDelete && !evidence.locked && evidence.status !== 'in_review' && held.length === 0;
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="overline" component="p" sx={{ fontWeight: 700, letterSpacing: 1, lineHeight: 1.5 }}>
        Evidence · version {evidence.version}
      </Typography>
      <Typography id="evidence-title" variant="h5" component="h2" sx={{ overflowWrap: 'anywhere', mb: 1.5 }}>
        {evidence.name}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            Status
          </Typography>
          <StatusChip status={evidence.status} size="medium" />
        </Stack>
        {canUpdate && <EvidenceStatusActions projectId={projectId} evidence={evidence} />}
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, ml: { sm: 'auto' } }}>
          {canDownload && canPreview(evidence.file_type) && (
            <Button startIcon={<VisibilityIcon />} onClick={onPreview}>
              Preview
            </Button>
          )}
          {canDownload && (
            <Button startIcon={<DownloadIcon />} onClick={onDownload} loading={downloading}>
              Download
            </Button>
          )}
          {deletable && (
            <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={onDelete}>
              Delete…
            </Button>
          )}
        </Stack>
      </Stack>
      <Box
        component="dl"
        aria-label="File"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' },
          columnGap: 2,
          rowGap: 0.75,
          '& dt': { typography: 'body2', color: 'text.secondary' },
          '& dd': { m: 0, typography: 'body2', minWidth: 0, overflowWrap: 'anywhere' },
        }}
      >
        <dt>File</dt>
        <dd>{evidence.file_name}</dd>
        <dt>Type</dt>
        <dd>
          <EvidenceFileChip fileType={evidence.file_type} /> <Typography component="span" variant="caption" color="text.secondary">{evidence.content_type}</Typography>
        </dd>
        <dt>Size</dt>
        <dd>{formatFileSize(evidence.size)}</dd>
        <dt>SHA-256</dt>
        <dd>
          <Sha256Text sha256={evidence.sha256} />
        </dd>
        <dt>Text</dt>
        <dd>
          <TextStatusHint status={current?.text_status ?? evidence.text_status} error={current?.text_error} always />
        </dd>
        <dt>Effective</dt>
        <dd>{formatDate(evidence.effective_date)}</dd>
        <dt>Expires</dt>
        <dd>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <span>{evidence.expires_on ? formatDate(evidence.expires_on) : 'Does not expire'}</span>
            <ExpiryBadge evidence={evidence} />
          </Stack>
        </dd>
        <dt>Uploaded</dt>
        <dd>
          {formatDateTime(evidence.uploaded_at)}
          {evidence.uploaded_by ? ` by ${evidence.uploaded_by.name}` : ''}
        </dd>
      </Box>
      {evidence.locked && (
        <Alert severity="info" icon={<LockOutlinedIcon />} sx={{ mt: 2 }}>
          Approved and locked: its details, links and file stay as they were approved; its owners and reviewers may still change.{' '}
          {evidence.allowed_transitions.includes('in_progress')
            ? 'Reopen it to change anything: say why, the reason is logged.'
            : 'Someone allowed to reopen approved evidence can do it.'}
        </Alert>
      )}
      {held.length > 0 && (
        <Alert severity="info" icon={<LockOutlinedIcon />} sx={{ mt: 2 }}>
          {heldReason(held)}
        </Alert>
      )}
      {evidence.status === 'in_review' && (
        <Alert severity="info" sx={{ mt: 2 }}>
          A review is pending. The status changes when the review is decided or cancelled, not here.
        </Alert>
      )}
      {!canUpdate && evidence.status !== 'in_review' && !evidence.locked && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Your role on this project lets you read this evidence but not change it.
        </Typography>
      )}
    </Box>
  );
}
