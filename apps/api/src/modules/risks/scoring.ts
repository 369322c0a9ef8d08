import {
  ACCEPTANCE_WITHOUT_REVIEW_MAX,
  DEFAULT_RISK_APPETITE,
  DEFAULT_RISK_MATRIX,
  IMPACT_LABELS,
  LIKELIHOOD_ANNUAL_RATE,
  LIKELIHOOD_LABELS,
  levelAbove,
  riskLevel,
  riskLevelOf,
  riskMatrix,
  type RiskLevel,
  type RiskMatrix,
  type RiskScore,
} from '@aegis/contracts';

/** A likelihood and an impact, 1–5 each. */
export type Scores = { likelihood: number; impact: number };

/** The organization's scoring rules: its 5×5 matrix and its appetite. */
export type RiskRules = { matrix: RiskMatrix; appetite: RiskLevel };

export const DEFAULT_RULES: RiskRules = { matrix: DEFAULT_RISK_MATRIX, appetite: DEFAULT_RISK_APPETITE };

/** The rules as stored (jsonb and enum), or the defaults when nothing (or nothing readable) is stored. */
export function rulesOf(stored: { matrix: unknown; appetite: unknown } | undefined): RiskRules {
  if (!stored) return DEFAULT_RULES;
  const matrix = riskMatrix.safeParse(typeof stored.matrix === 'string' ? JSON.parse(stored.matrix) : stored.matrix);
  const appetite = riskLevel.safeParse(stored.appetite);
  return { matrix: matrix.success ? matrix.data : DEFAULT_RISK_MATRIX, appetite: appetite.success ? appetite.data : DEFAULT_RISK_APPETITE };
}

/** The stored columns of a risk's scores: inherent, and residual (the treatment's, or the inherent ones while it assesses none). */
export function scoreColumns(matrix: RiskMatrix, inherent: Scores, residual: Scores | null) {
  const effective = residual ?? inherent;
  return {
    likelihood: inherent.likelihood,
    impact: inherent.impact,
    inherentScore: inherent.likelihood * inherent.impact,
    inherentLevel: riskLevelOf(matrix, inherent.likelihood, inherent.impact),
    residualLikelihood: effective.likelihood,
    residualImpact: effective.impact,
    residualScore: effective.likelihood * effective.impact,
    residualLevel: riskLevelOf(matrix, effective.likelihood, effective.impact),
  };
}
export type ScoreColumns = ReturnType<typeof scoreColumns>;

/**
 * Accepting a risk whose residual level is above `medium` needs the risk approved through a review:
 * the acceptance waits for it (GOVERNANCE-MODEL.md section 6, issue 20).
 */
export const acceptanceNeedsReview = (residualLevel: RiskLevel) => levelAbove(residualLevel, ACCEPTANCE_WITHOUT_REVIEW_MAX);

/**
 * The expected annual loss: the one a person entered, or else the monetary impact × the likelihood's
 * annual rate (LIKELIHOOD_ANNUAL_RATE), to the cent; null without either.
 */
export function expectedAnnualLoss(entered: number | null, monetaryImpact: number | null, likelihood: number): { value: number | null; source: 'entered' | 'estimated' | null } {
  if (entered !== null) return { value: entered, source: 'entered' };
  if (monetaryImpact === null) return { value: null, source: null };
  return { value: Math.round(monetaryImpact * LIKELIHOOD_ANNUAL_RATE[likelihood as RiskScore] * 100) / 100, source: 'estimated' };
}

/** Money as stored (numeric(15,2)): a string with two decimals, or null. */
export const moneyColumn = (amount: number | null) => (amount === null ? null : (Math.round(amount * 100) / 100).toFixed(2));
export const moneyOf = (value: string | number | null) => (value === null ? null : Number(value));

/** A risk's scores as an acceptance records them, and as they are now. */
export type ScoreSnapshot = { likelihood: number; impact: number; inherent_level: RiskLevel; residual_likelihood: number; residual_impact: number; residual_level: RiskLevel };

/**
 * What changed materially in a risk since its acceptance recorded its scores: a likelihood, an impact or
 * a level (a changed matrix moves levels too), inherent or residual. Empty when nothing did.
 */
export function staleReasons(accepted: ScoreSnapshot, now: ScoreSnapshot): string[] {
  const reasons: string[] = [];
  const score = (label: string, before: number, after: number, labels: Record<RiskScore, string>) => {
    if (before !== after) reasons.push(`${label} went from ${before} (${labels[before as RiskScore]}) to ${after} (${labels[after as RiskScore]})`);
  };
  score('Inherent likelihood', accepted.likelihood, now.likelihood, LIKELIHOOD_LABELS);
  score('Inherent impact', accepted.impact, now.impact, IMPACT_LABELS);
  if (accepted.inherent_level !== now.inherent_level) reasons.push(`Inherent level went from ${accepted.inherent_level} to ${now.inherent_level}`);
  score('Residual likelihood', accepted.residual_likelihood, now.residual_likelihood, LIKELIHOOD_LABELS);
  score('Residual impact', accepted.residual_impact, now.residual_impact, IMPACT_LABELS);
  if (accepted.residual_level !== now.residual_level) reasons.push(`Residual level went from ${accepted.residual_level} to ${now.residual_level}`);
  return reasons;
}
