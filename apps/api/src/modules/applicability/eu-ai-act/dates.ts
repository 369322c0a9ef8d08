import type { AppliesWhen } from '@aegis/contracts';
import { all, answered, any, chosen, holds, not } from './conditions';

/**
 * When the parts of the AI Act apply, as configuration: amendments move these dates (Regulation (EU)
 * 2026/1744 deferred the high-risk rules), so they are kept here with their basis, not in code. Each
 * entry says for which classification it matters (`relevantWhen`, over the facts of facts.ts).
 * Source: /work/shared/frameworks/eu-ai-act-dates.md; see docs/eu-ai-act-classification.md.
 */
export const DATES_SOURCE = 'Art. 113 of Regulation (EU) 2024/1689 as amended by Regulation (EU) 2026/1744';

export interface ApplicationDateEntry {
  id: string;
  /** ISO date from which it applies. */
  date: string;
  what: string;
  basis: string;
  relevantWhen: AppliesWhen;
}

const inScope = not(holds('out_of_scope'));
/** Chapters I and II bind AI systems; a general-purpose model offered on its own is not one. */
const aSystem = any(not(answered('product_category')), not(chosen('product_category', 'gpai_model')));
const highRiskAnnexIii = any(holds('basis.annex_iii'), holds('basis.annex_iii_derogation'));
const highRiskAnnexI = any(holds('basis.annex_i_section_a'), holds('basis.annex_i_section_b'));
/** Amended Art. 2(2): for an AI system of an Annex I Section B product only Art. 6(1), 60a and 102-112 apply, so not Art. 4, 5 or 50. */
const notSectionB = any(not(answered('product_category')), not(chosen('product_category', 'annex_i_section_b_product')));
const sectionB = chosen('product_category', 'annex_i_section_b_product');
const gpai = any(holds('gpai'), holds('gpai_systemic_risk'));

export const APPLICATION_DATES: readonly ApplicationDateEntry[] = [
  {
    id: 'chapters_i_ii',
    date: '2025-02-02',
    what: 'General provisions and AI literacy (Art. 4), and the prohibited practices of Art. 5(1)(a)–(h)',
    basis: 'Art. 113(a)',
    relevantWhen: all(inScope, aSystem, notSectionB),
  },
  {
    id: 'gpai_models',
    date: '2025-08-02',
    what: 'Obligations of providers of general-purpose AI models (Chapter V, Art. 51–56), governance and penalties, except the fines for providers of general-purpose AI models (Art. 101)',
    basis: 'Art. 113(b)',
    relevantWhen: gpai,
  },
  {
    id: 'annex_i_amendments',
    date: '2026-07-27',
    what: 'The amended scope for Annex I products (Art. 2(2)), the safety-component definition (Art. 3(14), 6(1a)–(1c)), the new Annex I and Art. 102–110',
    basis: 'Art. 113(d)',
    relevantWhen: highRiskAnnexI,
  },
  {
    id: 'general',
    date: '2026-08-02',
    what: 'Everything not named elsewhere, including the transparency obligations of Art. 50; read literally also registration (Art. 49) and post-market monitoring (Art. 72), whose practical effect follows the high-risk dates',
    basis: 'Art. 113, second paragraph',
    relevantWhen: all(inScope, notSectionB),
  },
  {
    id: 'gpai_fines',
    date: '2026-08-02',
    what: 'Fines for providers of general-purpose AI models',
    basis: 'Art. 101, Art. 113(b) and second paragraph',
    relevantWhen: gpai,
  },
  {
    id: 'section_b_general',
    date: '2026-08-02',
    what: 'For an Annex I Section B product, the transitional and final provisions not named elsewhere (Art. 111–112); the AI literacy, prohibition and transparency articles do not apply to it',
    basis: 'Art. 113, second paragraph; Art. 2(2) as amended',
    relevantWhen: all(inScope, sectionB),
  },
  {
    id: 'new_prohibitions',
    date: '2026-12-02',
    what: 'The prohibitions added in 2026: realistic intimate imagery of an identifiable person without consent (Art. 5(1)(ba)) and child sexual abuse material (Art. 5(1)(bb)), with Art. 5(1a)–(1b)',
    basis: 'Art. 113(a) as amended',
    relevantWhen: all(
      notSectionB,
      any(chosen('use_case', 'prohibited_intimate_imagery', 'prohibited_child_sexual_abuse_material'), all(chosen('project_requirements', 'generates_synthetic_content'), inScope)),
    ),
  },
  {
    id: 'legacy_generative_marking',
    date: '2026-12-02',
    what: 'Marking of synthetic output (Art. 50(2)) for generative systems placed on the market before 2 August 2026',
    basis: 'Art. 111(4)',
    relevantWhen: all(inScope, notSectionB, chosen('project_requirements', 'generates_synthetic_content'), chosen('supply_terms', 'placed_before_2026_08_02')),
  },
  {
    id: 'legacy_gpai_models',
    date: '2027-08-02',
    what: 'General-purpose AI models placed on the market before 2 August 2025 comply',
    basis: 'Art. 111(3)',
    relevantWhen: all(any(holds('gpai'), holds('gpai_systemic_risk')), chosen('model_property', 'placed_before_2025_08_02')),
  },
  {
    id: 'high_risk_annex_iii',
    date: '2027-12-02',
    what: 'Classification, requirements and obligations for Annex III high-risk systems (Chapter III Sections 1–3, Art. 6–27 except 6(5))',
    basis: 'Art. 113(c)(i)',
    relevantWhen: all(inScope, highRiskAnnexIii),
  },
  {
    id: 'high_risk_annex_i',
    date: '2028-08-02',
    what: 'The same for high-risk systems under Art. 6(1) and Annex I',
    basis: 'Art. 113(c)(ii)',
    relevantWhen: all(inScope, highRiskAnnexI),
  },
  {
    id: 'legacy_public_authority_high_risk',
    date: '2030-08-02',
    what: 'High-risk systems intended for use by public authorities and already on the market before their high-risk obligations applied comply',
    basis: 'Art. 111(2)',
    // As amended, the cut-off is the Chapter III date (2 December 2027 or 2 August 2028), so also a system placed from 2 August 2026.
    relevantWhen: all(holds('high_risk'), chosen('supply_terms', 'placed_before_2026_08_02', 'placed_before_high_risk_obligations'), chosen('establishment', 'public_authority')),
  },
];
