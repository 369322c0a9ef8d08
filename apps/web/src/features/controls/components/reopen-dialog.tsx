import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import type { ControlDetail } from '@aegis/contracts';
import { FormDialog } from '../../../components/form-dialog';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { useUpdateControl } from '../api/update-control';

type Props = { projectId: string; control: ControlDetail; open: boolean; onClose: () => void };

/**
 * Reopens an approved control (back to In progress) with the reason why: the server keeps it in the
 * history and the export and tells the reviewers who approved it. Render it with a new key each time it opens.
 */
export function ReopenDialog({ projectId, control, open, onClose }: Props) {
  const [justification, setJustification] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const update = useUpdateControl(projectId, control.control_code);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!justification.trim()) {
      setFieldError('Say why it is reopened: the reason is kept in its history and sent to its approvers');
      event.currentTarget.querySelector<HTMLElement>('[name="justification"]')?.focus();
      return;
    }
    update.mutate(
      { status: 'in_progress', justification: justification.trim() },
      {
        onSuccess: () => {
          notifySuccess(`${control.control_code} reopened: it is in progress again`);
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      id="reopen-control"
      open={open}
      onClose={onClose}
      title={`Reopen ${control.control_code}?`}
      text="It was approved and is locked. Reopening moves it back to In progress so that its fields, evidence and tests can change again; its next approval needs a new review. The reviewers who approved it are told why."
      error={update.isError ? errorDetail(update.error) : null}
      submitLabel="Reopen"
      pending={update.isPending}
      onSubmit={submit}
    >
      <TextField
        name="justification"
        label="Why reopen it?"
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
        helperText={fieldError ?? 'For example: “The model was retrained; the criteria must be checked again.”'}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
    </FormDialog>
  );
}
