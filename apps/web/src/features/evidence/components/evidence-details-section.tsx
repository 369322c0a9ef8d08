import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { updateEvidence as updateEvidenceBody, type EvidenceDetail, type Tag, type UpdateEvidence } from '@aegis/contracts';
import { DetailSection } from '../../../components/detail-section';
import { fieldErrorsFromApiError, fieldErrorsFromIssues, focusFirstInvalid, type FieldErrors } from '../../../components/field-errors';
import { TagChip } from '../../../components/tag-chip';
import { errorDetail } from '../../../lib/errors';
import { formatDate, parseDisplayDate } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notifier';
import { useUpdateEvidence } from '../api/evidence-api';

const DATE_HINT = 'Write the date as DD-MM-YYYY, for example 31-01-2027';

type FormProps = { projectId: string; evidence: EvidenceDetail; tags: readonly Tag[] };

function DetailsForm({ projectId, evidence, tags }: FormProps) {
  const [name, setName] = useState(evidence.name);
  const [description, setDescription] = useState(evidence.description);
  const [effectiveText, setEffectiveText] = useState(formatDate(evidence.effective_date));
  const [expiresText, setExpiresText] = useState(formatDate(evidence.expires_on));
  const [tagIds, setTagIds] = useState(evidence.tags.map((tag) => tag.tag_id));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useUpdateEvidence(projectId, evidence.id);

  // Dates are typed as they are shown, DD-MM-YYYY; an unreadable one is kept as typed for the check.
  const effective = parseDisplayDate(effectiveText) ?? effectiveText.trim();
  const expires = expiresText.trim() ? (parseDisplayDate(expiresText) ?? expiresText.trim()) : null;
  // Only what changed is sent: the log then says exactly what was done.
  const changes: UpdateEvidence = {};
  if (name !== evidence.name) changes.name = name;
  if (description !== evidence.description) changes.description = description;
  if (effective !== evidence.effective_date) changes.effective_date = effective;
  if (expires !== evidence.expires_on) changes.expires_on = expires;
  if (tagIds.join() !== evidence.tags.map((tag) => tag.tag_id).join()) changes.tags = tagIds;
  const changed = Object.keys(changes).length > 0;
  // Tags of the evidence the organization list has not loaded (yet) still show.
  const options = [...tags, ...evidence.tags.filter((own) => !tags.some((tag) => tag.tag_id === own.tag_id)).map((own) => ({ ...own, created_at: '' }) as Tag)];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = updateEvidenceBody.safeParse(changes);
    const found: FieldErrors = checked.success ? {} : fieldErrorsFromIssues(checked.error.issues);
    if (found.effective_date) found.effective_date = DATE_HINT;
    if (found.expires_on) found.expires_on = DATE_HINT;
    const effectiveDay = changes.effective_date ?? evidence.effective_date;
    const expiresDay = changes.expires_on === undefined ? evidence.expires_on : changes.expires_on;
    if (!found.expires_on && !found.effective_date && expiresDay && expiresDay <= effectiveDay) found.expires_on = 'It must expire after its effective date';
    if (!checked.success || Object.keys(found).length > 0) {
      setErrors(found);
      return focusFirstInvalid(form, found);
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
        <TextField name="name" label="Name" required value={name} onChange={(event) => setName(event.target.value)} error={Boolean(errors.name)} helperText={errors.name} slotProps={{ htmlInput: { maxLength: 300 } }} />
        <TextField
          name="description"
          label="Description"
          multiline
          minRows={3}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          error={Boolean(errors.description)}
          helperText={errors.description ?? 'What the file proves; it is searched too.'}
          slotProps={{ htmlInput: { maxLength: 10_000 } }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            name="effective_date"
            label="Effective date"
            placeholder="DD-MM-YYYY"
            required
            value={effectiveText}
            onChange={(event) => setEffectiveText(event.target.value)}
            error={Boolean(errors.effective_date)}
            helperText={errors.effective_date ?? 'The start of the period it proves'}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { autoComplete: 'off' } }}
            sx={{ flex: 1 }}
          />
          <TextField
            name="expires_on"
            label="Expires on"
            placeholder="DD-MM-YYYY"
            value={expiresText}
            onChange={(event) => setExpiresText(event.target.value)}
            error={Boolean(errors.expires_on)}
            helperText={errors.expires_on ?? 'Leave empty if it does not expire'}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { autoComplete: 'off' } }}
            sx={{ flex: 1 }}
          />
        </Stack>
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
        {save.isError && Object.keys(errors).length === 0 && <Alert severity="error">{errorDetail(save.error)}</Alert>}
        <Box>
          <Button type="submit" variant="outlined" disabled={!changed} loading={save.isPending}>
            Save changes
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function ReadOnlyDetails({ evidence }: { evidence: EvidenceDetail }) {
  const none = (text: string) => (
    <Typography variant="body2" color="text.secondary">
      {text}
    </Typography>
  );
  return (
    <Stack spacing={2} component="dl" sx={{ m: 0, '& dt': { typography: 'subtitle2' }, '& dd': { m: 0 } }}>
      <div>
        <dt>Description</dt>
        <dd>{evidence.description ? <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{evidence.description}</Typography> : none('None')}</dd>
      </div>
      <div>
        <dt>Effective date</dt>
        <dd>
          <Typography variant="body2">{formatDate(evidence.effective_date)}</Typography>
        </dd>
      </div>
      <div>
        <dt>Expires on</dt>
        <dd>{evidence.expires_on ? <Typography variant="body2">{formatDate(evidence.expires_on)}</Typography> : none('Does not expire')}</dd>
      </div>
      <div>
        <dt>Tags</dt>
        <dd>
          {evidence.tags.length > 0 ? (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {evidence.tags.map((tag) => (
                <TagChip key={tag.tag_id} name={tag.name} colour={tag.color} />
              ))}
            </Box>
          ) : (
            none('None')
          )}
        </dd>
      </div>
    </Stack>
  );
}

type Props = { projectId: string; evidence: EvidenceDetail; tags: readonly Tag[]; canUpdate: boolean };

/** What the evidence is, the period it proves, when it stops proving it, and its tags: a form while it may change, text otherwise (with why). */
export function EvidenceDetailsSection({ projectId, evidence, tags, canUpdate }: Props) {
  const editable = canUpdate && !evidence.locked && evidence.status !== 'in_review';
  const savedKey = [evidence.name, evidence.description, evidence.effective_date, evidence.expires_on, evidence.tags.map((tag) => tag.tag_id).join()].join('¦');
  let reason: string | null = null;
  if (canUpdate && evidence.locked) reason = 'Approved and locked: reopen it to change its details.';
  else if (canUpdate && evidence.status === 'in_review') reason = 'Under review: its details change once the review is decided or cancelled.';
  return (
    <DetailSection id="evidence-details" title="Details">
      {reason && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {reason}
        </Typography>
      )}
      {editable ? <DetailsForm key={savedKey} projectId={projectId} evidence={evidence} tags={tags} /> : <ReadOnlyDetails evidence={evidence} />}
    </DetailSection>
  );
}
