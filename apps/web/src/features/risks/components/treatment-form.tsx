import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ACCEPTANCE_WITHOUT_REVIEW_MAX,
  levelAbove,
  riskLevelOf,
  TREATMENT_OPTIONS,
  TREATMENT_OPTION_LABELS,
  type RiskDetail,
  type RiskLevel,
  type RiskMatrix,
  type RiskScore,
  type RiskTreatment,
  type TreatmentOption,
} from '@aegis/contracts';
import { fieldErrorsFromApiError, fieldErrorsFromIssues, focusFirstInvalid, type FieldErrors } from '../../../components/field-errors';
import { errorDetail } from '../../../lib/errors';
import { formatDate, parseDisplayDate } from '../../../lib/format';
import { focusSection } from '../../../components/detail-section';
import { notifySuccess } from '../../../lib/notifier';
import { saveRiskTreatmentSchema, useSaveRiskTreatment } from '../api/save-risk-treatment';
import { LevelPreview } from './level-preview';
import { ScoreSelect } from './score-select';

export const OPTION_HINTS: Record<TreatmentOption, string> = {
  mitigate: 'Reduce it: controls and actions make it less likely or less harmful',
  accept: 'Keep it as it is, for a written reason, until a review date',
  transfer: 'Share it: insurance, or a supplier who answers for it by contract',
  avoid: 'Remove it: stop or change what causes it',
};

type Props = { projectId: string; risk: RiskDetail; treatment: RiskTreatment; rules: { matrix: RiskMatrix; appetite: RiskLevel } };

/**
 * The treatment as a whole: its option, plan and residual scores, and when accepting, the rationale
 * and the date the acceptance is looked at again. Accepting above medium is said before saving: the
 * acceptance then awaits a review's approval of the risk.
 */
export function TreatmentForm({ projectId, risk, treatment, rules }: Props) {
  const [option, setOption] = useState<TreatmentOption | null>(treatment.option);
  const [plan, setPlan] = useState(treatment.plan);
  const [likelihood, setLikelihood] = useState<RiskScore | null>(treatment.residual_likelihood as RiskScore | null);
  const [impact, setImpact] = useState<RiskScore | null>(treatment.residual_impact as RiskScore | null);
  const [rationale, setRationale] = useState(treatment.acceptance_rationale ?? '');
  const current = treatment.acceptance && ['active', 'awaiting_review'].includes(treatment.acceptance.status) ? treatment.acceptance : null;
  const [reviewText, setReviewText] = useState(current ? formatDate(current.review_date) : '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveRiskTreatment(projectId, risk.id);

  const accepting = option === 'accept';
  // What would be accepted: the residual level, the inherent one while no residual is given.
  const level = likelihood && impact ? riskLevelOf(rules.matrix, likelihood, impact) : risk.inherent_level;
  const needsReview = accepting && levelAbove(level, ACCEPTANCE_WITHOUT_REVIEW_MAX);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const reviewDate = accepting && reviewText.trim() ? (parseDisplayDate(reviewText) ?? reviewText.trim()) : null;
    const checked = saveRiskTreatmentSchema.safeParse({
      option: option ?? undefined,
      plan,
      residual_likelihood: likelihood,
      residual_impact: impact,
      acceptance_rationale: accepting ? rationale.trim() || null : null,
      acceptance_review_date: reviewDate,
    });
    if (!checked.success) {
      const found = fieldErrorsFromIssues(checked.error.issues);
      if (found.option) found.option = 'Choose how the risk is treated';
      if (found.acceptance_review_date) found.acceptance_review_date = 'Write the date as DD-MM-YYYY, for example 31-01-2027';
      setErrors(found);
      return focusFirstInvalid(form, found);
    }
    setErrors({});
    save.mutateAsync(checked.data).then(
      (saved) => {
        focusSection('risk-treatment');
        notifySuccess(saved.acceptance?.status === 'awaiting_review' ? 'Treatment saved: the acceptance awaits a review’s approval of the risk' : 'Treatment saved');
      },
      (error: unknown) => setErrors(fieldErrorsFromApiError(error)),
    );
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={2.5}>
        <FormControl error={Boolean(errors.option)}>
          <FormLabel id="treatment-option-label">Option</FormLabel>
          <RadioGroup aria-labelledby="treatment-option-label" name="option" value={option ?? ''} onChange={(event) => setOption(event.target.value as TreatmentOption)}>
            {TREATMENT_OPTIONS.map((value) => (
              <FormControlLabel
                key={value}
                value={value}
                control={<Radio />}
                label={
                  <Box sx={{ py: 0.5 }}>
                    <Typography>{TREATMENT_OPTION_LABELS[value]}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {OPTION_HINTS[value]}
                    </Typography>
                  </Box>
                }
              />
            ))}
          </RadioGroup>
          {errors.option && <FormHelperText>{errors.option}</FormHelperText>}
        </FormControl>
        <TextField
          name="plan"
          label="Plan"
          multiline
          minRows={3}
          value={plan}
          onChange={(event) => setPlan(event.target.value)}
          error={Boolean(errors.plan)}
          helperText={errors.plan ?? 'How the option is carried out; the concrete actions go below'}
          slotProps={{ htmlInput: { maxLength: 10_000 } }}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
          <ScoreSelect kind="likelihood" name="residual_likelihood" label="Residual likelihood" allowNone max={risk.likelihood as RiskScore} value={likelihood} onChange={setLikelihood} error={errors.residual_likelihood} />
          <ScoreSelect kind="impact" name="residual_impact" label="Residual impact" allowNone max={risk.impact as RiskScore} value={impact} onChange={setImpact} error={errors.residual_impact} />
        </Box>
        <LevelPreview label="Residual level:" likelihood={likelihood ?? (risk.likelihood as RiskScore)} impact={impact ?? (risk.impact as RiskScore)} matrix={rules.matrix} appetite={rules.appetite} />
        {accepting && (
          <>
            <TextField
              name="acceptance_rationale"
              label="Why the risk is accepted"
              required
              multiline
              minRows={3}
              value={rationale}
              onChange={(event) => setRationale(event.target.value)}
              error={Boolean(errors.acceptance_rationale)}
              helperText={errors.acceptance_rationale ?? 'What an auditor reads: why living with this risk is reasonable'}
              slotProps={{ htmlInput: { maxLength: 5000 } }}
            />
            <TextField
              name="acceptance_review_date"
              label="Review the acceptance by"
              placeholder="DD-MM-YYYY"
              value={reviewText}
              onChange={(event) => setReviewText(event.target.value)}
              error={Boolean(errors.acceptance_review_date)}
              helperText={errors.acceptance_review_date ?? 'DD-MM-YYYY; a year from today when left empty. The acceptance expires then.'}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { autoComplete: 'off' } }}
            />
            {needsReview && (
              <Alert severity="warning">
                Accepting a risk above {ACCEPTANCE_WITHOUT_REVIEW_MAX} needs an approved review: once saved, the acceptance awaits review. Request a review of the risk; a reviewer’s approval makes the acceptance effective, with them as approver.
              </Alert>
            )}
          </>
        )}
        {save.isError && Object.keys(errors).length === 0 && <Alert severity="error">{errorDetail(save.error)}</Alert>}
        <Box>
          <Button type="submit" variant="contained" loading={save.isPending}>
            Save treatment
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
