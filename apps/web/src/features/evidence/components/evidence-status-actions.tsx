import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { EvidenceDetail, WorkItemStatus } from '@aegis/contracts';
import { FormDialog } from '../../../components/form-dialog';
import { errorDetail } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notifier';
import { useUpdateEvidence } from '../api/evidence-api';

/** What moving from one status to another is called on its button (as on controls and risks). */
export function transitionLabel(from: WorkItemStatus, to: WorkItemStatus): string {
  if (to === 'out_of_scope') return 'Mark out of scope…';
  if (from === 'approved') return 'Reopen…';
  if (from === 'out_of_scope') return to === 'ready' ? 'Bring back in scope' : 'Bring back and start';
  return to === 'in_progress' ? 'Start' : 'Move back to ready';
}

/** The two status changes that need a written reason: out of scope, and reopening once approved. */
const WORDING = {
  out_of_scope: {
    title: (name: string) => `Mark “${name}” out of scope`,
    text: 'It no longer counts as proof for the controls and risks it is linked to. Say why: an auditor reads the reason in its history.',
    label: 'Justification',
    missing: 'Say why it is out of scope: the reason is kept in its history',
    submit: 'Mark out of scope',
    done: (name: string) => `“${name}” is out of scope`,
  },
  reopen: {
    title: (name: string) => `Reopen “${name}”?`,
    text: 'It was approved and is locked. Reopening moves it back to In progress so that its details, links and file can change again; its next approval needs a new review.',
    label: 'Why reopen it?',
    missing: 'Say why it is reopened: the reason is kept in its history',
    submit: 'Reopen',
    done: (name: string) => `“${name}” reopened: it is in progress again`,
  },
} as const;

function JustifiedStatusDialog({ projectId, evidence, kind, onClose }: { projectId: string; evidence: EvidenceDetail; kind: keyof typeof WORDING; onClose: () => void }) {
  const wording = WORDING[kind];
  const [justification, setJustification] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const update = useUpdateEvidence(projectId, evidence.id);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!justification.trim()) {
      setFieldError(wording.missing);
      event.currentTarget.querySelector<HTMLElement>('[name="justification"]')?.focus();
      return;
    }
    update.mutate(
      { status: kind === 'out_of_scope' ? 'out_of_scope' : 'in_progress', justification: justification.trim() },
      {
        onSuccess: () => {
          notifySuccess(wording.done(evidence.name));
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      id={`evidence-${kind.replace(/_/g, '-')}`}
      open
      onClose={onClose}
      title={wording.title(evidence.name)}
      text={wording.text}
      error={update.isError ? errorDetail(update.error) : null}
      submitLabel={wording.submit}
      pending={update.isPending}
      onSubmit={submit}
    >
      <TextField
        name="justification"
        label={wording.label}
        required
        fullWidth
        multiline
        minRows={3}
        autoFocus
        value={justification}
        onChange={(event) => {
          setJustification(event.target.value);
          setFieldError(null);
        }}
        error={Boolean(fieldError)}
        helperText={fieldError ?? ' '}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
    </FormDialog>
  );
}

/**
 * The status changes the caller may make by hand now (the server's `allowed_transitions` of the shared
 * life cycle), one button each: out of scope and reopening an approved evidence ask why.
 */
export function EvidenceStatusActions({ projectId, evidence }: { projectId: string; evidence: EvidenceDetail }) {
  const update = useUpdateEvidence(projectId, evidence.id);
  const [dialog, setDialog] = useState<'out_of_scope' | 'reopen' | null>(null);
  const from = evidence.status;

  const move = (to: WorkItemStatus) =>
    update.mutate(
      { status: to },
      {
        onSuccess: () => notifySuccess(`“${evidence.name}” is ${to === 'in_progress' ? 'in progress' : 'ready'}`),
        onError: (error) => notifyError(errorDetail(error)),
      },
    );

  if (evidence.allowed_transitions.length === 0) return null;
  return (
    <>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        {evidence.allowed_transitions.map((to) => {
          const onClick = to === 'out_of_scope' ? () => setDialog('out_of_scope') : from === 'approved' ? () => setDialog('reopen') : () => move(to);
          return (
            <Button key={to} variant={to === 'in_progress' && from !== 'approved' ? 'contained' : 'outlined'} onClick={onClick} loading={update.isPending && update.variables.status === to}>
              {transitionLabel(from, to)}
            </Button>
          );
        })}
      </Stack>
      {dialog && <JustifiedStatusDialog key={dialog} projectId={projectId} evidence={evidence} kind={dialog} onClose={() => setDialog(null)} />}
    </>
  );
}
