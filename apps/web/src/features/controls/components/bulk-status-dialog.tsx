import { useState, type FormEvent } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { JUSTIFIED_STATUSES, WORK_ITEM_STATUS_LABELS, type BulkControlsResult, type WorkItemStatus } from '@aegis/contracts';
import { FormDialog } from '../../../components/form-dialog';
import { notifySuccess } from '../../../lib/notifier';
import { bulkUpdateControlsSchema, useBulkUpdateControls } from '../api/bulk-update-controls';
import { BulkResultAlert, RefusalAlert } from './refusal-alert';

/** The statuses a person sets by hand; in review and approved come only through reviews. */
const MANUAL_STATUSES: WorkItemStatus[] = ['ready', 'in_progress', 'out_of_scope'];

type Props = { projectId: string; codes: string[]; open: boolean; onClose: () => void; onDone: () => void };

/**
 * Moves the selected controls to one status. Out of scope asks why. Approved controls are locked: the
 * server refuses them and changes the others, and the dialog stays open listing those refused and why.
 * Render it with a new key each time it opens.
 */
export function BulkStatusDialog({ projectId, codes, open, onClose, onDone }: Props) {
  const [status, setStatus] = useState<WorkItemStatus>('in_progress');
  const [justification, setJustification] = useState('');
  const [justificationError, setJustificationError] = useState<string | null>(null);
  const [result, setResult] = useState<BulkControlsResult | null>(null);
  const bulk = useBulkUpdateControls(projectId);
  const needsReason = JUSTIFIED_STATUSES.includes(status);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (needsReason && !justification.trim()) {
      setJustificationError('Say why they are out of scope: the reason is kept in each control’s history');
      event.currentTarget.querySelector<HTMLElement>('[name="justification"]')?.focus();
      return;
    }
    const input = bulkUpdateControlsSchema.parse({ control_codes: codes, status, ...(needsReason ? { justification } : {}) });
    bulk.mutate(input, {
      onSuccess: (answer) => {
        const changed = answer.updated.length;
        if (answer.refused.length > 0) {
          setResult(answer);
          return;
        }
        notifySuccess(`${changed} ${changed === 1 ? 'control' : 'controls'} moved to ${WORK_ITEM_STATUS_LABELS[status]}`);
        onDone();
      },
    });
  };

  return (
    <FormDialog
      id="bulk-status"
      open={open}
      onClose={onClose}
      title="Change the status"
      text={`Move the ${codes.length} selected ${codes.length === 1 ? 'control' : 'controls'} to one status. Approved controls are locked and keep theirs: reopen them one by one first.`}
      submitLabel="Change status"
      pending={bulk.isPending}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField select label="New status" name="status" value={status} onChange={(event) => setStatus(event.target.value as WorkItemStatus)}>
          {MANUAL_STATUSES.map((option) => (
            <MenuItem key={option} value={option}>
              {WORK_ITEM_STATUS_LABELS[option]}
            </MenuItem>
          ))}
        </TextField>
        {needsReason && (
          <TextField
            name="justification"
            label="Why are they out of scope?"
            required
            multiline
            minRows={3}
            value={justification}
            onChange={(event) => {
              setJustification(event.target.value);
              setJustificationError(null);
            }}
            error={Boolean(justificationError)}
            helperText={justificationError ?? 'Kept in the history of each control, for the auditor.'}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        )}
      </Stack>
      <RefusalAlert error={bulk.error} />
      <BulkResultAlert result={result} />
    </FormDialog>
  );
}
