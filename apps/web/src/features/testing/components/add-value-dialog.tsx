import { useState, type FormEvent } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { TestingMetric } from '@aegis/contracts';
import { focusFirstInvalid, type FieldErrors } from '../../../components/field-errors';
import { FormDialog } from '../../../components/form-dialog';
import { ApiError, errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { pushValuesSchema, usePushValues } from '../api/values-api';

type Props = { projectId: string; metrics: readonly TestingMetric[]; open: boolean; onClose: () => void };

/** A refusal of one value names `values.0.value`: shown on the field it is about. */
function fieldOfPath(path: string): string | undefined {
  const last = path.split('.').at(-1);
  return last === 'metric_id' ? 'metric_id' : last === 'timestamp' ? 'timestamp' : last === 'value' ? 'value' : undefined;
}

/** Types in one value of a metric (a manual source), observed now or at a given time. Render it with a new key each time it opens. */
export function AddValueDialog({ projectId, metrics, open, onClose }: Props) {
  const [values, setValues] = useState({ metric_id: metrics.length === 1 ? metrics[0]!.id : '', value: '', timestamp: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const push = usePushValues(projectId);
  const change = (changes: Partial<typeof values>) => {
    setValues((current) => ({ ...current, ...changes }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !(key in changes))));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found: FieldErrors = {};
    const value = values.value.trim() === '' ? Number.NaN : Number(values.value);
    if (!values.metric_id) found.metric_id = 'Choose the metric';
    if (!Number.isFinite(value)) found.value = 'Give the value as a number, such as 0.93';
    const timestamp = values.timestamp ? new Date(values.timestamp) : null;
    if (timestamp && Number.isNaN(timestamp.getTime())) found.timestamp = 'Give a date and time';
    const checked = pushValuesSchema.safeParse({ values: [{ metric_id: values.metric_id, value, ...(timestamp ? { timestamp: timestamp.toISOString() } : {}) }] });
    if (Object.keys(found).length || !checked.success) {
      setErrors(found);
      return focusFirstInvalid(form, found);
    }
    push.mutate(checked.data, {
      onSuccess: (result) => {
        notifySuccess(result.tests_run > 0 ? `Value added; ${result.tests_run} ${result.tests_run === 1 ? 'test' : 'tests'} ran on it` : 'Value added');
        onClose();
      },
      onError: (error) => {
        if (!(error instanceof ApiError) || error.status !== 422) return;
        const refused: FieldErrors = {};
        for (const { path, message } of error.errors) {
          const field = fieldOfPath(path);
          if (field && !(field in refused)) refused[field] = message;
        }
        setErrors(refused);
        focusFirstInvalid(form, refused);
      },
    });
  };

  return (
    <FormDialog
      id="add-value"
      open={open}
      onClose={onClose}
      title="Add a value"
      text="Tests that judge on every new value run at once."
      error={push.isError && Object.keys(errors).length === 0 ? errorDetail(push.error) : null}
      submitLabel="Add value"
      pending={push.isPending}
      onSubmit={submit}
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <TextField select name="metric_id" label="Metric" required fullWidth value={values.metric_id} onChange={(event) => change({ metric_id: event.target.value })} error={Boolean(errors.metric_id)} helperText={errors.metric_id}>
          {metrics.map((metric) => (
            <MenuItem key={metric.id} value={metric.id}>
              {metric.name}
              {metric.unit ? ` (${metric.unit})` : ''}
            </MenuItem>
          ))}
        </TextField>
        <TextField name="value" label="Value" required fullWidth autoFocus value={values.value} onChange={(event) => change({ value: event.target.value })} error={Boolean(errors.value)} helperText={errors.value} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        <TextField
          name="timestamp"
          type="datetime-local"
          label="Observed at"
          fullWidth
          value={values.timestamp}
          onChange={(event) => change({ timestamp: event.target.value })}
          error={Boolean(errors.timestamp)}
          helperText={errors.timestamp ?? 'Optional: now when left empty; never in the future'}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
    </FormDialog>
  );
}
