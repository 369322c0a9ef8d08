import { useState, type FormEvent } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useNavigate } from 'react-router';
import { ASSET_CARD_NATURE_LABELS, ASSET_CARD_NATURES, ASSET_CARD_TYPE_LABELS, ASSET_CARD_TYPES, type AssetCardNature, type AssetCardType } from '@aegis/contracts';
import { fieldErrorsFromApiError, fieldErrorsFromIssues, focusFirstInvalid, type FieldErrors } from '../../../components/field-errors';
import { FormDialog } from '../../../components/form-dialog';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { createAssetCardSchema, useCreateAssetCard } from '../api/asset-cards-api';
import { assetDetailPath } from '../asset-paths';
import { AssetTypeIcon } from './asset-type-icon';

const TYPE_HINTS: Record<AssetCardType, string> = {
  model: 'A trained model: its intended use, training data, evaluation and limits',
  dataset: 'Data used to train, test or run a model: its source, personal data and biases',
  ai_system: 'A system people use, built from models, data and services',
  software_component: 'Software the system is built with',
  third_party_service: 'A service a supplier runs for the system (an API, a hosted model)',
};

type Props = { projectId: string; open: boolean; onClose: () => void };

/**
 * Adds an asset card with what identifies it (name, type, nature, version); its facts, sections and
 * lineage are written on its page, which opens. Render it with a new key each time it opens.
 */
export function NewAssetCardDialog({ projectId, open, onClose }: Props) {
  const [name, setName] = useState('');
  const [type, setType] = useState<AssetCardType | ''>('');
  const [nature, setNature] = useState<AssetCardNature | ''>('');
  const [version, setVersion] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateAssetCard(projectId);
  const navigate = useNavigate();
  // A field's message goes once the field changes: it no longer says what is there.
  const clear = (field: string) => setErrors((current) => (field in current ? Object.fromEntries(Object.entries(current).filter(([key]) => key !== field)) : current));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = createAssetCardSchema.safeParse({
      name,
      asset_card_type: type || undefined,
      asset_card_nature: nature || undefined,
      version: version.trim() || null,
    });
    if (!checked.success) {
      const found = fieldErrorsFromIssues(checked.error.issues);
      if (found.asset_card_type) found.asset_card_type = 'Choose what kind of asset it is';
      if (found.asset_card_nature) found.asset_card_nature = 'Choose where it comes from';
      setErrors(found);
      return focusFirstInvalid(form, found);
    }
    setErrors({});
    create.mutate(checked.data, {
      onSuccess: (card) => {
        notifySuccess(`${card.name} added to the assets`);
        onClose();
        void navigate(assetDetailPath(projectId, card.id));
      },
      onError: (error) => {
        const found = fieldErrorsFromApiError(error);
        setErrors(found);
        focusFirstInvalid(form, found);
      },
    });
  };

  const refused = create.isError && Object.keys(errors).length === 0 ? errorDetail(create.error) : null;
  return (
    <FormDialog
      id="new-asset-card"
      open={open}
      onClose={onClose}
      title="New asset card"
      text="Name the model, dataset or system and say what it is; its key facts, sections and lineage are written on its card."
      error={refused}
      submitLabel="Create card"
      pending={create.isPending}
      onSubmit={submit}
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <TextField
          name="name"
          label="Name"
          required
          fullWidth
          autoFocus
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            clear('name');
          }}
          error={Boolean(errors.name)}
          helperText={errors.name ?? 'For example “Credit scoring model” or “Loan applications 2019–2024”'}
          slotProps={{ htmlInput: { maxLength: 300 } }}
        />
        <TextField
          select
          name="asset_card_type"
          label="Type"
          required
          fullWidth
          value={type}
          onChange={(event) => {
            setType(event.target.value as AssetCardType);
            clear('asset_card_type');
          }}
          error={Boolean(errors.asset_card_type)}
          helperText={errors.asset_card_type ?? (type ? TYPE_HINTS[type] : 'What kind of asset it is; it decides the card’s sections')}
        >
          {ASSET_CARD_TYPES.map((option) => (
            <MenuItem key={option} value={option}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <AssetTypeIcon type={option} />
                <span>{ASSET_CARD_TYPE_LABELS[option]}</span>
              </Stack>
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          name="asset_card_nature"
          label="Nature"
          required
          fullWidth
          value={nature}
          onChange={(event) => {
            setNature(event.target.value as AssetCardNature);
            clear('asset_card_nature');
          }}
          error={Boolean(errors.asset_card_nature)}
          helperText={errors.asset_card_nature ?? 'Built in-house, bought from a third party, or open source'}
        >
          {ASSET_CARD_NATURES.map((option) => (
            <MenuItem key={option} value={option}>
              {ASSET_CARD_NATURE_LABELS[option]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          name="version"
          label="Version"
          fullWidth
          value={version}
          onChange={(event) => {
            setVersion(event.target.value);
            clear('version');
          }}
          error={Boolean(errors.version)}
          helperText={errors.version ?? 'Optional: a release, a tag or a date, such as 2.1.0'}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      </Stack>
    </FormDialog>
  );
}
