import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RiskDetail, RiskLevel, RiskMatrix, RiskScore } from '@aegis/contracts';
import { DetailSection, focusSection } from '../../../components/detail-section';
import { fieldErrorsFromApiError, type FieldErrors } from '../../../components/field-errors';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { useUpdateRisk } from '../api/update-risk';
import { scoresInWords } from '../risk-labels';
import { LevelPreview } from './level-preview';
import { RiskMatrixFigure } from './risk-matrix-figure';
import { ScoreSelect } from './score-select';

type Rules = { matrix: RiskMatrix; appetite: RiskLevel };

function ScoresForm({ projectId, risk, rules }: { projectId: string; risk: RiskDetail; rules: Rules }) {
  const [likelihood, setLikelihood] = useState<RiskScore | null>(risk.likelihood as RiskScore);
  const [impact, setImpact] = useState<RiskScore | null>(risk.impact as RiskScore);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useUpdateRisk(projectId, risk.id);
  const changed = likelihood !== risk.likelihood || impact !== risk.impact;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!likelihood || !impact) return;
    // The promise, not mutate's callbacks: saving renews this form (its key), and an unmounted form's callbacks never run.
    save.mutateAsync({ ...(likelihood !== risk.likelihood ? { likelihood } : {}), ...(impact !== risk.impact ? { impact } : {}) }).then(
      () => {
        focusSection('risk-scoring');
        notifySuccess('Scores saved');
      },
      (error: unknown) => setErrors(fieldErrorsFromApiError(error)),
    );
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={2}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
          <ScoreSelect kind="likelihood" name="likelihood" label="Likelihood" value={likelihood} onChange={setLikelihood} error={errors.likelihood} />
          <ScoreSelect kind="impact" name="impact" label="Impact" value={impact} onChange={setImpact} error={errors.impact} />
        </Box>
        <LevelPreview label="Inherent level:" likelihood={likelihood} impact={impact} matrix={rules.matrix} />
        {save.isError && Object.keys(errors).length === 0 && <Alert severity="error">{errorDetail(save.error)}</Alert>}
        <Box>
          <Button type="submit" variant="outlined" disabled={!changed} loading={save.isPending}>
            Save scores
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

type Props = { projectId: string; risk: RiskDetail; rules: Rules; canUpdate: boolean };

/**
 * How likely and how bad the risk is, on the organization's matrix: the risk's inherent and residual
 * cells marked on it, and the inherent scores to change for those who may while it is unlocked.
 */
export function ScoringSection({ projectId, risk, rules, canUpdate }: Props) {
  const inherent = { likelihood: risk.likelihood as RiskScore, impact: risk.impact as RiskScore };
  const residual = risk.residual_assessed ? { likelihood: risk.residual_likelihood as RiskScore, impact: risk.residual_impact as RiskScore } : null;
  return (
    <DetailSection id="risk-scoring" title="Scoring">
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <Box>
          <RiskMatrixFigure matrix={rules.matrix} inherent={inherent} residual={residual} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            <strong>I</strong> inherent: {scoresInWords(inherent.likelihood, inherent.impact)}. <strong>R</strong> residual:{' '}
            {residual ? scoresInWords(residual.likelihood, residual.impact) : 'not assessed yet — the treatment sets it'}.
          </Typography>
        </Box>
        {canUpdate && !risk.locked && <ScoresForm key={`${risk.likelihood}|${risk.impact}`} projectId={projectId} risk={risk} rules={rules} />}
      </Box>
    </DetailSection>
  );
}
