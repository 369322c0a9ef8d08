import type { ClassificationRule } from './rule-terms';
import { all, answered, chosen, holds, not } from './conditions';
import { ART_50_CATEGORIES, GPAI_CATEGORIES, annexIii, derogationHolds, profiling } from './rule-terms';
import { ANNEX_III_POINTS, AUTHORISED_REAL_TIME_RBI, PROHIBITED_PRACTICES, annexIiiValue } from './use-cases';

/** The rules that decide whether the Regulation applies and which categories hold (rules.ts orders them). */

// ── 1. scope: Art. 2 and Art. 3(1) ──────────────────────────────────────────────────────────────────────
export const scope: ClassificationRule[] = [
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

/** Art. 5(1)(h) prohibits a use (by or for law enforcement), not the placing on the market of such systems. */
const REAL_TIME_RBI_PROHIBITED =
  'The use of real-time remote biometric identification in publicly accessible spaces for law enforcement is prohibited, except where strictly necessary for one of the aims Art. 5(1)(h) lists (searching for victims, preventing an imminent threat, locating suspects of serious crimes): this use is outside them and must stop.';

// ── 2. prohibited practices: Art. 5 ─────────────────────────────────────────────────────────────────────
export const prohibited: ClassificationRule[] = [
  ...PROHIBITED_PRACTICES.map<ClassificationRule>((p) => ({
    id: `prohibited_${p.point.replace(/[()]/g, '')}`,
    when: chosen('use_case', p.value),
    adds: { category: 'prohibited' },
    text: p.point === '(h)' ? REAL_TIME_RBI_PROHIBITED : `${p.label}: a prohibited AI practice. It must stop: it may not be placed on the market, put into service or used in the EU, and no other obligation of the AI Act makes it lawful.`,
    article: `Art. 5(1)${p.point}`,
  })),
  {
    id: 'real_time_rbi_outside_law_enforcement',
    when: all(chosen('use_case', AUTHORISED_REAL_TIME_RBI), answered('establishment'), not(chosen('establishment', 'law_enforcement'))),
    adds: { category: 'prohibited' },
    text: 'The use of real-time remote biometric identification in publicly accessible spaces for law enforcement is allowed only to law enforcement authorities (or those acting on their behalf), for the aims Art. 5(1)(h) lists; the organization is not one, so its use is prohibited and must stop.',
    article: 'Art. 5(1)(h)',
  },
];

// ── 3. high-risk: Art. 6 with Annex I and Annex III ─────────────────────────────────────────────────────
export const highRisk: ClassificationRule[] = [
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
    when: all(annexIii, profiling),
    adds: {},
    text: 'The system performs profiling of natural persons: an Annex III system that does so is always high-risk, whether or not a condition of Art. 6(3) is met or a derogation claimed; no derogation can take it out.',
    article: 'Art. 6(3), last subparagraph',
  },
];

// ── 4. transparency: Art. 50 ────────────────────────────────────────────────────────────────────────────
export const transparency: ClassificationRule[] = (
  [
    ['interacts_with_people', 'provider', 'It interacts directly with people: as its provider you design it so that they are told they are dealing with an AI system, unless that is obvious.', 'Art. 50(1)'],
    ['generates_synthetic_content', 'provider', 'It generates synthetic audio, images, video or text: as its provider you mark the output as artificially generated, in a machine-readable way.', 'Art. 50(2)'],
    ['emotion_recognition', 'deployer', 'It recognises emotions: as its deployer you inform the people exposed to it.', 'Art. 50(3)'],
    ['biometric_categorisation', 'deployer', 'It categorises people by biometric data: as its deployer you inform the people exposed to it.', 'Art. 50(3)'],
    ['deep_fake', 'deployer', 'It produces deep fakes: as its deployer you disclose that the content is generated or manipulated.', 'Art. 50(4)'],
    ['public_interest_text', 'deployer', 'It publishes generated text to inform the public: as its deployer you disclose that it is generated, unless a person holds editorial responsibility.', 'Art. 50(4)'],
  ] as const
).map(([value, role, text, article]) => ({
  id: `art50_${value}`,
  // Art. 50(1)–(2) bind providers, 50(3)–(4) deployers: the category holds only with the duty (issue 30, item 2).
  when: all(chosen('project_requirements', value), chosen('product_category', ...ART_50_CATEGORIES), holds(role)),
  adds: { category: 'transparency' as const },
  text,
  article,
}));

// ── 5. general-purpose AI models: Chapter V ─────────────────────────────────────────────────────────────
export const gpai: ClassificationRule[] = [
  {
    id: 'gpai_model',
    // With systemic risk too: such a model is still a general-purpose AI model, Art. 53 and 55 both bind it.
    when: chosen('product_category', ...GPAI_CATEGORIES),
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
    text: 'Designated by the Commission as having systemic risk: a general-purpose AI model with systemic risk (evaluations, adversarial testing, incident reporting, cybersecurity), on top of the duties of Art. 53.',
    article: 'Art. 51(1)(b), 52, 55',
  },
  {
    id: 'gpai_open_source_exemption',
    when: all(holds('gpai'), not(holds('gpai_systemic_risk')), chosen('model_property', 'open_source_public_weights')),
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

