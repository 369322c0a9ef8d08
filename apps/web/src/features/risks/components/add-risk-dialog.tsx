import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useNavigate } from 'react-router';
import type { RiskCategory, RiskLibraryEntry, RiskScore } from '@aegis/contracts';
import { fieldErrorsFromApiError, fieldErrorsFromIssues, focusFirstInvalid, type FieldErrors } from '../../../components/field-errors';
import { FormDialog } from '../../../components/form-dialog';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { riskDetailPath } from '../../../lib/project-paths';
import { createRiskSchema, useCreateRisk } from '../api/create-risk';
import { useRiskRules } from '../use-risk-rules';
import { AffectedField } from './affected-field';
import { CategorySelect } from './category-select';
import { LevelPreview } from './level-preview';
import { LibraryPicker } from './library-picker';
import { ScoreSelect } from './score-select';

type Props = { projectId: string; organizationId: string; open: boolean; onClose: () => void };

/**
 * Adds a risk to the register: from the risk library (which fills in its name, description, category,
 * affected groups and typical scores) or from scratch, showing the level the scores give on the
 * organization's matrix. The new risk's page opens. Render it with a new key each time it opens.
 */
export function AddRiskDialog({ projectId, organizationId, open, onClose }: Props) {
  const [entry, setEntry] = useState<RiskLibraryEntry | null>(null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<RiskCategory | null>(null);
  const [affected, setAffected] = useState<string[]>([]);
  const [likelihood, setLikelihood] = useState<RiskScore | null>(null);
  const [impact, setImpact] = useState<RiskScore | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateRisk(projectId);
  const navigate = useNavigate();
  const rules = useRiskRules(organizationId);

  const pick = (chosen: RiskLibraryEntry | null) => {
    setEntry(chosen);
    if (!chosen) return;
    setName(chosen.name);
    setDescription(chosen.description);
    setCategory(chosen.category);
    setAffected(chosen.affected);
    setLikelihood(chosen.likelihood as RiskScore);
    setImpact(chosen.impact as RiskScore);
    setErrors({});
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = createRiskSchema.safeParse({ name, description, category, affected, likelihood: likelihood ?? undefined, impact: impact ?? undefined, library_id: entry?.id ?? null });
    if (!checked.success) {
      const found = fieldErrorsFromIssues(checked.error.issues);
      if (found.likelihood) found.likelihood = 'Choose how likely it is, 1 to 5';
      if (found.impact) found.impact = 'Choose how bad it would be, 1 to 5';
      setErrors(found);
      return focusFirstInvalid(form, found);
    }
    setErrors({});
    create.mutate(checked.data, {
      onSuccess: (risk) => {
        notifySuccess(`${risk.reference} added to the register`);
        onClose();
        void navigate(riskDetailPath(projectId, risk.id));
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
      id="add-risk"
      open={open}
      onClose={onClose}
      title="Add a risk"
      text="Name what could go wrong, who it would harm, and how likely and how bad it would be. Treatment, controls and people come on its page."
      error={refused}
      submitLabel="Add risk"
      pending={create.isPending}
      onSubmit={submit}
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <LibraryPicker value={entry} onChange={pick} autoFocus />
        <TextField name="name" label="Name" required fullWidth value={name} onChange={(event) => setName(event.target.value)} error={Boolean(errors.name)} helperText={errors.name} slotProps={{ htmlInput: { maxLength: 300 } }} />
        <TextField
          name="description"
          label="Description"
          fullWidth
          multiline
          minRows={3}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          error={Boolean(errors.description)}
          helperText={errors.description ?? 'What could happen, how, and with what consequence'}
          slotProps={{ htmlInput: { maxLength: 10_000 } }}
        />
        <CategorySelect value={category} onChange={setCategory} error={errors.category} />
        <AffectedField value={affected} onChange={setAffected} error={errors.affected} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
          <ScoreSelect kind="likelihood" name="likelihood" label="Likelihood" required value={likelihood} onChange={setLikelihood} error={errors.likelihood} />
          <ScoreSelect kind="impact" name="impact" label="Impact" required value={impact} onChange={setImpact} error={errors.impact} />
        </Box>
        <LevelPreview label="Inherent level:" likelihood={likelihood} impact={impact} matrix={rules.matrix} appetite={rules.appetite} />
      </Stack>
    </FormDialog>
  );
}
