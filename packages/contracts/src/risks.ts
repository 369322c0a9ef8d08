import { z } from 'zod';
import { booleanQuery, isoDateTime, pageQuery, uuid } from './common';
import { statusChange, tagRef } from './controls';
import { reviewStatus } from './reviews';
import { calendarDate, personRef, workItemStatus, WORK_ITEM_STATUSES } from './work-items';

/*
 * Risks (issue 20, GOVERNANCE-MODEL.md section 6): a project's risk register. A risk is a work item
 * (the shared life cycle, assignees, reviewers, tags, the lock rule), scored on the organization's 5×5
 * matrix, treated (one treatment per risk), acted on through treatment strategies and linked to the
 * project's controls that reduce it.
 */

// ---------------------------------------------------------------------------------------------------
// Scoring

/** A likelihood or impact: 1 (lowest) to 5 (highest). */
export const RISK_SCORES = [1, 2, 3, 4, 5] as const;
export const riskScore = z.number().int().min(1, 'must be 1 to 5').max(5, 'must be 1 to 5');
export type RiskScore = 1 | 2 | 3 | 4 | 5;

export const LIKELIHOOD_LABELS: Record<RiskScore, string> = { 1: 'Rare', 2: 'Unlikely', 3: 'Possible', 4: 'Likely', 5: 'Almost certain' };
export const IMPACT_LABELS: Record<RiskScore, string> = { 1: 'Negligible', 2: 'Minor', 3: 'Moderate', 4: 'Major', 5: 'Severe' };
/** What each likelihood means, so that people score alike. */
export const LIKELIHOOD_DESCRIPTIONS: Record<RiskScore, string> = {
  1: 'Less than once in ten years',
  2: 'Once in three to ten years',
  3: 'Once in one to three years',
  4: 'About once a year',
  5: 'Several times a year',
};
export const IMPACT_DESCRIPTIONS: Record<RiskScore, string> = {
  1: 'No noticeable harm to people or the organization',
  2: 'Limited harm, quickly corrected',
  3: 'Harm to some people or a noticeable loss, corrected with effort',
  4: 'Serious harm to people, a regulatory breach or a large loss',
  5: 'Severe or irreversible harm to people, or a loss that threatens the organization',
};
/**
 * Occurrences a year assumed for each likelihood when the expected annual loss is estimated from the
 * monetary impact (amount × rate), unless a person entered it.
 */
export const LIKELIHOOD_ANNUAL_RATE: Record<RiskScore, number> = { 1: 0.05, 2: 0.2, 3: 0.5, 4: 1, 5: 2 };

export const RISK_LEVELS = ['low', 'medium', 'high', 'critical'] as const;
export const riskLevel = z.enum(RISK_LEVELS);
export type RiskLevel = z.infer<typeof riskLevel>;
export const RISK_LEVEL_LABELS: Record<RiskLevel, string> = { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' };
/** Whether `level` is strictly above `than` (low < medium < high < critical). */
export const levelAbove = (level: RiskLevel, than: RiskLevel) => RISK_LEVELS.indexOf(level) > RISK_LEVELS.indexOf(than);

/**
 * The 5×5 matrix: `matrix[likelihood - 1][impact - 1]` is the level of that cell. Rows are likelihoods
 * 1–5, columns impacts 1–5.
 */
export const riskMatrix = z.array(z.array(riskLevel).length(5, 'each row has 5 cells (impact 1 to 5)')).length(5, 'the matrix has 5 rows (likelihood 1 to 5)');
export type RiskMatrix = RiskLevel[][];

/**
 * The default matrix: by the product likelihood × impact — 1–4 low, 5–9 medium, 10–16 high, 20–25
 * critical. An organization admin may change it (organization risk settings).
 */
export const DEFAULT_RISK_MATRIX: RiskMatrix = RISK_SCORES.map((l) =>
  RISK_SCORES.map((i): RiskLevel => {
    const product = l * i;
    return product >= 20 ? 'critical' : product >= 10 ? 'high' : product >= 5 ? 'medium' : 'low';
  }),
);
/** Risks whose level is above the appetite are flagged on lists and dashboards. */
export const DEFAULT_RISK_APPETITE: RiskLevel = 'medium';
/** Accepting a risk whose (residual) level is above this needs the risk approved through a review. */
export const ACCEPTANCE_WITHOUT_REVIEW_MAX: RiskLevel = 'medium';

export const riskLevelOf = (matrix: RiskMatrix, likelihood: number, impact: number): RiskLevel => matrix[likelihood - 1]![impact - 1]!;

/**
 * The cells where a matrix goes down as likelihood or impact goes up (a cell lower than the one before
 * it in its row or column): such a matrix would rank a worse risk lower. Empty when it is consistent.
 */
export function matrixInconsistencies(matrix: RiskMatrix): { path: [number, number]; message: string }[] {
  const found: { path: [number, number]; message: string }[] = [];
  for (let l = 0; l < 5; l++) {
    for (let i = 0; i < 5; i++) {
      const cell = matrix[l]![i]!;
      const left = i > 0 ? matrix[l]![i - 1]! : null;
      const below = l > 0 ? matrix[l - 1]![i]! : null;
      if (left && levelAbove(left, cell)) found.push({ path: [l, i], message: `likelihood ${l + 1}, impact ${i + 1} is ${cell}, lower than ${left} at impact ${i}` });
      else if (below && levelAbove(below, cell)) found.push({ path: [l, i], message: `likelihood ${l + 1}, impact ${i + 1} is ${cell}, lower than ${below} at likelihood ${l}` });
    }
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------
// Taxonomy, money

/**
 * The AI risk taxonomy: the seven trustworthiness characteristics of the NIST AI RMF (NIST AI 100-1
 * section 3), plus legal compliance (intellectual property, regulatory duties) and other.
 */
export const RISK_CATEGORIES = [
  'valid_reliable',
  'safe',
  'secure_resilient',
  'accountable_transparent',
  'explainable_interpretable',
  'privacy_enhanced',
  'fair',
  'legal_compliance',
  'other',
] as const;
export const riskCategory = z.enum(RISK_CATEGORIES);
export type RiskCategory = z.infer<typeof riskCategory>;
export const RISK_CATEGORY_INFO: Record<RiskCategory, { label: string; nist_section: string | null; description: string }> = {
  valid_reliable: { label: 'Valid and reliable', nist_section: '3.1', description: 'The system does what it is meant to, accurately and consistently, in the conditions it meets (drift, errors, made-up answers).' },
  safe: { label: 'Safe', nist_section: '3.2', description: 'The system does not endanger life, health, property or the environment, including through harmful content or misplaced trust.' },
  secure_resilient: { label: 'Secure and resilient', nist_section: '3.3', description: 'The system withstands attacks and failures: manipulation of inputs or training data, theft of the model, weak suppliers.' },
  accountable_transparent: { label: 'Accountable and transparent', nist_section: '3.4', description: 'People know they deal with AI and what it does, and someone answers for its outcomes.' },
  explainable_interpretable: { label: 'Explainable and interpretable', nist_section: '3.5', description: 'Its outputs can be explained to those who use them and those they affect.' },
  privacy_enhanced: { label: 'Privacy-enhanced', nist_section: '3.6', description: 'Personal data is protected: nothing is revealed, inferred or kept beyond its purpose.' },
  fair: { label: 'Fair, with harmful bias managed', nist_section: '3.7', description: 'Outcomes do not disadvantage people for who they are.' },
  legal_compliance: { label: 'Legal and compliance', nist_section: null, description: 'Intellectual property, contracts and regulatory duties are respected.' },
  other: { label: 'Other', nist_section: null, description: 'A risk that fits none of the categories above.' },
};

/** Spec section 9: € (EUR) by default, $ (USD). */
export const CURRENCIES = ['EUR', 'USD'] as const;
export const currency = z.enum(CURRENCIES);
export type Currency = z.infer<typeof currency>;
export const DEFAULT_CURRENCY: Currency = 'EUR';
export const CURRENCY_SYMBOLS: Record<Currency, string> = { EUR: '€', USD: '$' };
/** An amount of money: 0 or more, kept to the cent. */
export const moneyAmount = z.number().min(0, 'must be 0 or more').max(1_000_000_000_000, 'must be at most 1,000,000,000,000');

// ---------------------------------------------------------------------------------------------------
// Treatment, acceptance, strategies

export const TREATMENT_OPTIONS = ['mitigate', 'accept', 'transfer', 'avoid'] as const;
export const treatmentOption = z.enum(TREATMENT_OPTIONS);
export type TreatmentOption = z.infer<typeof treatmentOption>;
export const TREATMENT_OPTION_LABELS: Record<TreatmentOption, string> = { mitigate: 'Mitigate', accept: 'Accept', transfer: 'Transfer', avoid: 'Avoid' };

/**
 * An acceptance record's state. `awaiting_review`: proposed on a risk above `medium`, effective once a
 * review approves the risk. `active`: in force. `revoked`: withdrawn by a person. `superseded`: a later
 * acceptance, or a treatment that no longer accepts, replaced it.
 */
export const ACCEPTANCE_STATUSES = ['awaiting_review', 'active', 'revoked', 'superseded'] as const;
export const acceptanceStatus = z.enum(ACCEPTANCE_STATUSES);
export type AcceptanceStatus = z.infer<typeof acceptanceStatus>;
export const ACCEPTANCE_STATUS_LABELS: Record<AcceptanceStatus, string> = { awaiting_review: 'Awaiting review', active: 'In force', revoked: 'Revoked', superseded: 'Superseded' };

export const STRATEGY_STATUSES = ['planned', 'in_progress', 'done', 'cancelled'] as const;
export const strategyStatus = z.enum(STRATEGY_STATUSES);
export type StrategyStatus = z.infer<typeof strategyStatus>;
export const STRATEGY_STATUS_LABELS: Record<StrategyStatus, string> = { planned: 'Planned', in_progress: 'In progress', done: 'Done', cancelled: 'Cancelled' };

// ---------------------------------------------------------------------------------------------------
// The risk

/** A comma-separated list in a query (`?status=ready,in_progress`), each value checked. */
const commaList = <T extends z.ZodType<string, string>>(item: T, max: number) =>
  z
    .string()
    .max(4000)
    .transform((value) => value.split(',').map((v) => v.trim()).filter(Boolean))
    .pipe(z.array(item).max(max));

const queryScore = z.coerce.number().int().min(1).max(5);

/** One row of the register. */
export const riskListItem = z.object({
  id: uuid,
  /** `R-<n>`: numbered per project in order of creation, never reused. */
  reference: z.string(),
  name: z.string(),
  category: riskCategory.nullable(),
  status: workItemStatus,
  likelihood: riskScore,
  impact: riskScore,
  /** likelihood × impact (1–25). */
  inherent_score: z.number().int(),
  /** The cell of the organization's matrix. */
  inherent_level: riskLevel,
  /** The treatment's residual likelihood and impact; the inherent ones while no residual is assessed. */
  residual_likelihood: riskScore,
  residual_impact: riskScore,
  residual_score: z.number().int(),
  residual_level: riskLevel,
  /** Whether the treatment assessed a residual likelihood and impact (otherwise residual = inherent). */
  residual_assessed: z.boolean(),
  /** The residual level is above the organization's risk appetite. */
  above_appetite: z.boolean(),
  treatment_option: treatmentOption.nullable(),
  /** The state of the latest acceptance record, or null when the risk was never accepted. */
  acceptance_status: acceptanceStatus.nullable(),
  /** Set by automated signals or a revoked acceptance; never changes the status by itself. */
  needs_attention: z.boolean(),
  needs_attention_reason: z.string().nullable(),
  monetary_impact: z.number().nullable(),
  currency,
  /** Entered by a person, or estimated as monetary impact × the likelihood's annual rate; null without either. */
  expected_annual_loss: z.number().nullable(),
  assignees: z.array(personRef),
  reviewers: z.array(personRef),
  tags: z.array(tagRef),
  /** Live controls of the project linked to it. */
  control_count: z.number().int(),
  /** Treatment strategies not done or cancelled. */
  open_strategy_count: z.number().int(),
  /** The status of its latest review (in_review while one is pending), or null when never reviewed. */
  review_status: reviewStatus.nullable(),
  /** Approved by force (reviews:force_update_status, without a reviewer). False unless approved. */
  approval_forced: z.boolean(),
  updated_at: isoDateTime,
});
export type RiskListItem = z.infer<typeof riskListItem>;

export const RISK_SORTS = ['reference', 'name', 'status', 'inherent_score', 'residual_score', 'updated_at', 'created_at'] as const;
export type RiskSort = (typeof RISK_SORTS)[number];
/**
 * The register's filters. `inherent_score` and `residual_score` sort by level first (the organization's
 * matrix), then by likelihood × impact. The heat map's cells filter with likelihood + impact (inherent)
 * or residual_likelihood + residual_impact.
 */
export const listRisksQuery = pageQuery(RISK_SORTS).extend({
  /** Part of the name or the reference. */
  name: z.string().trim().max(200).optional(),
  status: commaList(workItemStatus, WORK_ITEM_STATUSES.length).optional(),
  is_assigned_to_me: booleanQuery.default(false),
  inherent_level: commaList(riskLevel, RISK_LEVELS.length).optional(),
  residual_level: commaList(riskLevel, RISK_LEVELS.length).optional(),
  category: commaList(riskCategory, RISK_CATEGORIES.length).optional(),
  treatment_option: commaList(treatmentOption, TREATMENT_OPTIONS.length).optional(),
  above_appetite: booleanQuery.optional(),
  needs_attention: booleanQuery.optional(),
  /** Tag ids, comma-separated: risks carrying any of them. */
  tags: commaList(uuid, 20).optional(),
  likelihood: queryScore.optional(),
  impact: queryScore.optional(),
  residual_likelihood: queryScore.optional(),
  residual_impact: queryScore.optional(),
});
export type ListRisksQuery = z.infer<typeof listRisksQuery>;

/** The light list, for pickers. */
export const riskLight = z.object({ id: uuid, reference: z.string(), name: z.string(), status: workItemStatus, inherent_level: riskLevel, residual_level: riskLevel });
export type RiskLight = z.infer<typeof riskLight>;
export const listLightRisksQuery = pageQuery(['reference', 'name']).extend({
  name: z.string().trim().max(200).optional(),
  status: commaList(workItemStatus, WORK_ITEM_STATUSES.length).optional(),
});
export type ListLightRisksQuery = z.infer<typeof listLightRisksQuery>;

/**
 * A risk with the evidence linked to it. The evidence feature is not built yet: `evidences` is always
 * an empty list until it is.
 */
export const riskWithEvidences = riskLight.extend({ evidences: z.array(z.object({ id: uuid, name: z.string() })) });
export const listRisksWithEvidencesQuery = z.object({ name: z.string().trim().max(200).optional() });

export const riskDetail = riskListItem.extend({
  description: z.string(),
  /** People or groups the risk would harm (applicants, employees, children…). */
  affected: z.array(z.string()),
  /** The risk library entry it was created from, if any. */
  library_id: z.string().nullable(),
  /** Whether expected_annual_loss was entered by a person (`entered`) or estimated (`estimated`); null when there is none. */
  expected_annual_loss_source: z.enum(['entered', 'estimated']).nullable(),
  out_of_scope_justification: z.string().nullable(),
  /** Approved: nothing changes until someone reopens it. */
  locked: z.boolean(),
  /** The statuses the caller may move it to by hand now. */
  allowed_transitions: z.array(workItemStatus),
  status_history: z.array(statusChange),
  created_by: personRef.nullable(),
  created_at: isoDateTime,
});
export type RiskDetail = z.infer<typeof riskDetail>;

export const riskIdParams = z.object({ project_id: uuid, risk_id: uuid });

const riskName = z.string().trim().min(1, 'Give the risk a name').max(300);
const affected = z
  .array(z.string().trim().min(1, 'must not be empty').max(200))
  .max(30)
  .refine((items) => new Set(items.map((i) => i.toLowerCase())).size === items.length, 'Name each affected group once');
const riskTags = z.array(uuid).max(20).refine((ids) => new Set(ids).size === ids.length, 'Give each tag once');

/** A new risk: at least a name, a likelihood and an impact. It starts `ready`. */
export const createRisk = z.strictObject({
  name: riskName,
  description: z.string().max(10_000).default(''),
  category: riskCategory.nullable().default(null),
  affected: affected.default([]),
  likelihood: riskScore,
  impact: riskScore,
  monetary_impact: moneyAmount.nullable().default(null),
  currency: currency.default(DEFAULT_CURRENCY),
  /** Leave null to have it estimated from the monetary impact and the likelihood. */
  expected_annual_loss: moneyAmount.nullable().default(null),
  tags: riskTags.default([]),
  /** The risk library entry it comes from (GET /api/risk-library), kept for reference. */
  library_id: z.string().trim().max(100).nullable().default(null),
});
export type CreateRisk = z.infer<typeof createRisk>;

/**
 * A change of a risk: its content, and/or its status within the life cycle. An approved risk takes only
 * reopening (status in_progress with a justification) until reopened: anything else is 409 `locked`.
 */
export const updateRisk = z
  .strictObject({
    name: riskName,
    description: z.string().max(10_000),
    category: riskCategory.nullable(),
    affected,
    likelihood: riskScore,
    impact: riskScore,
    monetary_impact: moneyAmount.nullable(),
    currency,
    expected_annual_loss: moneyAmount.nullable(),
    tags: riskTags,
    status: workItemStatus,
    /** Why: required when moving to out_of_scope and when reopening an approved risk. */
    justification: z.string().trim().max(2000),
  })
  .partial()
  .refine((v) => Object.keys(v).some((k) => k !== 'justification'), 'Send at least one field to change');
export type UpdateRisk = z.infer<typeof updateRisk>;

const people = z.array(uuid).max(50).refine((ids) => new Set(ids).size === ids.length, 'Name each person once');
export const updateRiskAssignees = z.strictObject({ assignees: people, reviewers: people });
export type UpdateRiskAssignees = z.infer<typeof updateRiskAssignees>;

// ---------------------------------------------------------------------------------------------------
// Treatment and acceptance

export const riskAcceptance = z.object({
  id: uuid,
  status: acceptanceStatus,
  justification: z.string(),
  /** The level accepted: the residual level when the acceptance was recorded. */
  accepted_level: riskLevel,
  likelihood: riskScore,
  impact: riskScore,
  inherent_level: riskLevel,
  residual_likelihood: riskScore,
  residual_impact: riskScore,
  residual_level: riskLevel,
  /** When the acceptance must be looked at again (its expiry). */
  review_date: calendarDate,
  /** The review date has passed. */
  expired: z.boolean(),
  /** Active, but the risk's scores or treatment changed materially since: the acceptance no longer covers it. */
  stale: z.boolean(),
  /** What changed, in words (empty unless stale). */
  stale_reasons: z.array(z.string()),
  proposed_by: personRef.nullable(),
  proposed_at: isoDateTime,
  /** Who accepted it: the one who saved it (up to medium), or who approved the risk's review (above medium). */
  approved_by: personRef.nullable(),
  approved_at: isoDateTime.nullable(),
  /** Approved by a forced status (reviews:force_update_status) rather than a reviewer's decision. */
  approval_forced: z.boolean(),
  revoked_by: personRef.nullable(),
  revoked_at: isoDateTime.nullable(),
  revoke_reason: z.string().nullable(),
});
export type RiskAcceptance = z.infer<typeof riskAcceptance>;

/**
 * The risk's treatment. Before one is saved, `option` is null and the residual equals the inherent
 * scores. `acceptance` is the latest acceptance record, `acceptance_history` every one, newest first.
 */
export const riskTreatment = z.object({
  risk_id: uuid,
  option: treatmentOption.nullable(),
  plan: z.string(),
  /** Null while no residual is assessed (then the inherent scores stand). */
  residual_likelihood: riskScore.nullable(),
  residual_impact: riskScore.nullable(),
  residual_score: z.number().int(),
  residual_level: riskLevel,
  acceptance_rationale: z.string().nullable(),
  /** Accepting this risk now would need an approved review (its residual level is above medium). */
  acceptance_needs_review: z.boolean(),
  acceptance: riskAcceptance.nullable(),
  acceptance_history: z.array(riskAcceptance),
  locked: z.boolean(),
  updated_by: personRef.nullable(),
  updated_at: isoDateTime.nullable(),
});
export type RiskTreatment = z.infer<typeof riskTreatment>;

/**
 * Saves the treatment (the whole of it). Residual likelihood and impact go together, and neither may be
 * above the inherent one. Option `accept` needs `acceptance_rationale` and records an acceptance with the
 * risk's scores at that moment and a review date (by default a year later): effective at once when the
 * residual level is `low` or `medium` (the caller accepts it), awaiting review above that — a review
 * approving the risk makes it effective, with the reviewer as approver. Saving the same acceptance again
 * records nothing new; a different one supersedes the earlier record; another option supersedes it.
 */
export const updateRiskTreatment = z
  .strictObject({
    option: treatmentOption,
    plan: z.string().max(10_000).default(''),
    residual_likelihood: riskScore.nullable().default(null),
    residual_impact: riskScore.nullable().default(null),
    /** Why the risk is accepted as it is: required with option accept. */
    acceptance_rationale: z.string().trim().max(5000).nullable().default(null),
    /** The acceptance's expiry / next review date (option accept only); a year from today when left out. */
    acceptance_review_date: calendarDate.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if ((v.residual_likelihood === null) !== (v.residual_impact === null)) {
      ctx.addIssue({ code: 'custom', path: [v.residual_likelihood === null ? 'residual_likelihood' : 'residual_impact'], message: 'give residual likelihood and impact together' });
    }
    if (v.option === 'accept' && !v.acceptance_rationale) {
      ctx.addIssue({ code: 'custom', path: ['acceptance_rationale'], message: 'say why the risk is accepted: the rationale is what an auditor reads' });
    }
    if (v.option !== 'accept' && v.acceptance_review_date !== null) {
      ctx.addIssue({ code: 'custom', path: ['acceptance_review_date'], message: 'only an accepted risk has an acceptance review date' });
    }
  });
export type UpdateRiskTreatment = z.infer<typeof updateRiskTreatment>;

export const revokeRiskAcceptance = z.strictObject({
  /** Why the acceptance no longer holds: kept on the record and in the log. */
  reason: z.string().trim().min(1, 'say why the acceptance is revoked').max(2000),
});
export type RevokeRiskAcceptance = z.infer<typeof revokeRiskAcceptance>;

export const treatmentStrategy = z.object({
  id: uuid,
  risk_id: uuid,
  action: z.string(),
  owner: personRef.nullable(),
  due_date: calendarDate.nullable(),
  status: strategyStatus,
  /** Past its due date and not done or cancelled. */
  overdue: z.boolean(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type TreatmentStrategy = z.infer<typeof treatmentStrategy>;
export const treatmentStrategyParams = riskIdParams.extend({ strategy_id: uuid });

/** A concrete action of the treatment. The owner must be a member of the project. */
export const createTreatmentStrategy = z.strictObject({
  action: z.string().trim().min(1, 'say what will be done').max(2000),
  owner_id: uuid.nullable().default(null),
  due_date: calendarDate.nullable().default(null),
  status: strategyStatus.default('planned'),
});
export type CreateTreatmentStrategy = z.infer<typeof createTreatmentStrategy>;
export const updateTreatmentStrategy = z
  .strictObject({
    action: z.string().trim().min(1, 'say what will be done').max(2000),
    owner_id: uuid.nullable(),
    due_date: calendarDate.nullable(),
    status: strategyStatus,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Send action, owner_id, due_date or status');
export type UpdateTreatmentStrategy = z.infer<typeof updateTreatmentStrategy>;

// ---------------------------------------------------------------------------------------------------
// Links to controls

/** A control of the project linked to a risk (it reduces it). `id` is the project control's id. */
export const riskControl = z.object({
  id: uuid,
  control_code: z.string(),
  title: z.string(),
  status: workItemStatus,
  linked_by: personRef.nullable(),
  linked_at: isoDateTime,
});
export type RiskControl = z.infer<typeof riskControl>;
/** `control_id` is the project control's id (`id` in the controls lists). */
export const riskControlParams = riskIdParams.extend({ control_id: uuid });

/** A risk a control reduces, for the control's detail page. */
export const controlRisk = riskLight.extend({ above_appetite: z.boolean(), linked_at: isoDateTime });
export type ControlRisk = z.infer<typeof controlRisk>;

// ---------------------------------------------------------------------------------------------------
// Heat map, settings, library

const levelCounts = z.object({ low: z.number().int(), medium: z.number().int(), high: z.number().int(), critical: z.number().int() });
const cellCounts = z.array(z.array(z.number().int()).length(5)).length(5);

/**
 * The project's risks by level and on the 5×5 grid, inherent and residual: `inherent[l - 1][i - 1]`
 * counts the risks of likelihood l and impact i. Risks out of scope are left out of the counts (and
 * counted in `out_of_scope`).
 */
export const riskHeatMap = z.object({
  total: z.number().int(),
  out_of_scope: z.number().int(),
  above_appetite: z.number().int(),
  appetite: riskLevel,
  matrix: riskMatrix,
  by_inherent_level: levelCounts,
  by_residual_level: levelCounts,
  inherent: cellCounts,
  residual: cellCounts,
});
export type RiskHeatMap = z.infer<typeof riskHeatMap>;

/** The organization's scoring matrix and risk appetite. */
export const riskSettings = z.object({
  matrix: riskMatrix,
  appetite: riskLevel,
  /** Nobody changed them: the product's defaults. */
  is_default: z.boolean(),
  updated_by: personRef.nullable(),
  updated_at: isoDateTime.nullable(),
});
export type RiskSettings = z.infer<typeof riskSettings>;
/**
 * Sets the matrix and the appetite. A matrix must not go down as likelihood or impact goes up (422
 * naming the cell). Every risk of the organization is re-levelled in the same transaction.
 */
export const updateRiskSettings = z.strictObject({ matrix: riskMatrix, appetite: riskLevel });
export type UpdateRiskSettings = z.infer<typeof updateRiskSettings>;

/** A common AI risk to start from when adding one (GET /api/risk-library). */
export const riskLibraryEntry = z.object({
  id: z.string(),
  name: z.string(),
  category: riskCategory,
  description: z.string(),
  affected: z.array(z.string()),
  likelihood: riskScore,
  impact: riskScore,
  /** The level on the caller's organization matrix. */
  level: riskLevel,
  suggested_treatment: z.object({ option: treatmentOption, plan: z.string() }),
  /** MFF-1 control codes that reduce it. */
  suggested_controls: z.array(z.string()),
});
export type RiskLibraryEntry = z.infer<typeof riskLibraryEntry>;
