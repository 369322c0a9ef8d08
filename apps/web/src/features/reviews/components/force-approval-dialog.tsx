import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import { FormDialog } from '../../../components/form-dialog';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { useRequestReview } from '../api/request-review';

type Props = { projectId: string; concept: string; objectId: string; objectName: string; open: boolean; onClose: () => void };

/**
 * Sets the object Approved without a review (reviews:force_update_status), with the written
 * justification an auditor reads in its log. Render it with a new key each time it opens.
 */
export function ForceApprovalDialog({ projectId, concept, objectId, objectName, open, onClose }: Props) {
  const [justification, setJustification] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const request = useRequestReview(projectId, concept, objectId);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!justification.trim()) {
      setFieldError('Say why it is approved without a review: the reason is kept in the log');
      event.currentTarget.querySelector<HTMLElement>('[name="justification"]')?.focus();
      return;
    }
    request.mutate(
      { input: { reviewers: [], rule: 'any', justification: justification.trim() }, force: true },
      {
        onSuccess: () => {
          notifySuccess(`${objectName} is approved`);
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      id="force-approval"
      open={open}
      onClose={onClose}
      title={`Approve ${objectName} without a review`}
      text="It becomes Approved and locked now, with no reviewer’s decision. Say why: the justification is kept in its log and shown in its review history."
      error={request.isError ? errorDetail(request.error) : null}
      submitLabel="Approve without review"
      pending={request.isPending}
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
        helperText={fieldError ?? 'For example: “Approved by the board on 12-11-2026, minutes attached.”'}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
    </FormDialog>
  );
}
