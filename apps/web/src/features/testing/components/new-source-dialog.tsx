import { useState, type FormEvent } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { TESTING_SOURCE_KIND_LABELS, TESTING_SOURCE_KINDS, type TestingSourceKind } from '@aegis/contracts';
import { fieldErrorsFromApiError, fieldErrorsFromIssues, focusFirstInvalid, type FieldErrors } from '../../../components/field-errors';
import { FormDialog } from '../../../components/form-dialog';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { createSourceSchema, useCreateSource } from '../api/sources-api';
import { ModelCardPicker } from './model-card-picker';

type Props = { projectId: string; open: boolean; onClose: () => void };

const KIND_HINTS: Record<TestingSourceKind, string> = {
  api: 'A training or monitoring pipeline pushes values with a project-scoped API token',
  file: 'Values uploaded as a CSV (metric,value,timestamp) or JSON file',
  manual: 'Values typed in on this page',
  asset_card: 'The evaluation results published on one of the project’s model cards',
};

/** Adds a source of values: where a set of metrics comes from. Render it with a new key each time it opens. */
export function NewSourceDialog({ projectId, open, onClose }: Props) {
  const [values, setValues] = useState({ name: '', kind: 'api' as TestingSourceKind, description: '', asset_card_id: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateSource(projectId);
  const change = (changes: Partial<typeof values>) => {
    setValues((current) => ({ ...current, ...changes }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !(key in changes))));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = createSourceSchema.safeParse({ ...values, asset_card_id: values.kind === 'asset_card' ? values.asset_card_id || null : null });
    if (!checked.success) {
      const found = fieldErrorsFromIssues(checked.error.issues);
      setErrors(found);
      return focusFirstInvalid(form, found);
    }
    create.mutate(checked.data, {
      onSuccess: (source) => {
        notifySuccess(`${source.name} added: add its metrics next`);
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
      id="new-source"
      open={open}
      onClose={onClose}
      title="New source"
      text="A source is where a set of metrics comes from: a pipeline, a file, values typed by hand, or a model card."
      error={create.isError && Object.keys(errors).length === 0 ? errorDetail(create.error) : null}
      submitLabel="Add source"
      pending={create.isPending}
      onSubmit={submit}
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <TextField name="name" label="Name" required fullWidth autoFocus value={values.name} onChange={(event) => change({ name: event.target.value })} error={Boolean(errors.name)} helperText={errors.name ?? 'For example “Nightly evaluation pipeline”'} slotProps={{ htmlInput: { maxLength: 200 } }} />
        <TextField select name="kind" label="Kind" required fullWidth value={values.kind} onChange={(event) => change({ kind: event.target.value as TestingSourceKind })} error={Boolean(errors.kind)} helperText={errors.kind ?? KIND_HINTS[values.kind]}>
          {TESTING_SOURCE_KINDS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {TESTING_SOURCE_KIND_LABELS[kind]}
            </MenuItem>
          ))}
        </TextField>
        {values.kind === 'asset_card' && <ModelCardPicker projectId={projectId} value={values.asset_card_id} onChange={(asset_card_id) => change({ asset_card_id })} error={errors.asset_card_id} />}
        <TextField name="description" label="Description" fullWidth multiline minRows={2} value={values.description} onChange={(event) => change({ description: event.target.value })} error={Boolean(errors.description)} helperText={errors.description ?? 'Optional: what runs it and where'} slotProps={{ htmlInput: { maxLength: 2000 } }} />
      </Stack>
    </FormDialog>
  );
}
