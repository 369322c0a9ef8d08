import { describe, expect, it } from 'vitest';
import { DEFAULT_RISK_MATRIX, matrixInconsistencies, RISK_SCORES, riskLevelOf, type RiskLevel, type RiskMatrix } from '@aegis/contracts';
import { acceptanceNeedsReview, expectedAnnualLoss, moneyColumn, rulesOf, scoreColumns, staleReasons, type ScoreSnapshot } from './scoring';

/** The default matrix, written out: rows are likelihood 1 → 5, columns impact 1 → 5. */
const EXPECTED: string[] = [
  'low    low    low    low      medium',
  'low    low    medium medium   high',
  'low    medium medium high     high',
  'low    medium high   high     critical',
  'medium high   high   critical critical',
];

describe('the default 5×5 matrix', () => {
  it('levels each cell by likelihood × impact: 1–4 low, 5–9 medium, 10–16 high, 20–25 critical', () => {
    expect(DEFAULT_RISK_MATRIX.map((row) => row.join(' '))).toEqual(EXPECTED.map((row) => row.split(/\s+/).join(' ')));
    for (const l of RISK_SCORES) {
      for (const i of RISK_SCORES) {
        const product = l * i;
        const level = riskLevelOf(DEFAULT_RISK_MATRIX, l, i);
        expect(level, `${l}×${i}`).toBe(product >= 20 ? 'critical' : product >= 10 ? 'high' : product >= 5 ? 'medium' : 'low');
      }
    }
  });

  it('never ranks a worse risk lower, and is symmetric', () => {
    expect(matrixInconsistencies(DEFAULT_RISK_MATRIX)).toEqual([]);
    for (const l of RISK_SCORES) for (const i of RISK_SCORES) expect(riskLevelOf(DEFAULT_RISK_MATRIX, l, i)).toBe(riskLevelOf(DEFAULT_RISK_MATRIX, i, l));
  });
});

describe("an organization's own matrix", () => {
  const strict: RiskMatrix = DEFAULT_RISK_MATRIX.map((row, l) => row.map((level, i): RiskLevel => (i === 4 || l === 4 ? 'critical' : level)));

  it('decides the stored levels, inherent and residual', () => {
    expect(scoreColumns(strict, { likelihood: 1, impact: 5 }, null)).toEqual({
      likelihood: 1,
      impact: 5,
      inherentScore: 5,
      inherentLevel: 'critical',
      residualLikelihood: 1,
      residualImpact: 5,
      residualScore: 5,
      residualLevel: 'critical',
    });
    expect(scoreColumns(strict, { likelihood: 5, impact: 5 }, { likelihood: 2, impact: 2 })).toMatchObject({ inherentLevel: 'critical', residualScore: 4, residualLevel: 'low' });
  });

  it('names each cell that goes down as likelihood or impact goes up', () => {
    const broken = DEFAULT_RISK_MATRIX.map((row) => [...row]);
    broken[4]![4] = 'low';
    broken[2]![0] = 'high';
    expect(matrixInconsistencies(broken).map((p) => p.path)).toEqual([
      [2, 1],
      [3, 0],
      [4, 4],
    ]);
    expect(matrixInconsistencies(broken)[2]!.message).toBe('likelihood 5, impact 5 is low, lower than critical at impact 4');
  });

  it('falls back to the defaults when nothing readable is stored', () => {
    expect(rulesOf(undefined)).toEqual({ matrix: DEFAULT_RISK_MATRIX, appetite: 'medium' });
    expect(rulesOf({ matrix: JSON.stringify(strict), appetite: 'high' })).toEqual({ matrix: strict, appetite: 'high' });
    expect(rulesOf({ matrix: [['low']], appetite: 'extreme' })).toEqual({ matrix: DEFAULT_RISK_MATRIX, appetite: 'medium' });
  });
});

describe('acceptance', () => {
  it('needs a review above medium', () => {
    expect((['low', 'medium', 'high', 'critical'] as const).map(acceptanceNeedsReview)).toEqual([false, false, true, true]);
  });

  it('is stale when a score or a level moved since it was recorded, and says what moved', () => {
    const accepted: ScoreSnapshot = { likelihood: 3, impact: 2, inherent_level: 'medium', residual_likelihood: 2, residual_impact: 2, residual_level: 'low' };
    expect(staleReasons(accepted, { ...accepted })).toEqual([]);
    expect(staleReasons(accepted, { ...accepted, likelihood: 4, inherent_level: 'medium' })).toEqual(['Inherent likelihood went from 3 (Possible) to 4 (Likely)']);
    expect(staleReasons(accepted, { ...accepted, residual_level: 'medium' })).toEqual(['Residual level went from low to medium']);
  });
});

describe('money', () => {
  it('estimates the expected annual loss from the likelihood unless a person entered one', () => {
    expect(expectedAnnualLoss(null, 100_000, 1)).toEqual({ value: 5_000, source: 'estimated' });
    expect(expectedAnnualLoss(null, 100_000, 5)).toEqual({ value: 200_000, source: 'estimated' });
    expect(expectedAnnualLoss(12_345.67, 100_000, 5)).toEqual({ value: 12_345.67, source: 'entered' });
    expect(expectedAnnualLoss(null, null, 3)).toEqual({ value: null, source: null });
    expect(expectedAnnualLoss(null, 0.03, 3)).toEqual({ value: 0.02, source: 'estimated' });
  });

  it('keeps amounts to the cent', () => {
    expect(moneyColumn(10.005)).toBe('10.01');
    expect(moneyColumn(0)).toBe('0.00');
    expect(moneyColumn(null)).toBeNull();
  });
});
