import { useState, type FormEvent } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { METRIC_DIRECTIONS, type MetricDirection, type TestingSource } from '@aegis/contracts';
import { fieldErrorsFromApiError, fieldErrorsFromIssues, focusFirstInvalid, type FieldErrors } from '../../../components/field-errors';
import { FormDialog } from '../../../components/form-dialog';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { createMetricSchema, useCreateMetric } from '../api/metrics-api';
import { DIRECTION_LABELS } from '../testing-labels';

type Props = { projectId: string; source: TestingSource; open: boolean; onClose: () => void };

/** Adds a metric to a source: its name and unit, which way is better, and how often values are expected. Render it with a new key each time it opens. */
export function NewMetricDialog({ projectId, source, open, onClose }: Props) {
  const [values, setValues] = useState({ name: '', unit: '', direction: 'higher_is_better' as MetricDirection, expected: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateMetric(projectId, source.id);
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== (field === 'expected' ? 'expected_every_hours' : field))));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const expected = values.expected.trim();
    const checked = createMetricSchema.safeParse({ name: values.name, unit: values.unit, direction: values.direction, expected_every_hours: expected ? Number(expected) : null });
    if (!checked.success) {
      const found = fieldErrorsFromIssues(checked.error.issues);
      if (found.expected_every_hours) found.expected_every_hours = 'Give a whole number of hours, or leave it empty';
      setErrors(found);
      return focusFirstInvalid(form, found);
    }
    create.mutate(checked.data, {
      onSuccess: (metric) => {
        notifySuccess(`${metric.name} added to ${source.name}`);
        onClose();
      },
      onError: (error) => {
        const found = fieldErrorsFromApiError(error);
        setErrors(found);
        focusFirstInvalid(form, found);
      },
    });
  };

  return (
    <FormDialog
      id="new-metric"
      open={open}
      onClose={onClose}
      title={`New metric in ${source.name}`}
      text="A metric is one number measured again and again, such as accuracy, F1 or the rate of refused answers."
      error={create.isError && Object.keys(errors).length === 0 ? errorDetail(create.error) : null}
      submitLabel="Add metric"
      pending={create.isPending}
      onSubmit={submit}
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <TextField name="name" label="Name" required fullWidth autoFocus value={values.name} onChange={set('name')} error={Boolean(errors.name)} helperText={errors.name ?? 'For example “accuracy”'} slotProps={{ htmlInput: { maxLength: 200 } }} />
        <TextField name="unit" label="Unit" fullWidth value={values.unit} onChange={set('unit')} error={Boolean(errors.unit)} helperText={errors.unit ?? 'Optional: %, ms, tokens…'} slotProps={{ htmlInput: { maxLength: 40 } }} />
        <TextField select name="direction" label="Which way is better" fullWidth value={values.direction} onChange={set('direction')} error={Boolean(errors.direction)} helperText={errors.direction ?? 'A new test on it starts with this side'}>
          {METRIC_DIRECTIONS.map((direction) => (
            <MenuItem key={direction} value={direction}>
              {DIRECTION_LABELS[direction]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          name="expected_every_hours"
          label="Expected every (hours)"
          fullWidth
          value={values.expected}
          onChange={set('expected')}
          error={Boolean(errors.expected_every_hours)}
          helperText={errors.expected_every_hours ?? 'Optional: with no value for longer, the metric shows as stale (24 for a daily pipeline)'}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Stack>
    </FormDialog>
  );
}
