import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ASSET_CARD_NATURE_LABELS, ASSET_CARD_NATURES, type AssetCardDetail, type AssetCardNature, type PersonRef, type Tag, type UpdateAssetCard } from '@aegis/contracts';
import { DetailSection } from '../../../components/detail-section';
import { PeopleNames } from '../../../components/people-names';
import { TagChip } from '../../../components/tag-chip';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { useProjectPeople } from '../../../lib/project-people';
import { updateAssetCardSchema, useUpdateAssetCard } from '../api/asset-cards-api';
import { cardErrorsFromApiError, cardErrorsFromIssues, focusFirstCardError, type CardFieldErrors } from '../card-field-errors';
import { AssetNatureChip } from './asset-type-icon';

type OwnerProps = { projectId: string; value: PersonRef | null; onChange: (person: PersonRef | null) => void; error?: string };

/** One member of the project (or no one) answerable for the asset. */
function OwnerSelect({ projectId, value, onChange, error }: OwnerProps) {
  const people = useProjectPeople(projectId);
  // The owner stays choosable even if the members have not loaded (or they left the project since).
  const options = [...(people.data ?? [])];
  if (value && !options.some((person) => person.id === value.id)) options.unshift(value);
  return (
    <TextField
      select
      name="owner_id"
      label="Owner"
      value={value?.id ?? ''}
      onChange={(event) => onChange(options.find((person) => person.id === event.target.value) ?? null)}
      error={Boolean(error) || people.isError}
      helperText={error ?? (people.isError ? 'The project’s members could not be loaded.' : 'The member answerable for the asset')}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      fullWidth
    >
      <MenuItem value="">No owner yet</MenuItem>
      {options.map((person) => (
        <MenuItem key={person.id} value={person.id}>
          {person.name || person.email}
        </MenuItem>
      ))}
    </TextField>
  );
}

type FormProps = { projectId: string; card: AssetCardDetail; tags: readonly Tag[] };

function DetailsForm({ projectId, card, tags }: FormProps) {
  const [name, setName] = useState(card.name);
  const [description, setDescription] = useState(card.description);
  const [nature, setNature] = useState<AssetCardNature>(card.asset_card_nature);
  const [version, setVersion] = useState(card.version ?? '');
  const [owner, setOwner] = useState<PersonRef | null>(card.owner);
  const [tagIds, setTagIds] = useState(card.tags.map((tag) => tag.tag_id));
  const [errors, setErrors] = useState<CardFieldErrors>({});
  const save = useUpdateAssetCard(projectId, card.id);

  // Only what changed is sent: the log then says exactly what was done.
  const changes: UpdateAssetCard = {};
  if (name !== card.name) changes.name = name;
  if (description !== card.description) changes.description = description;
  if (nature !== card.asset_card_nature) changes.asset_card_nature = nature;
  if ((version.trim() || null) !== card.version) changes.version = version.trim() || null;
  if ((owner?.id ?? null) !== (card.owner?.id ?? null)) changes.owner_id = owner?.id ?? null;
  if (tagIds.join() !== card.tags.map((tag) => tag.tag_id).join()) changes.tags = tagIds;
  const changed = Object.keys(changes).length > 0;
  // Tags of the card the organization list has not loaded (yet) still show.
  const options = [...tags, ...card.tags.filter((own) => !tags.some((tag) => tag.tag_id === own.tag_id)).map((own) => ({ ...own, created_at: '' }) as Tag)];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = updateAssetCardSchema.safeParse(changes);
    if (!checked.success) {
      const found = cardErrorsFromIssues(checked.error.issues);
      setErrors(found);
      return focusFirstCardError(form, found);
    }
    setErrors({});
    save.mutateAsync(checked.data).then(
      () => notifySuccess('Details saved'),
      (error: unknown) => setErrors(cardErrorsFromApiError(error)),
    );
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Details">
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
          helperText={errors.description ?? 'A summary: what it is, in a few sentences (the card’s opening paragraph)'}
          slotProps={{ htmlInput: { maxLength: 10_000 } }}
        />
        <TextField select name="asset_card_nature" label="Nature" value={nature} onChange={(event) => setNature(event.target.value as AssetCardNature)} error={Boolean(errors.asset_card_nature)} helperText={errors.asset_card_nature}>
          {ASSET_CARD_NATURES.map((option) => (
            <MenuItem key={option} value={option}>
              {ASSET_CARD_NATURE_LABELS[option]}
            </MenuItem>
          ))}
        </TextField>
        <TextField name="version" label="Version" value={version} onChange={(event) => setVersion(event.target.value)} error={Boolean(errors.version)} helperText={errors.version} slotProps={{ htmlInput: { maxLength: 200 } }} />
        <OwnerSelect projectId={projectId} value={owner} onChange={setOwner} error={errors.owner_id} />
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
            Save details
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function ReadOnlyDetails({ card }: { card: AssetCardDetail }) {
  const none = (text: string) => (
    <Typography variant="body2" color="text.secondary">
      {text}
    </Typography>
  );
  return (
    <Stack spacing={2} component="dl" sx={{ m: 0, '& dt': { typography: 'subtitle2' }, '& dd': { m: 0 } }}>
      <div>
        <dt>Description</dt>
        <dd>{card.description ? <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{card.description}</Typography> : none('None')}</dd>
      </div>
      <div>
        <dt>Nature</dt>
        <dd>
          <AssetNatureChip nature={card.asset_card_nature} />
        </dd>
      </div>
      <div>
        <dt>Version</dt>
        <dd>{card.version ? <Typography variant="body2">{card.version}</Typography> : none('Not given')}</dd>
      </div>
      <div>
        <dt>Owner</dt>
        <dd>
          <PeopleNames people={card.owner ? [card.owner] : []} empty="No owner yet" max={1} />
        </dd>
      </div>
      <div>
        <dt>Tags</dt>
        <dd>
          {card.tags.length > 0 ? (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {card.tags.map((tag) => (
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

type Props = { projectId: string; card: AssetCardDetail; tags: readonly Tag[]; canUpdate: boolean };

/** What identifies the card (name, summary, nature, version), who owns it, and its tags: a form while it may change, text otherwise (with why). */
export function AssetDetailsSection({ projectId, card, tags, canUpdate }: Props) {
  const editable = canUpdate && !card.locked && card.status !== 'in_review';
  const savedKey = [card.name, card.description, card.asset_card_nature, card.version, card.owner?.id, card.tags.map((tag) => tag.tag_id).join()].join('¦');
  let reason: string | null = null;
  if (canUpdate && card.locked) reason = 'Approved and locked: reopen it to change its details.';
  else if (canUpdate && card.status === 'in_review') reason = 'Under review: its details change once the review is decided or cancelled.';
  return (
    <DetailSection id="asset-details" title="Details">
      {reason && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {reason}
        </Typography>
      )}
      {editable ? <DetailsForm key={savedKey} projectId={projectId} card={card} tags={tags} /> : <ReadOnlyDetails card={card} />}
    </DetailSection>
  );
}
