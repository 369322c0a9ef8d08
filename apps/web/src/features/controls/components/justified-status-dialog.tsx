import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import type { ControlDetail, UpdateControl } from '@aegis/contracts';
import { FormDialog } from '../../../components/form-dialog';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { useUpdateControl } from '../api/update-control';

export type JustifiedStatusProps = { projectId: string; control: ControlDetail; open: boolean; onClose: () => void };

type Wording = {
  id: string;
  status: NonNullable<UpdateControl['status']>;
  title: string;
  text: string;
  label: string;
  /** Said under the field when it is left empty. */
  missing: string;
  example: string;
  submitLabel: string;
  done: string;
};

/**
 * A status change that needs a written reason (out of scope, reopening an approved control): the
 * server keeps the reason in the control's history and export. Render it with a new key each time it opens.
 */
export function JustifiedStatusDialog({ projectId, control, open, onClose, wording }: JustifiedStatusProps & { wording: Wording }) {
  const [justification, setJustification] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const update = useUpdateControl(projectId, control.control_code);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!justification.trim()) {
      setFieldError(wording.missing);
      event.currentTarget.querySelector<HTMLElement>('[name="justification"]')?.focus();
      return;
    }
    update.mutate(
      { status: wording.status, justification: justification.trim() },
      {
        onSuccess: () => {
          notifySuccess(wording.done);
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      id={wording.id}
      open={open}
      onClose={onClose}
      title={wording.title}
      text={wording.text}
      error={update.isError ? errorDetail(update.error) : null}
      submitLabel={wording.submitLabel}
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
