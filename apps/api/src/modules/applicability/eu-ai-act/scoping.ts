import type { EuAiActCategory, EuAiActRole } from '@aegis/contracts';
import { type Facts, isAnswered, valuesOf } from './facts';
import { GPAI_CATEGORIES, type HighRiskBasis } from './rules';
import { ANNEX_III_POINTS_BY_OPTION, AUTHORISED_REAL_TIME_RBI, annexIiiArea } from './use-cases';

/**
 * The answers to the EU_AI_ACT template's shared scoping questions (`eu_ai_act.*`) that the settings
 * imply, so that the requirements' applies_when conditions can be evaluated. A field is left out while
 * the settings it depends on are unanswered, so conditions over it stay unknown and nothing is hidden
 * too early. `none` says "answered, and none of these hold": an empty answer would be unknown. It matches
 * no condition value (docs/eu-ai-act-classification.md, open points: the template's questions should list it).
 */

const RISK_CATEGORY: Record<Exclude<EuAiActCategory, 'out_of_scope'>, string> = {
  prohibited: 'prohibited',
  high_risk: 'high-risk',
  transparency: 'limited-risk-transparency',
  gpai: 'gpai',
  gpai_systemic_risk: 'gpai',
  minimal_risk: 'minimal-risk',
};

const HIGH_RISK_BASIS: Record<HighRiskBasis, string> = {
  annex_i_section_a: 'annex_i_product',
  annex_i_section_b: 'annex_i_section_b_product',
  annex_iii: 'annex_iii_use_case',
  annex_iii_derogation: 'annex_iii_exemption_claimed',
};

const TRANSPARENCY_TRIGGER: Record<string, string> = {
  interacts_with_people: 'interacts_with_people',
  generates_synthetic_content: 'generates_synthetic_content',
  emotion_recognition: 'emotion_recognition_or_biometric_categorisation',
  biometric_categorisation: 'emotion_recognition_or_biometric_categorisation',
  deep_fake: 'deep_fake_or_public_interest_text',
  public_interest_text: 'deep_fake_or_public_interest_text',
};

/** A settings value → the template's values: systemic risk, and which ground (Art. 51(1)(a) and 51(2), or 51(1)(b)). */
const MODEL_PROPERTY: Record<string, string[]> = {
  systemic_risk_compute: ['systemic_risk', 'systemic_risk_compute'],
  systemic_risk_designated: ['systemic_risk', 'systemic_risk_designated'],
  open_source_public_weights: ['open_source_public_weights'],
};
/** Real-time remote biometric identification (Art. 5(1)(h), 5(2)-(4)): point 1(a) and its real-time refinement. */
const REAL_TIME_RBI = '1a_real_time';
/** Roles Art. 25(1) replaces by the provider's: a distributor or importer that puts its name on a high-risk system. */
const REBRANDING_ROLES: readonly string[] = ['distributor', 'importer'];

/**
 * Art. 111 (issue 30, item 12), from the supply terms and the model's properties: a system placed before
 * 2 August 2026 was also placed before its Chapter III obligations apply (2 December 2027 or 2 August 2028).
 */
const TRANSITIONAL: Record<string, string[]> = {
  placed_before_2026_08_02: ['placed_before_2026_08_02', 'placed_before_high_risk_obligations'],
  placed_before_high_risk_obligations: ['placed_before_high_risk_obligations'],
  annex_x_large_scale_it_component: ['annex_x_component'],
  placed_before_2025_08_02: ['gpai_placed_before_2025_08_02'],
};

const ESTABLISHMENT: Record<string, string> = { eu: 'eu', non_eu_reaching_eu: 'non_eu', non_eu_not_reaching_eu: 'non_eu' };
const ORGANIZATION_CONTEXTS = ['public_authority', 'public_service_provider', 'law_enforcement', 'migration_asylum_border', 'employer', 'regulated_financial_institution'];

export interface ScopingInput {
  facts: Facts;
  categories: EuAiActCategory[];
  highRiskBasis: HighRiskBasis[];
  roles: EuAiActRole[];
  /** Every answer the categories depend on is given. */
  categoriesKnown: boolean;
  /** Every answer the roles depend on is given. */
  rolesKnown: boolean;
}

const distinct = (values: readonly (string | undefined)[]) => [...new Set(values.filter((v): v is string => v !== undefined))];
const orNone = (values: string[]) => (values.length > 0 ? values : ['none']);

export function deriveScoping({ facts, categories, highRiskBasis, roles, categoriesKnown, rolesKnown }: ScopingInput): Record<string, string[]> {
  const scoping: Record<string, string[]> = {};
  if (rolesKnown) {
    // Art. 25(1)(a): a distributor or importer that puts its name or trademark on a high-risk system is its
    // provider, with the provider's duties; it no longer holds the distributor's (Art. 24) or importer's (Art. 23).
    const rebranded = valuesOf(facts, 'supply_terms').includes('rebranded_high_risk') && categories.includes('high_risk') && roles.includes('provider');
    const held = rebranded ? roles.filter((role) => !REBRANDING_ROLES.includes(role)) : roles;
    const all = [...held, ...(valuesOf(facts, 'role').includes('third_party_supplier') ? ['third_party_supplier'] : [])];
    if (all.length > 0) scoping['eu_ai_act.role'] = all;
  }
  if (categoriesKnown) {
    const risk = distinct(categories.map((c) => (c === 'out_of_scope' ? undefined : RISK_CATEGORY[c])));
    if (risk.length > 0) scoping['eu_ai_act.risk_category'] = risk;
    scoping['eu_ai_act.high_risk_basis'] = orNone(highRiskBasis.map((b) => HIGH_RISK_BASIS[b]));
  }
  if (isAnswered(facts, 'use_case')) {
    const points = distinct(valuesOf(facts, 'use_case').map((v) => ANNEX_III_POINTS_BY_OPTION.get(v)));
    scoping['eu_ai_act.annex_iii_area'] = orNone(distinct(points.map(annexIiiArea)));
    const realTime = valuesOf(facts, 'use_case').includes(AUTHORISED_REAL_TIME_RBI) ? [REAL_TIME_RBI] : [];
    scoping['eu_ai_act.annex_iii_use_case'] = orNone([...points, ...realTime]);
  }
  if (isAnswered(facts, 'establishment')) {
    const chosen = valuesOf(facts, 'establishment');
    const location = distinct(chosen.map((v) => ESTABLISHMENT[v]));
    // The template asks where the *provider* is established; the settings say where the organization is.
    // That answers it only when the organization is the provider (issue 29, item 14): for a deployer,
    // importer or distributor the provider's establishment stays unknown (its conditions need a provider role anyway).
    const isProvider = rolesKnown && roles.some((role) => role === 'provider' || role === 'gpai_provider');
    if (location.length > 0 && isProvider) scoping['eu_ai_act.establishment'] = location;
    scoping['eu_ai_act.organization_context'] = orNone(chosen.filter((v) => ORGANIZATION_CONTEXTS.includes(v)));
  }
  if (isAnswered(facts, 'model_property')) {
    scoping['eu_ai_act.model_property'] = orNone(distinct(valuesOf(facts, 'model_property').flatMap((v) => MODEL_PROPERTY[v] ?? [])));
  } else if (isAnswered(facts, 'product_category') && !valuesOf(facts, 'product_category').some((v) => GPAI_CATEGORIES.includes(v))) {
    // A system that is not a general-purpose AI model has none of a model's properties: answered, not unknown.
    scoping['eu_ai_act.model_property'] = ['none'];
  }
  // Known once the supply terms are, and the model's properties for a general-purpose AI model.
  const modelKnown = isAnswered(facts, 'model_property') || (isAnswered(facts, 'product_category') && !valuesOf(facts, 'product_category').some((v) => GPAI_CATEGORIES.includes(v)));
  if (isAnswered(facts, 'supply_terms') && modelKnown) {
    const chosen = [...valuesOf(facts, 'supply_terms'), ...valuesOf(facts, 'model_property')];
    scoping['eu_ai_act.transitional'] = orNone(distinct(chosen.flatMap((v) => TRANSITIONAL[v] ?? [])));
  }
  if (isAnswered(facts, 'project_requirements')) {
    scoping['eu_ai_act.transparency_trigger'] = orNone(distinct(valuesOf(facts, 'project_requirements').map((v) => TRANSPARENCY_TRIGGER[v])));
  }
  return scoping;
}
