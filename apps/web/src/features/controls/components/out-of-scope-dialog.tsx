import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import type { ControlDetail } from '@aegis/contracts';
import { FormDialog } from '../../../components/form-dialog';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { useUpdateControl } from '../api/update-control';

type Props = { projectId: string; control: ControlDetail; open: boolean; onClose: () => void };

/** Takes a control out of scope with the reason why, which the history keeps. Render it with a new key each time it opens. */
export function OutOfScopeDialog({ projectId, control, open, onClose }: Props) {
  const [justification, setJustification] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const update = useUpdateControl(projectId, control.control_code);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!justification.trim()) {
      setFieldError('Say why it is out of scope: the reason is kept in its history');
      event.currentTarget.querySelector<HTMLElement>('[name="justification"]')?.focus();
      return;
    }
    update.mutate(
      { status: 'out_of_scope', justification: justification.trim() },
      {
        onSuccess: () => {
          notifySuccess(`${control.control_code} is out of scope`);
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      id="out-of-scope"
      open={open}
      onClose={onClose}
      title={`Mark ${control.control_code} out of scope`}
      text="It will no longer count towards the requirements it satisfies. Say why: an auditor reads the reason in its history."
      error={update.isError ? errorDetail(update.error) : null}
      submitLabel="Mark out of scope"
      pending={update.isPending}
      onSubmit={submit}
    >
      <TextField
        name="justification"
        label="Justification"
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
        helperText={fieldError ?? 'For example: “The system makes no decisions about natural persons.”'}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
    </FormDialog>
  );
}
