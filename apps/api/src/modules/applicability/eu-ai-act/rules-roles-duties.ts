import type { ClassificationRule } from './rule-terms';
import { all, answered, any, chosen, holds, not } from './conditions';
import { ART_50_TRIGGERS, GPAI_CATEGORIES, PLACED_BEFORE_HIGH_RISK_OBLIGATIONS, SYSTEM_CATEGORIES } from './rule-terms';
import { ANNEX_III_OPTION_VALUES, annexIiiValue } from './use-cases';

/** The Annex III uses that call for a FRIA from a public body or public-service provider: all but point 2 (Art. 27(1)). */
const ANNEX_X = 'annex_x_large_scale_it_component';
const ANNEX_III_BUT_POINT_2 = ANNEX_III_OPTION_VALUES.filter((v) => v !== annexIiiValue('2'));

/** The rules for roles, the open-source exclusion, minimal risk and the duties that follow (rules.ts orders them). */

// ── 6. roles: Art. 3 and the value chain of Art. 25 ─────────────────────────────────────────────────────
export const roles: ClassificationRule[] = [
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
export const openSource: ClassificationRule[] = [
  {
    id: 'free_open_source_system',
    when: all(
      chosen('supply_terms', 'free_open_source_licence'),
      chosen('product_category', 'ai_system'),
      answered('use_case'),
      answered('project_requirements'),
      answered('critical_issues'),
      // Art. 2(12) names systems that fall under Art. 50, whoever holds the duty: a deployer's chatbot stays in.
      not(any(holds('prohibited'), holds('high_risk'), chosen('project_requirements', ...ART_50_TRIGGERS))),
    ),
    adds: { outOfScope: true },
    text: 'Released under a free and open-source licence, and neither high-risk, nor a prohibited practice, nor subject to Art. 50: the AI Act does not apply.',
    article: 'Art. 2(12)',
  },
];

// ── 8. minimal risk: in scope, and nothing else holds ───────────────────────────────────────────────────
export const minimal: ClassificationRule[] = [
  {
    id: 'minimal_risk',
    when: all(
      answered('product_category'),
      answered('use_case'),
      answered('project_requirements'),
      answered('critical_issues'),
      // Art. 50 binds a role: with one of its behaviours, minimal risk waits for the roles.
      any(answered('role'), not(chosen('project_requirements', ...ART_50_TRIGGERS))),
      not(any(holds('out_of_scope'), holds('prohibited'), holds('high_risk'), holds('transparency'), holds('gpai'), holds('gpai_systemic_risk'))),
    ),
    adds: { category: 'minimal_risk' },
    text: 'Not prohibited, not high-risk, no transparency duty and not a general-purpose AI model: minimal risk. Only AI literacy (Art. 4) and voluntary codes of conduct concern it.',
    article: 'Art. 4, Art. 95',
  },
];

// ── 9. duties that follow from the classification and the context ──────────────────────────────────────
export const duties: ClassificationRule[] = [
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
  // Art. 27(1), one rule per ground, so the reason says which applies (issue 30, item 20). Only high-risk
  // systems of Art. 6(2) (Annex III), never an Annex I product; the first two grounds not for point 2 alone.
  {
    id: 'fundamental_rights_impact_assessment_public_body',
    when: all(holds('deployer'), holds('basis.annex_iii'), chosen('establishment', 'public_authority'), chosen('use_case', ...ANNEX_III_BUT_POINT_2)),
    adds: {},
    text: 'As a deployer that is a body governed by public law, you assess the impact of this Annex III high-risk system on fundamental rights before its first use (critical infrastructure, point 2, is the only exception).',
    article: 'Art. 27(1)',
  },
  {
    id: 'fundamental_rights_impact_assessment_public_service',
    when: all(holds('deployer'), holds('basis.annex_iii'), chosen('establishment', 'public_service_provider'), chosen('use_case', ...ANNEX_III_BUT_POINT_2)),
    adds: {},
    text: 'As a deployer that is a private entity providing public services, you assess the impact of this Annex III high-risk system on fundamental rights before its first use (critical infrastructure, point 2, is the only exception).',
    article: 'Art. 27(1)',
  },
  {
    id: 'fundamental_rights_impact_assessment_credit_insurance',
    when: all(holds('deployer'), holds('basis.annex_iii'), chosen('use_case', annexIiiValue('5b'), annexIiiValue('5c'))),
    adds: {},
    text: 'As a deployer of a system that evaluates the creditworthiness or credit score of natural persons (Annex III point 5(b)) or prices life and health insurance (point 5(c)), you assess its impact on fundamental rights before its first use, whoever you are.',
    article: 'Art. 27(1), Annex III points 5(b) and 5(c)',
  },
  {
    id: 'employer_informs_workers',
    when: all(holds('deployer'), holds('high_risk'), chosen('establishment', 'employer')),
    adds: {},
    text: 'As an employer, you inform the workers affected and their representatives before putting the high-risk system into use at the workplace.',
    article: 'Art. 26(7)',
  },
  // Art. 111(2) as amended (issue 30, item 12): the cut-off is the date the system's Chapter III obligations
  // apply (Art. 113(c)), one rule per basis so the reason names it. A system placed before 2 August 2026 was
  // placed before that date too; 111(4) (legacy_generative) keeps 2 August 2026.
  // Art. 111(1): AI systems that are components of the large-scale IT systems of Annex X have their own
  // transition (31 December 2030), and Art. 111(2) names them as excepted ("other than the systems referred
  // to in paragraph 1").
  {
    id: 'annex_x_component',
    when: all(chosen('supply_terms', ANNEX_X), chosen('product_category', ...SYSTEM_CATEGORIES), not(holds('out_of_scope'))),
    adds: {},
    text: 'A component of a large-scale IT system listed in Annex X: if placed on the market or put into service before 2 August 2027, it is brought into compliance with the Regulation by 31 December 2030 (and Art. 111(2) does not apply to it).',
    article: 'Art. 111(1), Annex X',
  },
  {
    id: 'legacy_high_risk_annex_iii',
    when: all(holds('basis.annex_iii'), chosen('supply_terms', ...PLACED_BEFORE_HIGH_RISK_OBLIGATIONS), not(chosen('supply_terms', ANNEX_X))),
    adds: {},
    text: 'Placed on the market or put into service before 2 December 2027, when the high-risk obligations for Annex III systems apply: they bind it only after a significant change in its design from that date; systems meant for public authorities comply by 2 August 2030.',
    article: 'Art. 111(2), 113(c)(i) as amended',
  },
  {
    id: 'legacy_high_risk_annex_i',
    when: all(any(holds('basis.annex_i_section_a'), holds('basis.annex_i_section_b')), chosen('supply_terms', ...PLACED_BEFORE_HIGH_RISK_OBLIGATIONS), not(chosen('supply_terms', ANNEX_X))),
    adds: {},
    text: 'Placed on the market or put into service before 2 August 2028, when the high-risk obligations for Annex I products apply: they bind it only after a significant change in its design from that date; systems meant for public authorities comply by 2 August 2030.',
    article: 'Art. 111(2), 113(c)(ii) as amended',
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

