import { useState, type FormEvent, type ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ASSET_CARD_SECTIONS, ASSET_CARD_TYPE_LABELS, type AssetCardDetail, type UpdateAssetCard } from '@aegis/contracts';
import { DetailSection } from '../../../components/detail-section';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { updateAssetCardSchema, useUpdateAssetCard } from '../api/asset-cards-api';
import { FACT_FIELDS, factsDraft, factsFromDraft, sameValue, sectionsDraft, sectionsFromDraft, type FactsDraft, type MetricDraft } from '../card-facts';
import { cardErrorsFromApiError, cardErrorsFromIssues, focusFirstCardError, type CardFieldErrors } from '../card-field-errors';

type TextFact = Exclude<keyof FactsDraft, 'metrics' | 'personal_data'>;

/** Each text fact's label and what to write in it. */
const TEXT_FACTS: Record<TextFact, { label: string; hint: string; max: number }> = {
  license: { label: 'Licence', hint: 'An SPDX identifier such as apache-2.0 or cc-by-4.0, or “other”', max: 200 },
  source_url: { label: 'Source URL', hint: 'Where it is published or documented (http or https)', max: 1000 },
  languages: { label: 'Languages', hint: 'Comma-separated, such as en, fr', max: 2000 },
  base_model: { label: 'Base model', hint: 'The model it was fine-tuned from: a name or a Hugging Face id', max: 200 },
  task: { label: 'Task', hint: 'What it does, as a Hugging Face pipeline tag such as tabular-classification', max: 200 },
  personal_data_categories: { label: 'Categories of personal data', hint: 'Comma-separated, such as contact details, income, health', max: 2000 },
  size: { label: 'Size', hint: 'In words, such as “1.2 M rows, 40 GB”', max: 200 },
  time_span_start: { label: 'Data from', hint: 'DD-MM-YYYY: the earliest data it holds', max: 10 },
  time_span_end: { label: 'Data until', hint: 'DD-MM-YYYY: the latest data it holds', max: 10 },
  provider: { label: 'Provider', hint: 'Who provides it: a company, a project, a team', max: 200 },
};

type MetricsProps = { metrics: MetricDraft[]; onChange: (metrics: MetricDraft[]) => void; errors: CardFieldErrors; disabled: boolean };

/** The model's metrics as a table of rows (name, value, dataset), as model cards' model-index reports them. */
function MetricsField({ metrics, onChange, errors, disabled }: MetricsProps) {
  const set = (index: number, changes: Partial<MetricDraft>) => onChange(metrics.map((metric, i) => (i === index ? { ...metric, ...changes } : metric)));
  const listError = errors['facts.metrics'];
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Metrics
      </Typography>
      {metrics.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          No metric yet: add each one the model was evaluated on (accuracy, AUC, F1…), with the dataset it was measured on.
        </Typography>
      )}
      <Stack spacing={1.5}>
        {metrics.map((metric, index) => {
          const row = `Metric ${index + 1}`;
          const at = (field: keyof MetricDraft) => errors[`facts.metrics.${index}.${field}`];
          return (
            <Box key={index} role="group" aria-label={row} sx={{ display: 'grid', gap: 1, alignItems: 'start', gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', sm: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 2fr) auto' } }}>
              <TextField
                size="small"
                name={`facts.metrics.${index}.name`}
                label="Name"
                value={metric.name}
                disabled={disabled}
                onChange={(event) => set(index, { name: event.target.value })}
                error={Boolean(at('name'))}
                helperText={at('name')}
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
              <TextField
                size="small"
                name={`facts.metrics.${index}.value`}
                label="Value"
                value={metric.value}
                disabled={disabled}
                onChange={(event) => set(index, { value: event.target.value })}
                error={Boolean(at('value'))}
                helperText={at('value')}
                slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 40 } }}
                sx={{ gridRow: { xs: 2, sm: 'auto' } }}
              />
              <TextField
                size="small"
                name={`facts.metrics.${index}.dataset`}
                label="Measured on"
                value={metric.dataset}
                disabled={disabled}
                onChange={(event) => set(index, { dataset: event.target.value })}
                error={Boolean(at('dataset'))}
                helperText={at('dataset')}
                slotProps={{ htmlInput: { maxLength: 200 } }}
                sx={{ gridRow: { xs: 3, sm: 'auto' } }}
              />
              <IconButton aria-label={`Remove ${metric.name.trim() || row.toLowerCase()}`} disabled={disabled} onClick={() => onChange(metrics.filter((_, i) => i !== index))} sx={{ mt: 0.25 }}>
                <DeleteOutlineIcon />
              </IconButton>
            </Box>
          );
        })}
      </Stack>
      {listError && (
        <Typography variant="body2" color="error" sx={{ mt: 1 }}>
          {listError}
        </Typography>
      )}
      <Button startIcon={<AddIcon />} disabled={disabled || metrics.length >= 100} onClick={() => onChange([...metrics, { name: '', value: '', dataset: '' }])} sx={{ mt: 1 }}>
        Add a metric
      </Button>
    </Box>
  );
}

type FormProps = { projectId: string; card: AssetCardDetail; disabled: boolean; reason: ReactNode };

function ContentForm({ projectId, card, disabled, reason }: FormProps) {
  const type = card.asset_card_type;
  const shown = FACT_FIELDS[type];
  const [draft, setDraft] = useState<FactsDraft>(() => factsDraft(card.facts));
  const [sections, setSections] = useState<Record<string, string>>(() => sectionsDraft(card));
  const [errors, setErrors] = useState<CardFieldErrors>({});
  const save = useUpdateAssetCard(projectId, card.id);

  const built = factsFromDraft(type, draft, card.facts);
  const written = sectionsFromDraft(type, sections);
  // Only what changed is sent: the log then says exactly what was done.
  const changes: UpdateAssetCard = {};
  if (!sameValue(built.facts, card.facts)) changes.facts = built.facts;
  if (!sameValue(written, sectionsFromDraft(type, sectionsDraft(card)))) changes.sections = written;
  const changed = Object.keys(changes).length > 0;

  const setText = (key: TextFact) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [key]: event.target.value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = updateAssetCardSchema.safeParse(changes);
    const found = { ...(checked.success ? {} : cardErrorsFromIssues(checked.error.issues)), ...built.errors };
    if (!checked.success || Object.keys(found).length > 0) {
      setErrors(found);
      return focusFirstCardError(form, found);
    }
    setErrors({});
    // The promise, not mutate's callbacks: saving renews this form (its key), and an unmounted form's callbacks never run.
    save.mutateAsync(checked.data).then(
      () => notifySuccess('Card saved'),
      (error: unknown) => {
        const fromServer = cardErrorsFromApiError(error);
        setErrors(fromServer);
        focusFirstCardError(form, fromServer);
      },
    );
  };

  const textFact = (key: TextFact) => {
    const { label, hint, max } = TEXT_FACTS[key];
    const error = errors[`facts.${key}`];
    return (
      <TextField
        key={key}
        name={`facts.${key}`}
        label={label}
        value={draft[key]}
        disabled={disabled}
        onChange={setText(key)}
        error={Boolean(error)}
        helperText={error ?? hint}
        placeholder={key.startsWith('time_span') ? 'DD-MM-YYYY' : undefined}
        slotProps={{ htmlInput: { maxLength: max, autoComplete: 'off' }, inputLabel: key.startsWith('time_span') ? { shrink: true } : undefined }}
        fullWidth
      />
    );
  };

  const facts: ReactNode[] = [];
  for (const field of shown) {
    if (field === 'metrics') continue;
    if (field === 'time_span') facts.push(textFact('time_span_start'), textFact('time_span_end'));
    else if (field === 'personal_data') {
      facts.push(
        <TextField
          key="personal_data"
          select
          name="facts.personal_data"
          label="Personal data"
          value={draft.personal_data}
          disabled={disabled}
          onChange={(event) => setDraft((current) => ({ ...current, personal_data: event.target.value as FactsDraft['personal_data'] }))}
          helperText="Whether it holds data about identifiable people"
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          fullWidth
        >
          <MenuItem value="">Not known yet</MenuItem>
          <MenuItem value="yes">Yes, it holds personal data</MenuItem>
          <MenuItem value="no">No personal data</MenuItem>
        </TextField>,
      );
    } else facts.push(textFact(field));
  }

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={`${ASSET_CARD_TYPE_LABELS[type]} card`}>
      {reason}
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, mb: 1.5 }}>
        Key facts
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>{facts}</Box>
      {shown.includes('metrics') && (
        <Box sx={{ mt: 2.5 }}>
          <MetricsField metrics={draft.metrics} onChange={(metrics) => setDraft((current) => ({ ...current, metrics }))} errors={errors} disabled={disabled} />
        </Box>
      )}
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, mt: 3, mb: 1.5 }}>
        Sections
      </Typography>
      <Stack spacing={2.5}>
        {ASSET_CARD_SECTIONS[type].map(({ key, heading, guidance }) => {
          const error = errors[`sections.${key}`];
          return (
            <TextField
              key={key}
              name={`sections.${key}`}
              label={heading}
              multiline
              minRows={3}
              value={sections[key] ?? ''}
              disabled={disabled}
              onChange={(event) => setSections((current) => ({ ...current, [key]: event.target.value }))}
              error={Boolean(error)}
              helperText={error ?? guidance}
              slotProps={{ htmlInput: { maxLength: 50_000 } }}
              fullWidth
            />
          );
        })}
      </Stack>
      {errors.sections && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errors.sections}
        </Alert>
      )}
      {errors.facts && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errors.facts}
        </Alert>
      )}
      {save.isError && Object.keys(errors).length === 0 && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorDetail(save.error)}
        </Alert>
      )}
      {!disabled && (
        <Box sx={{ mt: 2 }}>
          <Button type="submit" variant="contained" disabled={!changed} loading={save.isPending}>
            Save card
          </Button>
        </Box>
      )}
    </Box>
  );
}

type Props = { projectId: string; card: AssetCardDetail; canUpdate: boolean };

/**
 * The card itself: the key facts its type records (licence, source, languages, base model, task and
 * metrics for a model; personal data, size and time span for a dataset; the provider of a service)
 * and its prose sections, each with what to write in it. Disabled, with why, when approved (locked),
 * under review, or for a role that may only read.
 */
export function CardContentSection({ projectId, card, canUpdate }: Props) {
  let reason: string | null = null;
  if (card.locked) reason = 'Approved and locked: its facts and sections stay as they were approved. Reopen it to change them.';
  else if (card.status === 'in_review') reason = 'Under review: its facts and sections change once the review is decided or cancelled.';
  else if (!canUpdate) reason = 'Your role on this project lets you read this card but not change it.';
  const savedKey = JSON.stringify([card.facts, card.sections]);
  return (
    <DetailSection id="asset-card-content" title="Card">
      <ContentForm
        key={savedKey}
        projectId={projectId}
        card={card}
        disabled={reason !== null}
        reason={
          reason && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {reason}
            </Alert>
          )
        }
      />
    </DetailSection>
  );
}
