import {
  DEFAULT_RISK_MATRIX,
  levelAbove,
  MANUAL_TRANSITIONS,
  riskLevelOf,
  type ControlLight,
  type RiskDetail,
  type RiskHeatMap,
  type RiskLibraryEntry,
  type RiskLevel,
  type RiskListItem,
  type RiskTreatment,
} from '@aegis/contracts';

const NOW = '2026-11-21T09:00:00Z';
export const RISK_ID = '0199a0b2-0000-7000-8000-000000000e01';
export const appetite: RiskLevel = 'medium';

/** A risk as the register lists it, levelled on the default matrix; residual = inherent unless given. */
export function buildRiskListItem(overrides: Partial<RiskListItem> = {}): RiskListItem {
  const likelihood = overrides.likelihood ?? 4;
  const impact = overrides.impact ?? 4;
  const residualLikelihood = overrides.residual_likelihood ?? likelihood;
  const residualImpact = overrides.residual_impact ?? impact;
  const residualLevel = riskLevelOf(DEFAULT_RISK_MATRIX, residualLikelihood, residualImpact);
  return {
    id: RISK_ID,
    reference: 'R-1',
    name: 'Biased outcomes against applicants',
    category: 'fair',
    status: 'ready',
    likelihood,
    impact,
    inherent_score: likelihood * impact,
    inherent_level: riskLevelOf(DEFAULT_RISK_MATRIX, likelihood, impact),
    residual_likelihood: residualLikelihood,
    residual_impact: residualImpact,
    residual_score: residualLikelihood * residualImpact,
    residual_level: residualLevel,
    residual_assessed: overrides.residual_likelihood !== undefined,
    above_appetite: levelAbove(residualLevel, appetite),
    treatment_option: null,
    acceptance_status: null,
    needs_attention: false,
    needs_attention_reason: null,
    monetary_impact: null,
    currency: 'EUR',
    expected_annual_loss: null,
    assignees: [],
    reviewers: [],
    tags: [],
    control_count: 0,
    open_strategy_count: 0,
    review_status: null,
    approval_forced: false,
    updated_at: NOW,
    ...overrides,
  } as RiskListItem;
}

export function buildRiskDetail(overrides: Partial<RiskDetail> = {}): RiskDetail {
  const item = buildRiskListItem(overrides);
  return {
    ...item,
    description: 'The screening model ranks some groups of applicants lower for reasons unrelated to the job.',
    affected: ['Applicants'],
    library_id: null,
    expected_annual_loss_source: null,
    out_of_scope_justification: null,
    locked: item.status === 'approved',
    allowed_transitions: [...MANUAL_TRANSITIONS[item.status]],
    status_history: [],
    created_by: null,
    created_at: NOW,
    ...overrides,
  } as RiskDetail;
}

export function buildTreatment(risk: RiskDetail, overrides: Partial<RiskTreatment> = {}): RiskTreatment {
  return {
    risk_id: risk.id,
    option: null,
    plan: '',
    residual_likelihood: null,
    residual_impact: null,
    residual_score: risk.residual_score,
    residual_level: risk.residual_level,
    acceptance_rationale: null,
    acceptance_needs_review: levelAbove(risk.residual_level, 'medium'),
    acceptance: null,
    acceptance_history: [],
    locked: risk.locked,
    updated_by: null,
    updated_at: null,
    ...overrides,
  };
}

/** The heat map of these risks as the server counts it: out-of-scope ones apart. */
export function heatMapOf(risks: readonly RiskListItem[]): RiskHeatMap {
  const grid = () => Array.from({ length: 5 }, () => [0, 0, 0, 0, 0]);
  const levels = () => ({ low: 0, medium: 0, high: 0, critical: 0 });
  const map: RiskHeatMap = { total: risks.length, out_of_scope: 0, above_appetite: 0, appetite, matrix: DEFAULT_RISK_MATRIX, by_inherent_level: levels(), by_residual_level: levels(), inherent: grid(), residual: grid() };
  for (const risk of risks) {
    if (risk.status === 'out_of_scope') {
      map.out_of_scope += 1;
      continue;
    }
    map.inherent[risk.likelihood - 1]![risk.impact - 1]! += 1;
    map.residual[risk.residual_likelihood - 1]![risk.residual_impact - 1]! += 1;
    map.by_inherent_level[risk.inherent_level] += 1;
    map.by_residual_level[risk.residual_level] += 1;
    if (risk.above_appetite) map.above_appetite += 1;
  }
  return map;
}

export const LIBRARY: RiskLibraryEntry[] = [
  {
    id: 'prompt-injection',
    name: 'Prompt injection',
    category: 'secure_resilient',
    description: 'Instructions hidden in inputs make the model ignore its rules or reveal data.',
    affected: ['Customers', 'The organization'],
    likelihood: 4,
    impact: 4,
    level: 'high',
    suggested_treatment: { option: 'mitigate', plan: 'Filter inputs and separate instructions from data.' },
    suggested_controls: ['MFF-1.SEC.01'],
  },
  {
    id: 'model-drift',
    name: 'Model drift',
    category: 'valid_reliable',
    description: 'The data the model meets moves away from what it learnt; its accuracy drops unnoticed.',
    affected: ['Users of the system'],
    likelihood: 3,
    impact: 3,
    level: 'medium',
    suggested_treatment: { option: 'mitigate', plan: 'Monitor accuracy and drift.' },
    suggested_controls: [],
  },
];

export const CONTROLS: ControlLight[] = [
  { id: '0199a0b2-0000-7000-8000-0000000000c1', control_code: 'MFF-1.RSK.01', title: 'Risk management system', status: 'in_progress' },
  { id: '0199a0b2-0000-7000-8000-0000000000c2', control_code: 'MFF-1.DAT.02', title: 'Data governance', status: 'approved' },
  { id: '0199a0b2-0000-7000-8000-0000000000c3', control_code: 'MFF-1.HUM.01', title: 'Human oversight', status: 'ready' },
];
