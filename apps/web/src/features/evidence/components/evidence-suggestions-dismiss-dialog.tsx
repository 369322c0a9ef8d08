import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import type { EvidenceSuggestion } from '@aegis/contracts';
import { FormDialog } from '../../../components/form-dialog';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { useDismissEvidenceSuggestion } from '../api/suggestions-api';

type Props = { projectId: string; controlCode: string; suggestion: EvidenceSuggestion; onDismissed?: (dismissed: EvidenceSuggestion) => void; onClose: () => void };

/** Dismisses a proposal, saying why if one wishes (the reason is kept in the log); it is not proposed again. Render it with a new key per proposal. */
export function DismissSuggestionDialog({ projectId, controlCode, suggestion, onDismissed, onClose }: Props) {
  const [reason, setReason] = useState('');
  const dismiss = useDismissEvidenceSuggestion(projectId, controlCode);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dismiss.mutate(
      { id: suggestion.id, reason: reason.trim() || undefined },
      {
        onSuccess: (dismissed) => {
          onDismissed?.(dismissed);
          notifySuccess(`“${suggestion.evidence.name}” dismissed for ${controlCode}`);
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      id="dismiss-suggestion"
      open
      onClose={onClose}
      title={`Dismiss “${suggestion.evidence.name}”?`}
      text={`It will not be proposed for ${controlCode} again. The file stays in the project’s evidence.`}
      error={dismiss.isError ? errorDetail(dismiss.error) : null}
      submitLabel="Dismiss"
      pending={dismiss.isPending}
      onSubmit={submit}
    >
      <TextField
        name="reason"
        label="Why (optional)"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        multiline
        minRows={2}
        fullWidth
        autoFocus
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
    </FormDialog>
  );
}
