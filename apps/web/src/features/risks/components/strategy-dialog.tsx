import { useState, type FormEvent } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { STRATEGY_STATUSES, STRATEGY_STATUS_LABELS, type PersonRef, type StrategyStatus, type TreatmentStrategy } from '@aegis/contracts';
import { fieldErrorsFromApiError, fieldErrorsFromIssues, focusFirstInvalid, type FieldErrors } from '../../../components/field-errors';
import { FormDialog } from '../../../components/form-dialog';
import { errorDetail } from '../../../lib/errors';
import { formatDate, parseDisplayDate } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notifier';
import { createTreatmentStrategySchema, useCreateTreatmentStrategy } from '../api/create-treatment-strategy';
import { updateTreatmentStrategySchema, useUpdateTreatmentStrategy } from '../api/update-treatment-strategy';
import { OwnerSelect } from './owner-select';

type Props = {
  projectId: string;
  riskId: string;
  /** The action to change; a new one when absent. */
  strategy?: TreatmentStrategy;
  open: boolean;
  onClose: () => void;
};

/** Adds an action to the treatment, or changes one: what will be done, by whom, by when, and how far it is. Render it with a new key each time it opens. */
export function StrategyDialog({ projectId, riskId, strategy, open, onClose }: Props) {
  const [action, setAction] = useState(strategy?.action ?? '');
  const [owner, setOwner] = useState<PersonRef | null>(strategy?.owner ?? null);
  const [dueText, setDueText] = useState(formatDate(strategy?.due_date ?? null));
  const [status, setStatus] = useState<StrategyStatus>(strategy?.status ?? 'planned');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateTreatmentStrategy(projectId, riskId);
  const update = useUpdateTreatmentStrategy(projectId, riskId);
  const pending = create.isPending || update.isPending;
  const failure = strategy ? update.error : create.error;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const dueDate = dueText.trim() ? (parseDisplayDate(dueText) ?? dueText.trim()) : null;
    const input = { action: action.trim(), owner_id: owner?.id ?? null, due_date: dueDate, status };
    // A change sends only what changed: the log then says exactly what was done.
    const saved = strategy && { action: strategy.action, owner_id: strategy.owner?.id ?? null, due_date: strategy.due_date, status: strategy.status };
    const changes = saved ? Object.fromEntries(Object.entries(input).filter(([field, value]) => value !== saved[field as keyof typeof saved])) : input;
    if (strategy && Object.keys(changes).length === 0) return onClose();
    const checked = strategy ? updateTreatmentStrategySchema.safeParse(changes) : createTreatmentStrategySchema.safeParse(input);
    if (!checked.success) {
      const found = fieldErrorsFromIssues(checked.error.issues);
      if (found.due_date) found.due_date = 'Write the date as DD-MM-YYYY, for example 31-01-2027';
      setErrors(found);
      return focusFirstInvalid(form, found);
    }
    setErrors({});
    const done = {
      onSuccess: () => {
        notifySuccess(strategy ? 'Action saved' : 'Action added to the treatment');
        onClose();
      },
      onError: (error: unknown) => {
        const found = fieldErrorsFromApiError(error);
        setErrors(found);
        focusFirstInvalid(form, found);
      },
    };
    if (strategy) update.mutate({ strategyId: strategy.id, input: changes }, done);
    else create.mutate(input, done);
  };

  return (
    <FormDialog
      id="treatment-strategy"
      open={open}
      onClose={onClose}
      title={strategy ? 'Change the action' : 'Add an action'}
      text="A concrete step of the treatment: a control to put in place, a test, a contract clause, a training."
      error={failure && Object.keys(errors).length === 0 ? errorDetail(failure) : null}
      submitLabel={strategy ? 'Save action' : 'Add action'}
      pending={pending}
      onSubmit={submit}
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <TextField
          name="action"
          label="Action"
          required
          multiline
          minRows={2}
          autoFocus
          value={action}
          onChange={(event) => setAction(event.target.value)}
          error={Boolean(errors.action)}
          helperText={errors.action ?? 'For example: “Run a bias audit on the latest model before each release”'}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <OwnerSelect projectId={projectId} value={owner} onChange={setOwner} error={errors.owner_id} />
        <TextField
          name="due_date"
          label="Due date"
          placeholder="DD-MM-YYYY"
          value={dueText}
          onChange={(event) => setDueText(event.target.value)}
          error={Boolean(errors.due_date)}
          helperText={errors.due_date ?? 'DD-MM-YYYY; leave empty for none'}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { autoComplete: 'off' } }}
        />
        <TextField select name="status" label="Status" value={status} onChange={(event) => setStatus(event.target.value as StrategyStatus)} error={Boolean(errors.status)} helperText={errors.status}>
          {STRATEGY_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {STRATEGY_STATUS_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </FormDialog>
  );
}
