import type { AppliesWhen, EuAiActCategory, EuAiActClassification, EuAiActRole } from '@aegis/contracts';
import { all, chosen, not } from './conditions';
import { ANNEX_III_OPTION_VALUES } from './use-cases';

/** The terms the rules, conflicts and dates tables share. */
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
  /**
   * Still evaluated once a prohibited practice holds (the scope, the prohibitions and who the organization
   * is); every other rule is skipped then, so a prohibition stands alone (issue 30, item 1). rules.ts sets it.
   */
  besideProhibition?: boolean;
}

export const DEROGATION_CONDITIONS = [
  'derogation_narrow_procedural_task',
  'derogation_improves_human_result',
  'derogation_detects_decision_patterns',
  'derogation_preparatory_task',
] as const;

export const GPAI_CATEGORIES = ['gpai_model', 'gpai_model_and_system'];
export const SYSTEM_CATEGORIES = ['ai_system', 'annex_i_section_a_product', 'annex_i_section_b_product', 'gpai_model_and_system'];
/** Art. 2(2) as amended: for Annex I Section B products only Art. 6(1), 60a and 102–112 apply, so not Art. 50. */
export const ART_50_CATEGORIES = SYSTEM_CATEGORIES.filter((c) => c !== 'annex_i_section_b_product');
/** The behaviours of Art. 50, by the operator its paragraph binds: 50(1) and (2) providers, 50(3) and (4) deployers. */
export const ART_50_PROVIDER_TRIGGERS = ['interacts_with_people', 'generates_synthetic_content'];
export const ART_50_DEPLOYER_TRIGGERS = ['emotion_recognition', 'biometric_categorisation', 'deep_fake', 'public_interest_text'];
/** A system with one of these falls under Art. 50 (Art. 2(12)), whoever holds the duty. */
export const ART_50_TRIGGERS = [...ART_50_PROVIDER_TRIGGERS, ...ART_50_DEPLOYER_TRIGGERS];
export const ART_25_TERMS = ['rebranded_high_risk', 'substantially_modified_high_risk', 'repurposed_into_high_risk'];
/**
 * Art. 111(2) as amended: placed on the market or put into service before the system's Chapter III obligations
 * apply (2 December 2027 Annex III, 2 August 2028 Annex I, Art. 113(c)); before 2 August 2026 is before it too.
 */
export const PLACED_BEFORE_HIGH_RISK_OBLIGATIONS = ['placed_before_2026_08_02', 'placed_before_high_risk_obligations'];

export const annexIii = chosen('use_case', ...ANNEX_III_OPTION_VALUES);
export const derogationClaimed = chosen('critical_issues', ...DEROGATION_CONDITIONS);
export const profiling = chosen('project_requirements', 'profiles_natural_persons');
/** The Art. 6(3) derogation holds: one of its conditions, and no profiling. */
export const derogationHolds = all(derogationClaimed, not(profiling));
