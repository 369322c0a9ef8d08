import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import { FormDialog } from '../../../components/form-dialog';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { useRevokeRiskAcceptance } from '../api/revoke-risk-acceptance';

type Props = { projectId: string; riskId: string; reference: string; open: boolean; onClose: () => void };

/** Withdraws the acceptance with the reason why (kept on the record and in the log); the risk is then flagged. Render it with a new key each time it opens. */
export function RevokeAcceptanceDialog({ projectId, riskId, reference, open, onClose }: Props) {
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const revoke = useRevokeRiskAcceptance(projectId, riskId);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason.trim()) {
      setFieldError('Say why the acceptance no longer holds: the reason is kept on the record');
      event.currentTarget.querySelector<HTMLElement>('[name="reason"]')?.focus();
      return;
    }
    revoke.mutate(
      { reason: reason.trim() },
      {
        onSuccess: () => {
          notifySuccess(`The acceptance of ${reference} is revoked; the risk needs attention`);
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      id="revoke-acceptance"
      open={open}
      onClose={onClose}
      title={`Revoke the acceptance of ${reference}?`}
      text="The risk is no longer accepted as it is: it is flagged as needing attention until it is treated again. The record stays, marked revoked, with your reason."
      error={revoke.isError ? errorDetail(revoke.error) : null}
      submitLabel="Revoke acceptance"
      destructive
      pending={revoke.isPending}
      onSubmit={submit}
    >
      <TextField
        name="reason"
        label="Why it no longer holds"
        required
        fullWidth
        multiline
        minRows={3}
        autoFocus
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setFieldError(null);
        }}
        error={Boolean(fieldError)}
        helperText={fieldError ?? 'For example: “The model now also serves minors.”'}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
    </FormDialog>
  );
}
