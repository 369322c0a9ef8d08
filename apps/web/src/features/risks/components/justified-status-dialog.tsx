import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import type { RiskDetail } from '@aegis/contracts';
import { FormDialog } from '../../../components/form-dialog';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { useUpdateRisk } from '../api/update-risk';

/** The two status changes that need a written reason: taking the risk out of scope, reopening it once approved. */
const WORDING = {
  out_of_scope: {
    title: (ref: string) => `Mark ${ref} out of scope`,
    text: 'It leaves the heat maps and the counts of risks. Say why: an auditor reads the reason in its history.',
    label: 'Justification',
    missing: 'Say why it is out of scope: the reason is kept in its history',
    example: 'The system no longer processes personal data.',
    submit: 'Mark out of scope',
    done: (ref: string) => `${ref} is out of scope`,
  },
  reopen: {
    title: (ref: string) => `Reopen ${ref}?`,
    text: 'It was approved and is locked. Reopening moves it back to In progress so that its scores, treatment and links can change again; its next approval needs a new review.',
    label: 'Why reopen it?',
    missing: 'Say why it is reopened: the reason is kept in its history',
    example: 'A new use of the system makes the risk more likely.',
    submit: 'Reopen',
    done: (ref: string) => `${ref} reopened: it is in progress again`,
  },
} as const;

type Props = { projectId: string; risk: RiskDetail; kind: keyof typeof WORDING; open: boolean; onClose: () => void };

/** A status change with its reason, kept in the risk's history and export. Render it with a new key each time it opens. */
export function JustifiedStatusDialog({ projectId, risk, kind, open, onClose }: Props) {
  const wording = WORDING[kind];
  const [justification, setJustification] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const update = useUpdateRisk(projectId, risk.id);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!justification.trim()) {
      setFieldError(wording.missing);
      event.currentTarget.querySelector<HTMLElement>('[name="justification"]')?.focus();
      return;
    }
    const status = kind === 'out_of_scope' ? 'out_of_scope' : 'in_progress';
    update.mutate(
      { status, justification: justification.trim() },
      {
        onSuccess: () => {
          notifySuccess(wording.done(risk.reference));
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      id={`risk-${kind.replace(/_/g, '-')}`}
      open={open}
      onClose={onClose}
      title={wording.title(risk.reference)}
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
        helperText={fieldError ?? `For example: “${wording.example}”`}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
    </FormDialog>
  );
}
