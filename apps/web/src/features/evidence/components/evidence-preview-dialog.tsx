import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import { PREVIEWABLE_FILE_TYPES, type EvidenceFileType } from '@aegis/contracts';
import { RetryAlert } from '../../../components/retry-alert';
import { errorDetail } from '../../../lib/errors';
import { useBlobSource, useDownloadEvidence, useEvidencePreview } from '../api/use-evidence-files';

export type PreviewTarget = { id: string; name: string; file_type: EvidenceFileType; file_name: string; version?: number };

/** Whether the browser can show this kind of file (PDFs in a frame, images inline). */
export const canPreview = (fileType: EvidenceFileType) => PREVIEWABLE_FILE_TYPES.includes(fileType);

function ShownFile({ target, blob }: { target: PreviewTarget; blob: Blob }) {
  const image = useBlobSource<HTMLImageElement>(target.file_type === 'image' ? blob : undefined);
  const frame = useBlobSource<HTMLIFrameElement>(target.file_type === 'image' ? undefined : blob);
  if (target.file_type === 'image') return <Box component="img" ref={image} alt={target.name} sx={{ display: 'block', maxWidth: '100%', maxHeight: '75vh', mx: 'auto' }} />;
  return <Box component="iframe" ref={frame} title={`${target.name} (PDF)`} sx={{ width: '100%', height: '75vh', border: 0 }} />;
}

function PreviewBody({ projectId, target }: { projectId: string; target: PreviewTarget }) {
  const preview = useEvidencePreview(projectId, target.id, { version: target.version });
  if (preview.isError) {
    return <RetryAlert onRetry={() => void preview.refetch()}>{`The file could not be shown: ${errorDetail(preview.error)}`}</RetryAlert>;
  }
  if (!preview.data) return <LinearProgress aria-label={`Loading ${target.file_name}`} />;
  return <ShownFile target={target} blob={preview.data.blob} />;
}

type Props = { projectId: string; target: PreviewTarget | null; onClose: () => void };

/** Shows a PDF or an image in the page, fetched with the session (spec: preview for PDF and images), with its download. */
export function EvidencePreviewDialog({ projectId, target, onClose }: Props) {
  const download = useDownloadEvidence(projectId);
  return (
    <Dialog open={target !== null} onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="evidence-preview-title">
      {target && (
        <>
          <DialogTitle id="evidence-preview-title" sx={{ pr: 7, overflowWrap: 'anywhere' }}>
            {target.name}
            {target.version ? ` (version ${target.version})` : ''}
          </DialogTitle>
          <IconButton aria-label="Close the preview" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
            <CloseIcon />
          </IconButton>
          <DialogContent dividers>
            <PreviewBody projectId={projectId} target={target} />
          </DialogContent>
          <DialogActions>
            <Button startIcon={<DownloadIcon />} loading={download.isPending} onClick={() => download.mutate({ evidenceId: target.id, version: target.version, fallbackName: target.file_name })}>
              Download
            </Button>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
