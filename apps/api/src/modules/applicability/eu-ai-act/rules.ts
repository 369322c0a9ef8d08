import type { AppliesWhen, EuAiActCategory, EuAiActClassification, EuAiActRole } from '@aegis/contracts';
import { all, answered, any, chosen, holds, not } from './conditions';
import { ANNEX_III_OPTION_VALUES, ANNEX_III_POINTS, AUTHORISED_REAL_TIME_RBI, PROHIBITED_PRACTICES, annexIiiValue } from './use-cases';

export type HighRiskBasis = EuAiActClassification['high_risk_basis'][number];

/**
 * One classification rule. Rules are evaluated in the table's order; a rule fires when its condition is
 * definitely true (an unanswered field leaves it unknown, and it does not fire), and what it adds becomes
 * a fact (`is.<category>`, `is.<role>`) that later rules may read. Every fired rule gives a reason.
 */
export interface ClassificationRule {
  id: string;
  when: AppliesWhen;
  adds: {
    /** The whole Regulation does not apply: the classification is `out_of_scope` and nothing else. */
    outOfScope?: true;
    category?: EuAiActCategory;
    highRiskBasis?: HighRiskBasis;
    roles?: EuAiActRole[];
  };
  text: string;
  article: string;
}

export const DEROGATION_CONDITIONS = [
  'derogation_narrow_procedural_task',
  'derogation_improves_human_result',
  'derogation_detects_decision_patterns',
  'derogation_preparatory_task',
] as const;

export const GPAI_CATEGORIES = ['gpai_model', 'gpai_model_and_system'];
const SYSTEM_CATEGORIES = ['ai_system', 'annex_i_section_a_product', 'annex_i_section_b_product', 'gpai_model_and_system'];
/** Art. 2(2) as amended: for Annex I Section B products only Art. 6(1), 60a and 102–112 apply, so not Art. 50. */
const ART_50_CATEGORIES = SYSTEM_CATEGORIES.filter((c) => c !== 'annex_i_section_b_product');
export const ART_25_TERMS = ['rebranded_high_risk', 'substantially_modified_high_risk', 'repurposed_into_high_risk'];

const annexIii = chosen('use_case', ...ANNEX_III_OPTION_VALUES);
const derogationClaimed = chosen('critical_issues', ...DEROGATION_CONDITIONS);
const profiling = chosen('project_requirements', 'profiles_natural_persons');
/** The Art. 6(3) derogation holds: one of its conditions, and no profiling. */
const derogationHolds = all(derogationClaimed, not(profiling));

// ── 1. scope: Art. 2 and Art. 3(1) ──────────────────────────────────────────────────────────────────────
const scope: ClassificationRule[] = [
  {
    id: 'not_an_ai_system',
    when: chosen('product_category', 'not_ai_system'),
    adds: { outOfScope: true },
    text: 'The software does not infer how to produce its output; it is not an AI system, so the AI Act does not apply.',
    article: 'Art. 3(1)',
  },
  {
    id: 'no_link_to_the_eu',
    when: chosen('establishment', 'non_eu_not_reaching_eu'),
    adds: { outOfScope: true },
    text: 'Established outside the EU, with no system placed on the EU market and no output used in the EU: the AI Act does not reach it.',
    article: 'Art. 2(1)',
  },
  {
    id: 'military_defence_security',
    when: chosen('critical_issues', 'excluded_military_defence_security'),
    adds: { outOfScope: true },
    text: 'Used exclusively for military, defence or national security purposes, which the AI Act excludes.',
    article: 'Art. 2(3)',
  },
  {
    id: 'third_country_cooperation',
    when: chosen('critical_issues', 'excluded_third_country_cooperation'),
    adds: { outOfScope: true },
    text: 'Used by a third-country authority or international organisation under an international law enforcement or judicial cooperation agreement with adequate safeguards, which the AI Act excludes.',
    article: 'Art. 2(4)',
  },
  {
    id: 'scientific_research',
    when: chosen('critical_issues', 'excluded_scientific_research'),
    adds: { outOfScope: true },
    text: 'Developed and put into service for the sole purpose of scientific research and development, which the AI Act excludes.',
    article: 'Art. 2(6)',
  },
  {
    id: 'pre_market_research',
    when: chosen('critical_issues', 'excluded_pre_market_research'),
    adds: { outOfScope: true },
    text: 'Research, testing and development before the system is placed on the market or put into service are excluded; testing in real-world conditions is not, and the AI Act applies once the system is placed on the market.',
    article: 'Art. 2(8)',
  },
  {
    id: 'personal_use',
    when: all(chosen('critical_issues', 'excluded_personal_use'), chosen('role', 'deployer'), not(chosen('role', 'provider', 'importer', 'distributor', 'authorised_representative', 'product_manufacturer', 'third_party_supplier'))),
    adds: { outOfScope: true },
    text: 'Used by a natural person in a purely personal, non-professional activity: the deployer duties, the only ones you hold, do not apply.',
    article: 'Art. 2(10)',
  },
];

// ── 2. prohibited practices: Art. 5 ─────────────────────────────────────────────────────────────────────
const prohibited: ClassificationRule[] = [
  ...PROHIBITED_PRACTICES.map<ClassificationRule>((p) => ({
    id: `prohibited_${p.point.replace(/[()]/g, '')}`,
    when: chosen('use_case', p.value),
    adds: { category: 'prohibited' },
    text: `${p.label}: a prohibited AI practice; it may not be placed on the market, put into service or used in the EU.`,
    article: `Art. 5(1)${p.point}`,
  })),
  {
    id: 'real_time_rbi_outside_law_enforcement',
    when: all(chosen('use_case', AUTHORISED_REAL_TIME_RBI), answered('establishment'), not(chosen('establishment', 'law_enforcement'))),
    adds: { category: 'prohibited' },
    text: 'Real-time remote biometric identification in public spaces is allowed only to law enforcement authorities (or those acting for them) within the listed aims; the organization is not one, so the use is prohibited.',
    article: 'Art. 5(1)(h)',
  },
];

// ── 3. high-risk: Art. 6 with Annex I and Annex III ─────────────────────────────────────────────────────
const highRisk: ClassificationRule[] = [
  {
    id: 'annex_i_section_a',
    when: chosen('product_category', 'annex_i_section_a_product'),
    adds: { category: 'high_risk', highRiskBasis: 'annex_i_section_a' },
    text: 'A product, or the safety component of a product, under the EU laws of Annex I Section A that needs a third-party conformity assessment: high-risk.',
    article: 'Art. 6(1), Annex I Section A',
  },
  {
    id: 'annex_i_section_b',
    when: chosen('product_category', 'annex_i_section_b_product'),
    adds: { category: 'high_risk', highRiskBasis: 'annex_i_section_b' },
    text: 'A product, or the safety component of a product, under Annex I Section B: high-risk under Art. 6(1), but as amended only Art. 6(1), 60a and 102–112 of the AI Act apply; the requirements come through the sectoral law.',
    article: 'Art. 2(2) and 6(1) as amended by Regulation (EU) 2026/1744, Annex I Section B',
  },
  ...ANNEX_III_POINTS.map<ClassificationRule>((p) => ({
    id: `annex_iii_${p.code}`,
    when: all(chosen('use_case', annexIiiValue(p.code)), not(derogationHolds)),
    adds: { category: 'high_risk', highRiskBasis: 'annex_iii' },
    text: `${p.label}: a use listed in Annex III, so the system is high-risk.`,
    article: `Art. 6(2), Annex III point ${p.ref}`,
  })),
  {
    id: 'annex_iii_authorised_real_time_rbi',
    when: all(chosen('use_case', AUTHORISED_REAL_TIME_RBI), chosen('establishment', 'law_enforcement'), not(derogationHolds)),
    adds: { category: 'high_risk', highRiskBasis: 'annex_iii' },
    text: 'Real-time remote biometric identification by law enforcement within an allowed aim: permitted only with prior authorisation and notification, and high-risk as remote biometric identification.',
    article: 'Art. 5(1)(h), 5(2)–(4), Art. 6(2), Annex III point 1(a)',
  },
  {
    id: 'annex_iii_derogation',
    when: all(annexIii, derogationHolds),
    adds: { highRiskBasis: 'annex_iii_derogation' },
    text: 'An Annex III use, but it meets a condition of Art. 6(3) and does not profile people: not high-risk. The provider documents this assessment before placing it on the market and registers the system in the EU database.',
    article: 'Art. 6(3), 6(4), 49(2)',
  },
  {
    id: 'profiling_keeps_high_risk',
    when: all(annexIii, derogationClaimed, profiling),
    adds: {},
    text: 'The system profiles natural persons, so the Art. 6(3) derogation cannot be relied on: an Annex III system that profiles people is always high-risk.',
    article: 'Art. 6(3), last subparagraph',
  },
];

// ── 4. transparency: Art. 50 ────────────────────────────────────────────────────────────────────────────
const transparency: ClassificationRule[] = [
  ['interacts_with_people', 'It interacts directly with people, who must be told they are dealing with an AI system unless that is obvious.', 'Art. 50(1)'],
  ['generates_synthetic_content', 'It generates synthetic audio, images, video or text, which must be marked as artificially generated in a machine-readable way.', 'Art. 50(2)'],
  ['emotion_recognition', 'It recognises emotions: the people exposed to it are informed.', 'Art. 50(3)'],
  ['biometric_categorisation', 'It categorises people by biometric data: the people exposed to it are informed.', 'Art. 50(3)'],
  ['deep_fake', 'It produces deep fakes, which the deployer discloses as generated or manipulated.', 'Art. 50(4)'],
  ['public_interest_text', 'It publishes generated text to inform the public, which the deployer discloses unless a person holds editorial responsibility.', 'Art. 50(4)'],
].map(([value, text, article]) => ({
  id: `art50_${value}`,
  when: all(chosen('project_requirements', value!), chosen('product_category', ...ART_50_CATEGORIES)),
  adds: { category: 'transparency' as const },
  text: text!,
  article: article!,
}));

// ── 5. general-purpose AI models: Chapter V ─────────────────────────────────────────────────────────────
const gpai: ClassificationRule[] = [
  {
    id: 'gpai_model',
    when: all(chosen('product_category', ...GPAI_CATEGORIES), not(chosen('model_property', 'systemic_risk_compute', 'systemic_risk_designated'))),
    adds: { category: 'gpai' },
    text: 'A general-purpose AI model: its provider keeps technical documentation, informs downstream providers, has a copyright policy and publishes a summary of the training content.',
    article: 'Art. 3(63), Art. 53',
  },
  {
    id: 'gpai_systemic_risk_compute',
    when: all(chosen('product_category', ...GPAI_CATEGORIES), chosen('model_property', 'systemic_risk_compute')),
    adds: { category: 'gpai_systemic_risk' },
    text: 'Trained with more than 10^25 FLOP, the model is presumed to have high-impact capabilities: a general-purpose AI model with systemic risk (evaluations, adversarial testing, incident reporting, cybersecurity). The provider notifies the Commission.',
    article: 'Art. 51(1)(a), 51(2), 52(1), 55',
  },
  {
    id: 'gpai_systemic_risk_designated',
    when: all(chosen('product_category', ...GPAI_CATEGORIES), chosen('model_property', 'systemic_risk_designated')),
    adds: { category: 'gpai_systemic_risk' },
    text: 'Designated by the Commission as having systemic risk: the duties of Art. 55 apply on top of Art. 53.',
    article: 'Art. 51(1)(b), 52, 55',
  },
  {
    id: 'gpai_open_source_exemption',
    when: all(holds('gpai'), chosen('model_property', 'open_source_public_weights')),
    adds: {},
    text: 'Released under a free and open-source licence with public weights and without systemic risk: the technical documentation for the AI Office and downstream providers and the authorised representative are not required; the copyright policy and training-content summary still are.',
    article: 'Art. 53(2), 54(6)',
  },
  {
    id: 'gpai_open_source_with_systemic_risk',
    when: all(holds('gpai_systemic_risk'), chosen('model_property', 'open_source_public_weights')),
    adds: {},
    text: 'Openly released, but with systemic risk: the open-source exemption does not apply.',
    article: 'Art. 53(2), 54(6)',
  },
];

// ── 6. roles: Art. 3 and the value chain of Art. 25 ─────────────────────────────────────────────────────
const roles: ClassificationRule[] = [
  {
    id: 'role_provider',
    when: all(chosen('role', 'provider'), chosen('product_category', ...SYSTEM_CATEGORIES)),
    adds: { roles: ['provider'] },
    text: 'You develop the system, or have it developed, and place it on the market or put it into service under your own name: its provider.',
    article: 'Art. 3(3)',
  },
  {
    id: 'role_gpai_provider',
    when: all(chosen('role', 'provider'), chosen('product_category', ...GPAI_CATEGORIES)),
    adds: { roles: ['gpai_provider'] },
    text: 'You develop the general-purpose AI model and place it on the market: the provider of a general-purpose AI model.',
    article: 'Art. 3(3), 3(63)',
  },
  {
    id: 'role_deployer',
    when: chosen('role', 'deployer'),
    adds: { roles: ['deployer'] },
    text: 'You use the system under your authority in a professional activity: its deployer.',
    article: 'Art. 3(4)',
  },
  {
    id: 'in_house_provider_is_deployer',
    when: all(holds('provider'), chosen('supply_terms', 'own_use_only'), not(chosen('role', 'deployer'))),
    adds: { roles: ['deployer'] },
    text: 'You put the system you developed into service for your own use: you are its provider and also its deployer.',
    article: 'Art. 3(3), 3(4), 3(11)',
  },
  { id: 'role_importer', when: chosen('role', 'importer'), adds: { roles: ['importer'] }, text: 'You place on the EU market a system bearing the name of a provider established outside the EU: its importer.', article: 'Art. 3(6)' },
  { id: 'role_distributor', when: chosen('role', 'distributor'), adds: { roles: ['distributor'] }, text: 'You make the system available on the EU market in the supply chain: its distributor.', article: 'Art. 3(7)' },
  {
    id: 'role_authorised_representative',
    when: chosen('role', 'authorised_representative'),
    adds: { roles: ['authorised_representative'] },
    text: 'You act in the EU for a provider established outside it, under a written mandate: its authorised representative.',
    article: 'Art. 3(5)',
  },
  {
    id: 'role_product_manufacturer',
    when: chosen('role', 'product_manufacturer'),
    adds: { roles: ['product_manufacturer'] },
    text: 'You place on the market a product with the AI system under your own name: a product manufacturer.',
    article: 'Art. 2(1)(e)',
  },
  {
    id: 'product_manufacturer_is_provider',
    when: all(chosen('role', 'product_manufacturer'), holds('high_risk'), chosen('product_category', 'annex_i_section_a_product')),
    adds: { roles: ['provider'] },
    text: 'The high-risk AI system is a safety component of your Annex I product placed on the market under your name: you are its provider.',
    article: 'Art. 25(3)',
  },
  {
    id: 'role_third_party_supplier',
    when: chosen('role', 'third_party_supplier'),
    adds: {},
    text: 'You supply tools, services, components or processes integrated into a high-risk system: you agree in writing with its provider on the information and help it needs.',
    article: 'Art. 25(4)',
  },
  {
    id: 'art25_rebranded',
    when: all(chosen('supply_terms', 'rebranded_high_risk'), holds('high_risk')),
    adds: { roles: ['provider'] },
    text: 'You put your name or trademark on a high-risk system already on the market: you become its provider.',
    article: 'Art. 25(1)(a)',
  },
  {
    id: 'art25_substantial_modification',
    when: all(chosen('supply_terms', 'substantially_modified_high_risk'), holds('high_risk')),
    adds: { roles: ['provider'] },
    text: 'You substantially modified a high-risk system and it remains high-risk: you become its provider.',
    article: 'Art. 25(1)(b)',
  },
  {
    id: 'art25_repurposed',
    when: all(chosen('supply_terms', 'repurposed_into_high_risk'), holds('high_risk')),
    adds: { roles: ['provider'] },
    text: 'You changed the intended purpose of a system so that it became high-risk: you become its provider.',
    article: 'Art. 25(1)(c)',
  },
];

// ── 7. open-source AI systems: Art. 2(12), once the categories are known ────────────────────────────────
const openSource: ClassificationRule[] = [
  {
    id: 'free_open_source_system',
    when: all(
      chosen('supply_terms', 'free_open_source_licence'),
      chosen('product_category', 'ai_system'),
      answered('use_case'),
      answered('project_requirements'),
      answered('critical_issues'),
      not(any(holds('prohibited'), holds('high_risk'), holds('transparency'))),
    ),
    adds: { outOfScope: true },
    text: 'Released under a free and open-source licence, and neither high-risk, nor a prohibited practice, nor subject to Art. 50: the AI Act does not apply.',
    article: 'Art. 2(12)',
  },
];

// ── 8. minimal risk: in scope, and nothing else holds ───────────────────────────────────────────────────
const minimal: ClassificationRule[] = [
  {
    id: 'minimal_risk',
    when: all(
      answered('product_category'),
      answered('use_case'),
      answered('project_requirements'),
      answered('critical_issues'),
      not(any(holds('out_of_scope'), holds('prohibited'), holds('high_risk'), holds('transparency'), holds('gpai'), holds('gpai_systemic_risk'))),
    ),
    adds: { category: 'minimal_risk' },
    text: 'Not prohibited, not high-risk, no transparency duty and not a general-purpose AI model: minimal risk. Only AI literacy (Art. 4) and voluntary codes of conduct concern it.',
    article: 'Art. 4, Art. 95',
  },
];

// ── 9. duties that follow from the classification and the context ──────────────────────────────────────
const duties: ClassificationRule[] = [
  {
    id: 'non_eu_provider_representative',
    when: all(holds('provider'), holds('high_risk'), chosen('establishment', 'non_eu_reaching_eu'), not(chosen('product_category', 'annex_i_section_b_product'))),
    adds: {},
    text: 'A provider established outside the EU appoints, by written mandate, an authorised representative established in the EU before making a high-risk system available there.',
    article: 'Art. 22',
  },
  {
    id: 'non_eu_gpai_provider_representative',
    when: all(
      holds('gpai_provider'),
      chosen('establishment', 'non_eu_reaching_eu'),
      any(holds('gpai_systemic_risk'), not(chosen('model_property', 'open_source_public_weights'))),
    ),
    adds: {},
    text: 'A provider of a general-purpose AI model established outside the EU appoints an authorised representative established in the EU.',
    article: 'Art. 54',
  },
  {
    id: 'fundamental_rights_impact_assessment',
    when: all(
      holds('deployer'),
      holds('high_risk'),
      chosen('use_case', ...ANNEX_III_OPTION_VALUES),
      any(
        all(chosen('establishment', 'public_authority', 'public_service_provider'), not(chosen('use_case', annexIiiValue('2')))),
        chosen('use_case', annexIiiValue('5b'), annexIiiValue('5c')),
      ),
    ),
    adds: {},
    text: 'As a public body, a private provider of public services, or a deployer of credit-scoring or life and health insurance pricing, you assess the impact on fundamental rights before first use.',
    article: 'Art. 27',
  },
  {
    id: 'employer_informs_workers',
    when: all(holds('deployer'), holds('high_risk'), chosen('establishment', 'employer')),
    adds: {},
    text: 'As an employer, you inform the workers affected and their representatives before putting the high-risk system into use at the workplace.',
    article: 'Art. 26(7)',
  },
  {
    id: 'legacy_high_risk',
    when: all(holds('high_risk'), chosen('supply_terms', 'placed_before_2026_08_02')),
    adds: {},
    text: 'Placed on the market before the high-risk rules apply: they bind it only after a significant change in its design; systems meant for public authorities comply by 2 August 2030.',
    article: 'Art. 111(2)',
  },
  {
    id: 'legacy_generative',
    when: all(chosen('project_requirements', 'generates_synthetic_content'), chosen('supply_terms', 'placed_before_2026_08_02'), holds('provider')),
    adds: {},
    text: 'A generative system placed on the market before 2 August 2026 marks its output as artificially generated by 2 December 2026.',
    article: 'Art. 111(4)',
  },
  {
    id: 'legacy_gpai',
    when: all(any(holds('gpai'), holds('gpai_systemic_risk')), chosen('model_property', 'placed_before_2025_08_02')),
    adds: {},
    text: 'A general-purpose AI model placed on the market before 2 August 2025 complies by 2 August 2027.',
    article: 'Art. 111(3)',
  },
];

/** The classification rules, in the order they are evaluated. */
export const CLASSIFICATION_RULES: readonly ClassificationRule[] = [
  ...scope,
  ...prohibited,
  ...highRisk,
  ...transparency,
  ...gpai,
  ...roles,
  ...openSource,
  ...minimal,
  ...duties,
];
