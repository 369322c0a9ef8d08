import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ControlDetail, Tag, UpdateControl } from '@aegis/contracts';
import { fieldErrorsFromApiError, fieldErrorsFromIssues, focusFirstInvalid, type FieldErrors } from '../../../components/field-errors';
import { TagChip } from '../../../components/tag-chip';
import { errorDetail } from '../../../lib/errors';
import { formatDate, parseDisplayDate } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notifier';
import { updateControlSchema, useUpdateControl } from '../api/update-control';
import { DetailSection } from '../../../components/detail-section';
import { DueDateText } from './due-date-text';

type FormProps = { projectId: string; control: ControlDetail; tags: readonly Tag[] };

function PlanningForm({ projectId, control, tags }: FormProps) {
  const [dueText, setDueText] = useState(formatDate(control.due_date));
  const [notes, setNotes] = useState(control.notes);
  const [tagIds, setTagIds] = useState(control.tags.map((tag) => tag.tag_id));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useUpdateControl(projectId, control.control_code);

  // Dates are typed as they are shown, DD-MM-YYYY; an unreadable one is kept as typed for the check.
  const dueDate = dueText.trim() ? (parseDisplayDate(dueText) ?? dueText.trim()) : null;
  // Only what changed is sent: the log then says exactly what was done.
  const changes: UpdateControl = {};
  if (dueDate !== control.due_date) changes.due_date = dueDate;
  if (notes !== control.notes) changes.notes = notes;
  if (tagIds.join() !== control.tags.map((tag) => tag.tag_id).join()) changes.tags = tagIds;
  const changed = Object.keys(changes).length > 0;
  // Tags of the control the organization list has not loaded (yet) still show.
  const options = [...tags, ...control.tags.filter((own) => !tags.some((tag) => tag.tag_id === own.tag_id)).map((own) => ({ ...own, created_at: '' }))];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = updateControlSchema.safeParse(changes);
    if (!checked.success) {
      const found = fieldErrorsFromIssues(checked.error.issues);
      if (found.due_date) found.due_date = 'Write the date as DD-MM-YYYY, for example 31-01-2027';
      setErrors(found);
      return focusFirstInvalid(event.currentTarget, found);
    }
    setErrors({});
    // The promise, not mutate's callbacks: saving renews this form (its key), and an unmounted form's callbacks never run.
    save.mutateAsync(checked.data).then(
      () => notifySuccess('Changes saved'),
      (error: unknown) => setErrors(fieldErrorsFromApiError(error)),
    );
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={2}>
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
        <Autocomplete
          multiple
          options={options}
          value={options.filter((tag) => tagIds.includes(tag.tag_id))}
          onChange={(_event, chosen) => setTagIds(chosen.map((tag) => tag.tag_id))}
          getOptionLabel={(tag) => tag.name}
          getOptionKey={(tag) => tag.tag_id}
          isOptionEqualToValue={(option, chosen) => option.tag_id === chosen.tag_id}
          noOptionsText="Your organization has no tags yet: an admin creates them under Organization, Customization."
          renderInput={(params) => <TextField {...params} name="tags" label="Tags" error={Boolean(errors.tags)} helperText={errors.tags} />}
        />
        <TextField name="notes" label="Notes" multiline minRows={3} value={notes} onChange={(event) => setNotes(event.target.value)} error={Boolean(errors.notes)} helperText={errors.notes} slotProps={{ htmlInput: { maxLength: 10_000 } }} />
        {save.isError && <Alert severity="error">{errorDetail(save.error)}</Alert>}
        <Box>
          <Button type="submit" variant="outlined" disabled={!changed} loading={save.isPending}>
            Save changes
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function ReadOnlyPlanning({ control }: { control: ControlDetail }) {
  return (
    <Stack spacing={2} component="dl" sx={{ m: 0, '& dt': { typography: 'subtitle2' }, '& dd': { m: 0 } }}>
      <div>
        <dt>Due date</dt>
        <dd>
          <DueDateText control={control} empty="None" />
        </dd>
      </div>
      <div>
        <dt>Tags</dt>
        <dd>
          {control.tags.length > 0 ? (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {control.tags.map((tag) => (
                <TagChip key={tag.tag_id} name={tag.name} colour={tag.color} />
              ))}
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary">
              None
            </Typography>
          )}
        </dd>
      </div>
      <div>
        <dt>Notes</dt>
        <dd>
          <Typography variant="body2" color={control.notes ? undefined : 'text.secondary'} sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {control.notes || 'None'}
          </Typography>
        </dd>
      </div>
    </Stack>
  );
}

type Props = FormProps & { canUpdate: boolean };

/** Due date, tags and notes: a form for those who may update the control while it is unlocked, text otherwise. */
export function PlanningSection({ projectId, control, tags, canUpdate }: Props) {
  const editable = canUpdate && !control.locked;
  const savedKey = `${control.due_date}|${control.notes}|${control.tags.map((tag) => tag.tag_id).join()}`;
  return (
    <DetailSection id="control-planning" title="Planning">
      {editable ? <PlanningForm key={savedKey} projectId={projectId} control={control} tags={tags} /> : <ReadOnlyPlanning control={control} />}
    </DetailSection>
  );
}
