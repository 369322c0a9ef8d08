import { z } from 'zod';
import { booleanQuery, isoDateTime, uuid } from './common';
import { personRef, requirementStatus, workItemStatus } from './work-items';

/**
 * Applicability (GOVERNANCE-MODEL.md section 2): the EU AI Act settings and their classification, the
 * frameworks' scoping questionnaires, what a change of answers moves in and out of scope, and the
 * statement of applicability. The options and the classification rules are data kept by the API
 * (`apps/api/src/modules/applicability/eu-ai-act/`); these are the shapes on the wire.
 */

/** The eight selects of the EU AI Act settings form (product spec section 2), in the form's order. */
export const EU_AI_ACT_SETTING_FIELDS = [
  'product_category',
  'role',
  'use_case',
  'establishment',
  'model_property',
  'project_requirements',
  'critical_issues',
  'supply_terms',
] as const;
export type EuAiActSettingField = (typeof EU_AI_ACT_SETTING_FIELDS)[number];

const optionValue = z.string().trim().min(1).max(100);

/** Each field: one option value, or a list of them where several can hold; null (or absent) clears it. */
export const euAiActSettingsInput = z
  .object(Object.fromEntries(EU_AI_ACT_SETTING_FIELDS.map((f) => [f, z.union([optionValue, z.array(optionValue).max(60)]).nullable().optional()])) as {
    [K in EuAiActSettingField]: z.ZodOptional<z.ZodNullable<z.ZodUnion<[typeof optionValue, z.ZodArray<typeof optionValue>]>>>;
  })
  .strict();
export type EuAiActSettingsInput = z.infer<typeof euAiActSettingsInput>;

/** Saved settings: a single-choice field holds a value, a multiple-choice field a list; unanswered is null. */
export const euAiActSettings = z.object(
  Object.fromEntries(EU_AI_ACT_SETTING_FIELDS.map((f) => [f, z.union([z.string(), z.array(z.string())]).nullable()])) as {
    [K in EuAiActSettingField]: z.ZodNullable<z.ZodUnion<[z.ZodString, z.ZodArray<z.ZodString>]>>;
  },
);
export type EuAiActSettings = z.infer<typeof euAiActSettings>;

export const euAiActSettingOption = z.object({
  value: z.string(),
  label: z.string(),
  /** What choosing it means, in plain words. */
  explanation: z.string(),
  /** The article it comes from, e.g. `Art. 3(4)`. */
  article: z.string(),
  /** Options of one group exclude each other (at most one of a group may be chosen). */
  group: z.string().nullable(),
});
export type EuAiActSettingOption = z.infer<typeof euAiActSettingOption>;

export const euAiActSettingFieldInfo = z.object({
  key: z.enum(EU_AI_ACT_SETTING_FIELDS),
  label: z.string(),
  help: z.string(),
  multiple: z.boolean(),
  /** The classification needs an answer before it is complete. */
  required: z.boolean(),
  options: z.array(euAiActSettingOption),
});
export type EuAiActSettingFieldInfo = z.infer<typeof euAiActSettingFieldInfo>;

/** The categories stack, as the Regulation's do: e.g. high-risk and transparency and GPAI at once. */
export const EU_AI_ACT_CATEGORIES = ['out_of_scope', 'prohibited', 'high_risk', 'transparency', 'gpai', 'gpai_systemic_risk', 'minimal_risk'] as const;
export type EuAiActCategory = (typeof EU_AI_ACT_CATEGORIES)[number];
export const EU_AI_ACT_CATEGORY_LABELS: Record<EuAiActCategory, string> = {
  out_of_scope: 'Out of scope',
  prohibited: 'Prohibited practice',
  high_risk: 'High-risk',
  transparency: 'Transparency obligations',
  gpai: 'General-purpose AI model',
  gpai_systemic_risk: 'GPAI model with systemic risk',
  minimal_risk: 'Minimal risk',
};

export const EU_AI_ACT_ROLES = ['provider', 'deployer', 'importer', 'distributor', 'authorised_representative', 'product_manufacturer', 'gpai_provider'] as const;
export type EuAiActRole = (typeof EU_AI_ACT_ROLES)[number];

export const classificationReason = z.object({
  /** The rule that produced it (stable, for tests and translations). */
  rule: z.string(),
  text: z.string(),
  /** The article (and annex point) that produced it, e.g. `Art. 6(2), Annex III point 4(a)`. */
  article: z.string(),
});
export type ClassificationReason = z.infer<typeof classificationReason>;

/** A date from which something applies (Art. 113 as amended), as configuration with its source. */
export const applicationDate = z.object({
  date: z.iso.date(),
  what: z.string(),
  basis: z.string(),
  applies_now: z.boolean(),
});
export type ApplicationDate = z.infer<typeof applicationDate>;

export const euAiActClassification = z.object({
  /** `incomplete` until every required field is answered; the categories then say what is known so far. */
  status: z.enum(['incomplete', 'complete']),
  /** The required fields still unanswered. */
  missing: z.array(z.enum(EU_AI_ACT_SETTING_FIELDS)),
  categories: z.array(z.enum(EU_AI_ACT_CATEGORIES)),
  high_risk_basis: z.array(z.enum(['annex_i_section_a', 'annex_i_section_b', 'annex_iii', 'annex_iii_derogation'])),
  roles: z.array(z.enum(EU_AI_ACT_ROLES)),
  /** A short badge, e.g. "High-risk · Transparency obligations". */
  label: z.string(),
  reasons: z.array(classificationReason),
  /** Answers that stack oddly or leave a question open: shown, never silently dropped. */
  warnings: z.array(classificationReason),
  /** The articles that apply, e.g. `Art. 26`, in the Regulation's order. */
  applicable_articles: z.array(z.string()),
  /** The application dates that matter for this classification, earliest first. */
  dates: z.array(applicationDate),
});
export type EuAiActClassification = z.infer<typeof euAiActClassification>;

export const euAiActSettingsResponse = z.object({
  settings: euAiActSettings,
  fields: z.array(euAiActSettingFieldInfo),
  classification: euAiActClassification,
  updated_at: isoDateTime.nullable(),
  updated_by: personRef.nullable(),
  /** Where the application dates come from, e.g. "Art. 113 as amended by Regulation (EU) 2026/1744". */
  dates_source: z.string(),
});
export type EuAiActSettingsResponse = z.infer<typeof euAiActSettingsResponse>;

/** What a change of settings, answers or decisions moves (or, for a dry run, would move). */
export const applicabilityChange = z.object({
  requirements_out: z.array(z.object({ id: uuid, framework_code: z.string(), code: z.string(), title: z.string(), reason: z.string() })),
  requirements_in: z.array(z.object({ id: uuid, framework_code: z.string(), code: z.string(), title: z.string() })),
  controls_out: z.array(z.object({ control_code: z.string(), title: z.string(), status_before: workItemStatus })),
  controls_restored: z.array(z.object({ control_code: z.string(), title: z.string(), status: workItemStatus })),
  /** Controls whose requirements all left scope but that applicability does not move: approved (locked) or under review. */
  controls_kept: z.array(z.object({ control_code: z.string(), title: z.string(), status: workItemStatus, why: z.string() })),
});
export type ApplicabilityChange = z.infer<typeof applicabilityChange>;

export const dryRunQuery = z.object({
  /** `true`: answer what the change would move, and save nothing. */
  dry_run: booleanQuery.default(false),
});

export const euAiActSettingsSaveResponse = euAiActSettingsResponse.extend({ change: applicabilityChange, saved: z.boolean() });
export type EuAiActSettingsSaveResponse = z.infer<typeof euAiActSettingsSaveResponse>;

// ── questionnaires ──────────────────────────────────────────────────────────────────────────────────────

export const questionnaireQuestion = z.object({
  id: z.string(),
  text: z.string(),
  help: z.string().nullable(),
  answer_type: z.enum(['single', 'multi']),
  options: z.array(z.object({ value: z.string(), label: z.string(), help: z.string().nullable() })),
  /** Always a list (one value for a single-choice question); null when unanswered. */
  answer: z.array(z.string()).nullable(),
  answered_at: isoDateTime.nullable(),
  answered_by: personRef.nullable(),
});
export type QuestionnaireQuestion = z.infer<typeof questionnaireQuestion>;

export const frameworkQuestionnaire = z.object({
  framework_code: z.string(),
  framework_name: z.string(),
  status: z.enum(['not_started', 'in_progress', 'completed']),
  answered: z.number().int(),
  total: z.number().int(),
  completed_at: isoDateTime.nullable(),
  completed_by: personRef.nullable(),
  /** `eu_ai_act_settings`: its questions are answered by the EU AI Act settings form (read-only here). */
  answered_through: z.enum(['eu_ai_act_settings']).nullable(),
  questions: z.array(questionnaireQuestion),
});
export type FrameworkQuestionnaire = z.infer<typeof frameworkQuestionnaire>;

export const frameworkQuestionnaireList = z.object({ items: z.array(frameworkQuestionnaire) });
export type FrameworkQuestionnaireList = z.infer<typeof frameworkQuestionnaireList>;

export const questionAnswerInput = z.object({ answer: z.array(optionValue).max(100).nullable() }).strict();
export type QuestionAnswerInput = z.infer<typeof questionAnswerInput>;

export const questionAnswerResponse = z.object({ questionnaire: frameworkQuestionnaire, change: applicabilityChange, saved: z.boolean() });
export type QuestionAnswerResponse = z.infer<typeof questionAnswerResponse>;

// ── statement of applicability ──────────────────────────────────────────────────────────────────────────

export const applicabilityDecisionInput = z
  .object({
    /** `include` / `exclude` overrule the engine with a justification; `engine` gives the decision back to it. */
    decision: z.enum(['include', 'exclude', 'engine']),
    justification: z.string().trim().max(4000).optional(),
  })
  .strict();
export type ApplicabilityDecisionInput = z.infer<typeof applicabilityDecisionInput>;

export const soaItem = z.object({
  requirement_id: uuid,
  code: z.string(),
  title: z.string(),
  /** The titles of the sections above it, outermost first. */
  section: z.array(z.string()),
  included: z.boolean(),
  /** Who decided: the engine (from the answers), a person (with a justification), or nothing excluded it (`default`). */
  decided_by: z.enum(['engine', 'person', 'default']),
  /** A person's justification, or the engine's reason as the requirements list shows it; null when it applies by default. */
  justification: z.string().nullable(),
  /** Why, with its legal basis, for every row: the conditions that hold or the one that fails, or the person's justification, then the article (issue 30, item 16). */
  reason: z.string(),
  /** The article (or clause, control) the requirement is, e.g. `Art. 26(1)`. */
  article: z.string(),
  /**
   * The date from which it applies to this project (YYYY-MM-DD): the template's `applies_from`, or the date of
   * its first `applies_from_when` case that holds on the project's answers (EU AI Act Art. 6-27: 2 December 2027
   * for Annex III, 2 August 2028 for Annex I). Null when the framework gives no date.
   */
  applies_from: z.string().nullable(),
  decided_at: isoDateTime.nullable(),
  decided_by_user: personRef.nullable(),
  status: requirementStatus,
  control_codes: z.array(z.string()),
});
export type SoaItem = z.infer<typeof soaItem>;

/** The EU AI Act settings a statement was decided on, so that it reads on its own (issue 30, item 18). */
export const soaHeader = z.object({
  /** The classification as the settings screen shows it, with its reasons and warnings. */
  classification: z.object({ status: z.enum(['incomplete', 'complete']), label: z.string(), reasons: z.array(classificationReason), warnings: z.array(classificationReason) }),
  /** Each setting of the form with the labels of its answers (empty: not answered). */
  settings: z.array(z.object({ field: z.enum(EU_AI_ACT_SETTING_FIELDS), label: z.string(), answers: z.array(z.string()) })),
  answered_at: isoDateTime.nullable(),
  answered_by: personRef.nullable(),
  dates: z.array(applicationDate),
  dates_source: z.string(),
});
export type SoaHeader = z.infer<typeof soaHeader>;

export const statementOfApplicability = z.object({
  framework_code: z.string(),
  framework_name: z.string(),
  generated_at: isoDateTime,
  /** The EU AI Act statement's header (null for another framework's statement). */
  header: soaHeader.nullable(),
  /** Over `items` only: the requirements binding public authorities only are in no count. */
  counts: z.object({ included: z.number().int(), excluded: z.number().int() }),
  items: z.array(soaItem),
  /** Requirements that bind public authorities only: listed apart, for reference, neither included nor excluded (issue 30, item 17). */
  authorities_only: z.array(soaItem),
  /** Requirements deleted by an amending act (`deleted_by`): listed apart with where their content went, never applicable, in no count (issue 30, item 13). */
  deleted: z.array(soaItem),
});
export type StatementOfApplicability = z.infer<typeof statementOfApplicability>;

export const soaQuery = z.object({ framework: z.string().trim().max(40).default('ISO_IEC_42001') });

export const applicabilityDecisionResponse = z.object({ item: soaItem, change: applicabilityChange });
export type ApplicabilityDecisionResponse = z.infer<typeof applicabilityDecisionResponse>;
