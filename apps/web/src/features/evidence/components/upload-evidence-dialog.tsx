import { useEffect, useRef, useState, type FormEvent } from 'react';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import CloseIcon from '@mui/icons-material/Close';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { fileTooLargeMessage, MAX_EVIDENCE_BYTES, uploadEvidenceQuery, type EvidenceDetail, type UploadEvidenceQuery } from '@aegis/contracts';
import { errorDetail } from '../../../lib/errors';
import { formatFileSize, parseDisplayDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notifier';
import type { UploadProgress } from '../../../lib/xhr-fetch';
import { uploadEvidence, useRefreshAfterEvidenceChange } from '../api/evidence-api';
import { evidenceDetailPath } from '../evidence-paths';
import { EvidenceDropZone } from './evidence-drop-zone';

export type UploadEvidenceDialogProps = {
  projectId: string;
  open: boolean;
  onClose(): void;
  /** Attach every file on upload to this control (its code) or risk (its id or R-n). */
  componentId?: string;
  /** How the control or risk is named in the title, e.g. "MFF-1.RSK.01". */
  componentLabel?: string;
  /** Told, once a batch has gone, of the evidence it created (those that failed are left out). */
  onUploaded?(items: EvidenceDetail[]): void;
};

/** Spec section 4: each file is idle (waiting to be sent), uploading, uploaded or failed. */
export type FileUploadStatus = 'idle' | 'uploading' | 'uploaded' | 'failed';

type Entry = {
  key: number;
  file: File;
  /** The evidence's name, the file's name unless changed. */
  name: string;
  status: FileUploadStatus;
  progress: UploadProgress;
  /** Why it failed: the server's detail, or ours before sending. */
  error?: string;
  /** What is wrong with the name, before sending. */
  nameError?: string;
  result?: EvidenceDetail;
};

/** At most this many files travel at once; the others wait their turn, idle. */
const PARALLEL_UPLOADS = 3;
const NAME_MAX = 300;

const percentOf = (progress: UploadProgress) => (progress === null ? null : Math.round(progress * 100));

function EntryState({ entry, projectId }: { entry: Entry; projectId: string }) {
  const label = `Uploading ${entry.file.name}`;
  switch (entry.status) {
    case 'idle':
      return (
        <Typography variant="body2" color="text.secondary">
          Ready to upload
        </Typography>
      );
    case 'uploading': {
      const percent = percentOf(entry.progress);
      const sent = percent === 100;
      return (
        <Box>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {percent === null ? 'Uploading…' : sent ? 'Uploaded 100 %: storing the file and computing its hash…' : `Uploading… ${percent} %`}
          </Typography>
          <LinearProgress aria-label={label} variant={percent === null || sent ? 'indeterminate' : 'determinate'} value={percent ?? undefined} />
        </Box>
      );
    }
    case 'uploaded':
      return (
        <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'success.dark' }}>
          <CheckCircleOutlinedIcon aria-hidden fontSize="small" />
          Uploaded
          {entry.result && (
            <>
              {' · '}
              <Link component={RouterLink} to={evidenceDetailPath(projectId, entry.result.id)}>
                Open “{entry.result.name}”
              </Link>
            </>
          )}
        </Typography>
      );
    case 'failed':
      return (
        <Typography variant="body2" color="error" sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, overflowWrap: 'anywhere' }}>
          <ErrorOutlinedIcon aria-hidden fontSize="small" />
          <span>Failed: {entry.error}</span>
        </Typography>
      );
  }
}

/** The dialog while it is open: a new one (nothing left from the last time) each time it opens. */
function UploadDialog({ projectId, onClose, componentId, componentLabel, onUploaded }: Omit<UploadEvidenceDialogProps, 'open'>) {
  const [entries, setEntries] = useState<Entry[]>([]);
  const [description, setDescription] = useState('');
  const [effectiveText, setEffectiveText] = useState('');
  const [expiresText, setExpiresText] = useState('');
  const [errors, setErrors] = useState<{ description?: string; effective_date?: string; expires_on?: string }>({});
  const [sending, setSending] = useState(false);
  const nextKey = useRef(1);
  const controllers = useRef(new Map<number, AbortController>());
  const alive = useRef(true);
  const refresh = useRefreshAfterEvidenceChange(projectId);

  // Closing the dialog (or leaving the page) while files travel stops them: the server keeps nothing of an aborted upload.
  useEffect(() => {
    alive.current = true;
    const running = controllers.current;
    return () => {
      alive.current = false;
      for (const controller of running.values()) controller.abort();
      running.clear();
    };
  }, []);

  // Closing stops what still travels (Cancel uploads, Escape, a click outside).
  const close = () => {
    for (const controller of controllers.current.values()) controller.abort();
    onClose();
  };

  const update = (key: number, change: Partial<Entry>) => {
    if (alive.current) setEntries((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
  };

  // Each name is checked as the server will (1–300 characters, no path), as soon as it is chosen or typed.
  const nameProblem = (name: string): string | undefined => {
    const check = uploadEvidenceQuery.shape.name.safeParse(name);
    if (check.success && name.trim()) return undefined;
    return check.success ? 'Give the evidence a name' : (check.error.issues[0]?.message ?? 'Not a valid name');
  };

  const addFiles = (files: File[]) => {
    // Spec sections 5 and 8: refused before a byte is sent, named in one red notice; the others stay.
    const tooLarge = files.filter((file) => file.size > MAX_EVIDENCE_BYTES);
    if (tooLarge.length > 0) notifyError(fileTooLargeMessage(tooLarge.map((file) => file.name)));
    const added = files
      .filter((file) => file.size <= MAX_EVIDENCE_BYTES)
      .map<Entry>((file) => {
        const empty = file.size === 0;
        const name = file.name.slice(0, NAME_MAX);
        return {
          key: nextKey.current++,
          file,
          name,
          status: empty ? 'failed' : 'idle',
          progress: 0,
          error: empty ? 'The file is empty: there is nothing to keep as evidence.' : undefined,
          nameError: empty ? undefined : nameProblem(name),
        };
      });
    setEntries((current) => [...current, ...added]);
  };

  const remove = (key: number) => setEntries((current) => current.filter((entry) => entry.key !== key));

  const waiting = entries.filter((entry) => (entry.status === 'idle' || entry.status === 'failed') && entry.file.size > 0);
  // A file whose name the server would refuse waits for a better one; the others go.
  const toSend = waiting.filter((entry) => !entry.nameError);
  const uploaded = entries.filter((entry) => entry.status === 'uploaded');
  const done = !sending && entries.length > 0 && waiting.length === 0 && uploaded.length > 0;

  const send = async (entry: Entry, shared: Partial<UploadEvidenceQuery>): Promise<EvidenceDetail | null> => {
    const controller = new AbortController();
    controllers.current.set(entry.key, controller);
    update(entry.key, { status: 'uploading', progress: 0, error: undefined });
    try {
      const result = await uploadEvidence(
        projectId,
        { file: entry.file, signal: controller.signal, onProgress: (progress) => update(entry.key, { progress }) },
        { ...shared, name: entry.name.trim() },
      );
      update(entry.key, { status: 'uploaded', progress: 1, result });
      return result;
    } catch (error) {
      update(entry.key, { status: 'failed', error: errorDetail(error) });
      return null;
    } finally {
      controllers.current.delete(entry.key);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (done) return close();
    if (toSend.length === 0) return;
    // The dates are typed as shown (DD-MM-YYYY) and sent as the API keeps them.
    const found: typeof errors = {};
    const effective = effectiveText.trim() ? parseDisplayDate(effectiveText) : undefined;
    const expires = expiresText.trim() ? parseDisplayDate(expiresText) : undefined;
    if (effective === null) found.effective_date = 'Write the date as DD-MM-YYYY, for example 31-01-2027';
    if (expires === null) found.expires_on = 'Write the date as DD-MM-YYYY, for example 31-01-2027';
    if (expires && expires <= (effective ?? new Date().toISOString().slice(0, 10))) found.expires_on = 'It must expire after its effective date';
    const shared: Partial<UploadEvidenceQuery> = {
      description: description.trim() || undefined,
      component_id: componentId,
      effective_date: effective ?? undefined,
      expires_on: expires ?? undefined,
    };
    const sharedCheck = uploadEvidenceQuery.safeParse(shared);
    if (!sharedCheck.success && !found.description) {
      const issue = sharedCheck.error.issues.find((i) => i.path[0] === 'description');
      if (issue) found.description = issue.message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    setSending(true);
    const queue = [...toSend];
    const created: EvidenceDetail[] = [];
    const worker = async () => {
      for (let entry = queue.shift(); entry; entry = queue.shift()) {
        const result = await send(entry, shared);
        if (result) created.push(result);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, queue.length) }, worker));
    if (alive.current) setSending(false);
    // Those that made it exist, even when the dialog was closed meanwhile: the lists and the caller learn of them.
    if (created.length > 0) {
      void refresh({ links: Boolean(componentId) });
      notifySuccess(created.length === 1 ? `“${created[0]!.name}” uploaded` : `${created.length} files uploaded`);
      onUploaded?.(created);
    }
  };

  const title = componentLabel ? `Upload evidence for ${componentLabel}` : 'Upload evidence';
  const failed = entries.filter((entry) => entry.status === 'failed').length;
  const summary = sending
    ? `Uploading ${entries.filter((entry) => entry.status === 'uploading').length} of ${entries.length} files…`
    : entries.length === 0
      ? ''
      : `${uploaded.length} of ${entries.length} uploaded${failed ? `, ${failed} failed` : ''}`;

  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby="upload-evidence-title" aria-describedby="upload-evidence-text">
      <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="upload-evidence-title">{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id="upload-evidence-text" sx={{ mb: 2 }}>
            Each file is kept with its SHA-256 hash, so that anyone can check later that it is the one that was approved.
            {componentLabel ? ` The files are linked to ${componentLabel}.` : ''}
          </DialogContentText>
          <Stack spacing={2}>
            <EvidenceDropZone disabled={sending} onFiles={addFiles} />
            {entries.length > 0 && (
              <Box component="ul" aria-label="Files to upload" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {entries.map((entry) => (
                  <Box
                    component="li"
                    key={entry.key}
                    aria-label={entry.file.name}
                    data-status={entry.status}
                    sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
                  >
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                      <InsertDriveFileOutlinedIcon aria-hidden color="action" />
                      <Typography sx={{ fontWeight: 500, flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{entry.file.name}</Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                        {formatFileSize(entry.file.size)}
                      </Typography>
                      {(entry.status === 'idle' || entry.status === 'failed') && !sending && (
                        <IconButton size="small" aria-label={`Remove ${entry.file.name}`} onClick={() => remove(entry.key)}>
                          <CloseIcon fontSize="small" />
                        </IconButton>
                      )}
                    </Stack>
                    {(entry.status === 'idle' || entry.status === 'failed') && entry.file.size > 0 && (
                      <TextField
                        size="small"
                        fullWidth
                        name={`name-${entry.key}`}
                        label="Name"
                        value={entry.name}
                        disabled={sending}
                        onChange={(event) => update(entry.key, { name: event.target.value, nameError: nameProblem(event.target.value) })}
                        error={Boolean(entry.nameError)}
                        helperText={entry.nameError}
                        slotProps={{ htmlInput: { maxLength: NAME_MAX, 'aria-label': `Name of ${entry.file.name}` } }}
                        sx={{ mb: 1 }}
                      />
                    )}
                    <EntryState entry={entry} projectId={projectId} />
                  </Box>
                ))}
              </Box>
            )}
            <TextField
              name="description"
              label="Description"
              multiline
              minRows={2}
              value={description}
              disabled={sending}
              onChange={(event) => setDescription(event.target.value)}
              error={Boolean(errors.description)}
              helperText={errors.description ?? 'What the files prove; it is searched too. Applies to every file above.'}
              slotProps={{ htmlInput: { maxLength: 10_000 } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                name="effective_date"
                label="Effective date"
                placeholder="DD-MM-YYYY"
                value={effectiveText}
                disabled={sending}
                onChange={(event) => setEffectiveText(event.target.value)}
                error={Boolean(errors.effective_date)}
                helperText={errors.effective_date ?? 'The start of the period it proves; empty: today'}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { autoComplete: 'off' } }}
                sx={{ flex: 1 }}
              />
              <TextField
                name="expires_on"
                label="Expires on"
                placeholder="DD-MM-YYYY"
                value={expiresText}
                disabled={sending}
                onChange={(event) => setExpiresText(event.target.value)}
                error={Boolean(errors.expires_on)}
                helperText={errors.expires_on ?? 'Optional; after it the file no longer proves anything'}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { autoComplete: 'off' } }}
                sx={{ flex: 1 }}
              />
            </Stack>
            <Typography role="status" variant="body2" color="text.secondary" sx={{ minHeight: '1.5em' }}>
              {summary}
            </Typography>
            {failed > 0 && !sending && <Alert severity="warning">Files that failed stay in the list: correct what the message says and upload them again, or remove them.</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{sending ? 'Cancel uploads' : done ? 'Close' : 'Cancel'}</Button>
          <Button type="submit" variant="contained" loading={sending} disabled={!done && toSend.length === 0}>
            {done ? 'Done' : toSend.length > 1 ? `Upload ${toSend.length} files` : 'Upload'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * Uploads files as evidence: dropped or chosen (several at once), each named (its file name unless
 * changed), with one description and validity for the batch; each travels with its own progress bar
 * and ends uploaded or failed with the server's reason. Files over 100 MB are refused before anything
 * is sent (spec section 8's notice); the others still go. Closing stops what is still travelling.
 */
export function UploadEvidenceDialog({ open, ...props }: UploadEvidenceDialogProps) {
  return open ? <UploadDialog {...props} /> : null;
}
