import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { EvidenceDetail, EvidenceVersion } from '@aegis/contracts';
import { DetailSection } from '../../../components/detail-section';
import { ActionsHeaderCell } from '../../../components/table-header-cells';
import { formatDateTime, formatFileSize } from '../../../lib/format';
import { heldReason } from '../evidence-text';
import { EvidenceFileChip } from './evidence-file-chip';
import { canPreview } from './evidence-preview-dialog';
import { Sha256Text } from './sha256-text';
import { TextStatusHint } from './text-status-hint';
import { UploadVersionDialog } from './upload-version-dialog';

type Props = {
  projectId: string;
  evidence: EvidenceDetail;
  canUpload: boolean;
  canDownload: boolean;
  onDownload: (version: EvidenceVersion) => void;
  onPreview: (version: EvidenceVersion) => void;
};

/** Why no new version may be uploaded now, or null when it may. */
function refusal(evidence: EvidenceDetail): string | null {
  if (evidence.locked) return 'Approved and locked: reopen it to upload a new version.';
  if (evidence.status === 'in_review') return 'Under review: a new version can be uploaded once the review is decided or cancelled.';
  if (evidence.held_by_approved_controls.length > 0) return heldReason(evidence.held_by_approved_controls);
  return null;
}

/** Every version of the file, newest first, each with its hash, who uploaded it and whether its text is searchable; and the upload of a new one. */
export function EvidenceVersionsSection({ projectId, evidence, canUpload, canDownload, onDownload, onPreview }: Props) {
  const [uploading, setUploading] = useState(false);
  const versions = [...evidence.versions].sort((a, b) => b.version - a.version);
  const refused = refusal(evidence);
  return (
    <DetailSection
      id="evidence-versions"
      title="Versions"
      action={
        canUpload && (
          <Box sx={{ mt: 2 }}>
            <Button variant="outlined" startIcon={<UploadFileIcon />} disabled={refused !== null} onClick={() => setUploading(true)} aria-describedby={refused ? 'evidence-version-refusal' : undefined}>
              Upload new version
            </Button>
            {refused && (
              <Typography id="evidence-version-refusal" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {refused}
              </Typography>
            )}
          </Box>
        )
      }
    >
      <TableContainer>
        <Table size="small" aria-labelledby="evidence-versions" sx={{ minWidth: 760, '& td, & th': { verticalAlign: 'top', px: 1 } }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 72 }}>Version</TableCell>
              <TableCell>File</TableCell>
              <TableCell sx={{ width: 90 }}>Size</TableCell>
              <TableCell sx={{ width: 170 }}>SHA-256</TableCell>
              <TableCell sx={{ width: 170 }}>Uploaded</TableCell>
              <TableCell sx={{ width: 150 }}>Text</TableCell>
              <ActionsHeaderCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {versions.map((version) => (
              <TableRow key={version.id}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                  {version.version}
                  {version.version === evidence.version && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      Current
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere', mb: 0.5 }}>
                    {version.file_name}
                  </Typography>
                  <EvidenceFileChip fileType={version.file_type} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatFileSize(version.size)}</TableCell>
                <TableCell>
                  <Sha256Text sha256={version.sha256} short of={`version ${version.version}`} />
                </TableCell>
                <TableCell>
                  <Typography variant="body2">{formatDateTime(version.uploaded_at)}</Typography>
                  {version.uploaded_by && (
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {version.uploaded_by.name}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <TextStatusHint status={version.text_status} error={version.text_error} always />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {canDownload && canPreview(version.file_type) && (
                    <Tooltip title="Preview">
                      <IconButton aria-label={`Preview version ${version.version}`} onClick={() => onPreview(version)}>
                        <VisibilityIcon />
                      </IconButton>
                    </Tooltip>
                  )}
                  {canDownload && (
                    <Tooltip title="Download">
                      <IconButton aria-label={`Download version ${version.version}`} onClick={() => onDownload(version)}>
                        <DownloadIcon />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {uploading && <UploadVersionDialog projectId={projectId} evidence={evidence} onClose={() => setUploading(false)} />}
    </DetailSection>
  );
}
