import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { fileTooLargeMessage, MAX_EVIDENCE_BYTES, type EvidenceDetail } from '@aegis/contracts';
import { DialogForm } from '../../../components/form-dialog';
import { errorDetail } from '../../../lib/errors';
import { formatFileSize, parseDisplayDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notifier';
import type { UploadProgress } from '../../../lib/xhr-fetch';
import { useUploadEvidenceVersion } from '../api/evidence-api';
import { EvidenceDropZone } from './evidence-drop-zone';

type Props = { projectId: string; evidence: EvidenceDetail; onClose: () => void };

/**
 * A new file for the evidence, with its progress; the old versions stay with their hashes. A refusal
 * (locked, held by an approved control: "reopen the control first", too large) shows in the dialog.
 * Render it when open: each opening starts afresh.
 */
export function UploadVersionDialog({ projectId, evidence, onClose }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [effectiveText, setEffectiveText] = useState('');
  const [dateError, setDateError] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress>(0);
  const [controller] = useState(() => new AbortController());
  const upload = useUploadEvidenceVersion(projectId, evidence.id);

  const choose = (files: File[]) => {
    const [first] = files;
    if (!first) return;
    if (first.size > MAX_EVIDENCE_BYTES) {
      notifyError(fileTooLargeMessage([first.name]));
      return;
    }
    upload.reset();
    setFile(first);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) return;
    const effective = effectiveText.trim() ? parseDisplayDate(effectiveText) : undefined;
    if (effective === null) {
      setDateError('Write the date as DD-MM-YYYY, for example 31-01-2027');
      return;
    }
    setDateError(null);
    setProgress(0);
    upload.mutate(
      { upload: { file, onProgress: setProgress, signal: controller.signal }, effectiveDate: effective },
      {
        onSuccess: (detail) => {
          notifySuccess(`Version ${detail.version} of “${detail.name}” uploaded`);
          onClose();
        },
      },
    );
  };

  const close = () => {
    // A file still travelling is stopped: the server keeps nothing of it.
    controller.abort();
    onClose();
  };
  const percent = progress === null ? null : Math.round(progress * 100);

  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby="upload-version-title" aria-describedby="upload-version-text">
      <DialogForm
        id="upload-version"
        title={`Upload a new version of “${evidence.name}”`}
        text={`It becomes version ${evidence.version + 1}; ${evidence.version === 1 ? 'version 1 stays, with its' : `versions 1 to ${evidence.version} stay, each with its`} SHA-256.`}
        error={upload.isError ? errorDetail(upload.error) : null}
        submitLabel="Upload new version"
        pending={upload.isPending}
        submitDisabled={!file}
        onSubmit={submit}
        onCancel={close}
      >
        <Stack spacing={2}>
          <EvidenceDropZone disabled={upload.isPending} multiple={false} onFiles={choose} />
          {file && (
            <Box>
              <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {file.name} · {formatFileSize(file.size)}
              </Typography>
              {upload.isPending && (
                <Box sx={{ mt: 1 }}>
                  <Typography variant="body2" sx={{ mb: 0.5 }}>
                    {percent === null ? 'Uploading…' : percent === 100 ? 'Uploaded 100 %: storing the file and computing its hash…' : `Uploading… ${percent} %`}
                  </Typography>
                  <LinearProgress aria-label={`Uploading ${file.name}`} variant={percent === null || percent === 100 ? 'indeterminate' : 'determinate'} value={percent ?? undefined} />
                </Box>
              )}
            </Box>
          )}
          <TextField
            name="effective_date"
            label="Effective date"
            placeholder="DD-MM-YYYY"
            value={effectiveText}
            disabled={upload.isPending}
            onChange={(event) => setEffectiveText(event.target.value)}
            error={Boolean(dateError)}
            helperText={dateError ?? 'The start of the period the new file proves; empty: as the server decides (today)'}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { autoComplete: 'off' } }}
          />
          {upload.isError && <Alert severity="info">Nothing was stored: the evidence keeps its current file.</Alert>}
        </Stack>
      </DialogForm>
    </Dialog>
  );
}
