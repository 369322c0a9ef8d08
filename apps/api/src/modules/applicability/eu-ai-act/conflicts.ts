import type { AppliesWhen, EuAiActSettingField } from '@aegis/contracts';
import { all, answered, any, chosen, holds, not } from './conditions';
import { ART_25_TERMS, ART_50_TRIGGERS, DEROGATION_CONDITIONS, GPAI_CATEGORIES, PLACED_BEFORE_HIGH_RISK_OBLIGATIONS } from './rules';
import { ANNEX_III_OPTION_VALUES, AUTHORISED_REAL_TIME_RBI, PROHIBITED_OPTION_VALUES, annexIiiValue } from './use-cases';

/**
 * Answers that contradict each other, as data. Each is either refused (`reject`: the request answers 422
 * with the message, at `body.<field>`) or kept with a warning in the classification (`warn`). The line:
 * answers that cannot both be true under the Regulation's definitions are refused, because any
 * classification built on them would be wrong; answers that can both be true but leave one of them
 * without effect, or leave a question open, are kept and the classification says so.
 *
 * Besides this table, validation always refuses: a value that is not an option of its field, a list for
 * a single-choice field, `none` together with another option of the same field, and two options of one
 * exclusive `group` (classify.ts).
 */
export interface Conflict {
  id: string;
  outcome: 'reject' | 'warn';
  /** Over the settings (and, for warnings, the derived facts); the conflict holds when it is definitely true. */
  when: AppliesWhen;
  /** Where the problem is reported (`body.<field>`), and the other field involved. */
  field: EuAiActSettingField;
  other: EuAiActSettingField;
  message: string;
  article: string;
}

const SYSTEM_BEHAVIOURS = ['interacts_with_people', 'generates_synthetic_content', 'emotion_recognition', 'biometric_categorisation', 'deep_fake', 'public_interest_text', 'profiles_natural_persons'];
const MODEL_ONLY = chosen('product_category', 'gpai_model');
const OUTSIDE_EU = chosen('establishment', 'non_eu_reaching_eu', 'non_eu_not_reaching_eu');

export const CONFLICTS: readonly Conflict[] = [
  {
    id: 'gpai_model_with_use_case',
    outcome: 'reject',
    when: all(MODEL_ONLY, chosen('use_case', ...PROHIBITED_OPTION_VALUES, ...ANNEX_III_OPTION_VALUES)),
    field: 'use_case',
    other: 'product_category',
    message:
      'use_case conflicts with product_category "gpai_model": the prohibited practices of Art. 5 and the uses of Annex III describe what an AI system is used for, and a general-purpose AI model on its own has no such use. Choose product_category "gpai_model_and_system" if you also provide a system built on the model, or set use_case to "none".',
    article: 'Art. 3(1), 3(63), Art. 5, Art. 6(2)',
  },
  {
    id: 'gpai_model_with_system_behaviour',
    outcome: 'reject',
    when: all(MODEL_ONLY, chosen('project_requirements', ...SYSTEM_BEHAVIOURS)),
    field: 'project_requirements',
    other: 'product_category',
    message:
      'project_requirements conflicts with product_category "gpai_model": interacting with people, generating content, recognising emotions, categorising or profiling people are what an AI system does (Art. 50 binds systems). Choose product_category "gpai_model_and_system", or set project_requirements to "none".',
    article: 'Art. 3(63), Art. 50',
  },
  {
    id: 'gpai_model_with_system_roles',
    outcome: 'reject',
    when: all(MODEL_ONLY, chosen('role', 'deployer', 'importer', 'distributor', 'product_manufacturer')),
    field: 'role',
    other: 'product_category',
    message:
      'role conflicts with product_category "gpai_model": deployers, importers, distributors and product manufacturers deal in AI systems, not in models. For a model, choose "provider" (or "authorised_representative"); if you use a model inside your own system, describe that system (product_category "ai_system").',
    article: 'Art. 3(3)–(7), Art. 53–54',
  },
  {
    id: 'gpai_model_with_value_chain_changes',
    outcome: 'reject',
    when: all(MODEL_ONLY, chosen('supply_terms', ...ART_25_TERMS)),
    field: 'supply_terms',
    other: 'product_category',
    message:
      'supply_terms conflicts with product_category "gpai_model": rebranding, substantially modifying or repurposing under Art. 25(1) concern high-risk AI systems, not models. Choose product_category "ai_system" for the system you changed.',
    article: 'Art. 25(1)',
  },
  {
    id: 'importer_or_representative_outside_eu',
    outcome: 'reject',
    when: all(chosen('role', 'importer', 'authorised_representative'), OUTSIDE_EU),
    field: 'establishment',
    other: 'role',
    message:
      'establishment conflicts with role: an importer and an authorised representative are, by definition, located or established in the EU. Choose establishment "eu", or remove that role.',
    article: 'Art. 3(5), 3(6)',
  },
  {
    id: 'pre_market_but_on_the_market',
    outcome: 'reject',
    when: all(chosen('critical_issues', 'excluded_pre_market_research'), chosen('supply_terms', 'placed_on_market', 'own_use_only', ...PLACED_BEFORE_HIGH_RISK_OBLIGATIONS)),
    field: 'critical_issues',
    other: 'supply_terms',
    message:
      'critical_issues "excluded_pre_market_research" conflicts with supply_terms: the exclusion covers only work before the system is placed on the market or put into service, and supply_terms says it already is. Remove one of them.',
    article: 'Art. 2(8), 3(9), 3(11)',
  },
  {
    id: 'model_property_without_model',
    outcome: 'warn',
    when: all(chosen('model_property', 'systemic_risk_compute', 'systemic_risk_designated', 'open_source_public_weights', 'placed_before_2025_08_02'), answered('product_category'), not(chosen('product_category', ...GPAI_CATEGORIES))),
    field: 'model_property',
    other: 'product_category',
    message: 'model_property describes a general-purpose AI model, but product_category is not one: it is not taken into account.',
    article: 'Art. 51, 53(2)',
  },
  {
    id: 'derogation_without_annex_iii',
    outcome: 'warn',
    when: all(chosen('critical_issues', ...DEROGATION_CONDITIONS), answered('use_case'), not(chosen('use_case', ...ANNEX_III_OPTION_VALUES))),
    field: 'critical_issues',
    other: 'use_case',
    message: 'The Art. 6(3) conditions only lift the high-risk classification of an Annex III use, and use_case lists none: they have no effect here.',
    article: 'Art. 6(3)',
  },
  {
    id: 'derogation_with_annex_i_product',
    outcome: 'warn',
    when: all(chosen('critical_issues', ...DEROGATION_CONDITIONS), chosen('product_category', 'annex_i_section_a_product', 'annex_i_section_b_product')),
    field: 'critical_issues',
    other: 'product_category',
    message: 'The Art. 6(3) derogation covers Annex III uses only: an AI system in an Annex I product stays high-risk under Art. 6(1).',
    article: 'Art. 6(1), 6(3)',
  },
  {
    id: 'transparency_for_annex_i_section_b',
    outcome: 'warn',
    when: all(chosen('product_category', 'annex_i_section_b_product'), chosen('project_requirements', ...SYSTEM_BEHAVIOURS.filter((b) => b !== 'profiles_natural_persons'))),
    field: 'project_requirements',
    other: 'product_category',
    message:
      'For an AI system in an Annex I Section B product only Art. 6(1), 60a and 102–112 of the AI Act apply: the transparency duties of Art. 50 do not, and the sectoral law governs these behaviours.',
    article: 'Art. 2(2) as amended, Art. 50',
  },
  {
    id: 'value_chain_change_without_high_risk',
    outcome: 'warn',
    when: all(chosen('supply_terms', ...ART_25_TERMS), answered('use_case'), answered('project_requirements'), answered('critical_issues'), not(holds('high_risk')), not(holds('prohibited'))),
    field: 'supply_terms',
    other: 'use_case',
    message:
      'Art. 25(1) makes you the provider only of a high-risk system, and this one is not classified high-risk: the change is not counted. If you place the system on the market under your own name, choose role "provider".',
    article: 'Art. 25(1), 3(3)',
  },
  {
    // Art. 111(2) covers high-risk systems only; placed_before_2026_08_02 still serves 111(4), so it is not named.
    id: 'placed_before_high_risk_obligations_without_high_risk',
    outcome: 'warn',
    when: all(
      chosen('supply_terms', 'placed_before_high_risk_obligations'),
      answered('product_category'),
      answered('use_case'),
      answered('project_requirements'),
      answered('critical_issues'),
      // Real-time identification within the allowed cases is high-risk only for law enforcement: known once the establishment is.
      any(not(chosen('use_case', AUTHORISED_REAL_TIME_RBI)), answered('establishment')),
      not(any(holds('high_risk'), holds('prohibited'), holds('out_of_scope'))),
    ),
    field: 'supply_terms',
    other: 'use_case',
    message:
      'supply_terms "placed_before_high_risk_obligations" concerns high-risk systems only (Art. 111(2)), and this one is not classified high-risk: the answer changes nothing here. For a system placed on the market before 2 August 2026, choose "placed_before_2026_08_02" (Art. 111(4) for generated content).',
    article: 'Art. 111(2), 113(c) as amended',
  },
  {
    // Art. 111(1) covers AI systems that are components of the Annex X systems: a model on its own, or software that is not an AI system, is not one.
    id: 'annex_x_component_without_ai_system',
    outcome: 'warn',
    when: all(chosen('supply_terms', 'annex_x_large_scale_it_component'), any(chosen('product_category', 'gpai_model', 'not_ai_system'), holds('out_of_scope'))),
    field: 'supply_terms',
    other: 'product_category',
    message:
      'supply_terms "annex_x_large_scale_it_component" concerns AI systems in the Regulation\'s scope that are components of the large-scale IT systems of Annex X (Art. 111(1)), and nothing else answered makes this one such a system: the answer changes nothing here. If a system built on the model is the component, choose product_category "gpai_model_and_system".',
    article: 'Art. 111(1), Annex X',
  },
  {
    id: 'prohibited_practice_with_other_uses',
    outcome: 'warn',
    when: all(holds('prohibited'), any(chosen('use_case', ...ANNEX_III_OPTION_VALUES), chosen('project_requirements', ...ART_50_TRIGGERS))),
    field: 'use_case',
    other: 'project_requirements',
    message:
      'A prohibited practice stands alone: while it is chosen, the Annex III uses and the Art. 50 behaviours also chosen attach no category and no duty, because the practice must stop. If the system can be used without it, remove the practice to see what then applies.',
    article: 'Art. 5(1)',
  },
  {
    id: 'personal_use_with_professional_roles',
    outcome: 'warn',
    when: all(chosen('critical_issues', 'excluded_personal_use'), chosen('role', 'provider', 'importer', 'distributor', 'authorised_representative', 'product_manufacturer', 'third_party_supplier')),
    field: 'critical_issues',
    other: 'role',
    message: 'The personal-use exclusion lifts only the duties of a natural person deploying AI privately; your other roles keep their duties.',
    article: 'Art. 2(10)',
  },
  {
    id: 'emotion_recognition_use_not_named',
    outcome: 'warn',
    when: all(chosen('project_requirements', 'emotion_recognition'), answered('use_case'), not(chosen('use_case', annexIiiValue('1c'), 'prohibited_emotion_recognition_work_education'))),
    field: 'use_case',
    other: 'project_requirements',
    message:
      'The system recognises emotions, but use_case names neither Annex III point 1(c) (emotion recognition is high-risk) nor the Art. 5(1)(f) prohibition (at the workplace or in education): check the use case.',
    article: 'Art. 5(1)(f), Annex III point 1(c)',
  },
  {
    id: 'biometric_categorisation_use_not_named',
    outcome: 'warn',
    when: all(chosen('project_requirements', 'biometric_categorisation'), answered('use_case'), not(chosen('use_case', annexIiiValue('1b'), 'prohibited_biometric_categorisation_sensitive'))),
    field: 'use_case',
    other: 'project_requirements',
    message:
      'The system categorises people by biometric data, but use_case names neither Annex III point 1(b) (by sensitive or protected attributes: high-risk) nor Art. 5(1)(g) (by race, opinions, union membership, religion or sex life: prohibited): check the use case.',
    article: 'Art. 5(1)(g), Annex III point 1(b)',
  },
  {
    id: 'open_source_licence_for_a_model',
    outcome: 'warn',
    when: all(chosen('supply_terms', 'free_open_source_licence'), chosen('product_category', ...GPAI_CATEGORIES), not(chosen('model_property', 'open_source_public_weights'))),
    field: 'supply_terms',
    other: 'model_property',
    message:
      'The open-source exclusion of Art. 2(12) covers AI systems, not general-purpose AI models: a model released openly with public weights is exempt only from some duties, under Art. 53(2). Choose model_property "open_source_public_weights" if that is the case.',
    article: 'Art. 2(12), 53(2)',
  },
];
