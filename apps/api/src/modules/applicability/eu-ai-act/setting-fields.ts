import type { EuAiActSettingFieldInfo, EuAiActSettingOption } from '@aegis/contracts';
import { USE_CASE_OPTIONS } from './use-cases';

/**
 * The eight selects of the EU AI Act settings form, as data: each option says in plain words what choosing
 * it means and which article it comes from. Options of one `group` exclude each other, and `none` excludes
 * every other option of its field (conflicts.ts). The classification rules (rules.ts) read these values.
 */

const option = (value: string, label: string, explanation: string, article: string, group: string | null = null): EuAiActSettingOption => ({
  value,
  label,
  explanation,
  article,
  group,
});

const none = (explanation: string, article: string) => option('none', 'None of these', explanation, article);

const productCategory: EuAiActSettingFieldInfo = {
  key: 'product_category',
  label: 'Product category',
  help: 'What the project governs: an AI system, an AI system inside a regulated product, a general-purpose AI model, or software that is not AI in the sense of the Regulation.',
  multiple: false,
  required: true,
  options: [
    option(
      'ai_system',
      'AI system',
      'Software that works with some autonomy and infers from its input how to produce predictions, content, recommendations or decisions. Not part of a product covered by Annex I.',
      'Art. 3(1)',
    ),
    option(
      'annex_i_section_a_product',
      'AI system in an Annex I Section A product',
      'The AI system is itself a product, or a safety component of a product, covered by the EU laws of Annex I Section A (for example medical devices, toys, lifts, radio equipment) and that product needs a third-party conformity assessment. It is high-risk.',
      'Art. 6(1), Annex I Section A',
    ),
    option(
      'annex_i_section_b_product',
      'AI system in an Annex I Section B product',
      'The same for a product covered by Annex I Section B (for example machinery under Regulation (EU) 2023/1230, motor vehicles, aviation, marine equipment, rail). Since the 2026 amendment, only Art. 6(1), 60a and 102–112 of the AI Act apply to these; the sectoral law carries the requirements.',
      'Art. 2(2) and 6(1) as amended, Annex I Section B',
    ),
    option(
      'gpai_model',
      'General-purpose AI model',
      'A model trained on large amounts of data that can competently perform a wide range of distinct tasks and can be integrated into many systems, offered on its own (for example through an API or as downloadable weights).',
      'Art. 3(63)',
    ),
    option(
      'gpai_model_and_system',
      'General-purpose AI model and an AI system built on it',
      'You provide a general-purpose AI model and also an AI system that uses it (for example an assistant on your own model): the model duties and the system duties both apply.',
      'Art. 3(63), 3(66)',
    ),
    option(
      'not_ai_system',
      'Not an AI system',
      'The software follows rules defined solely by people and does not infer how to produce its output (for example a fixed calculation or a rules engine). The AI Act does not apply.',
      'Art. 3(1)',
    ),
  ],
};

const role: EuAiActSettingFieldInfo = {
  key: 'role',
  label: 'Your role',
  help: 'What your organization does with the system or model. Several can hold, for example when you build a system and also use it yourself.',
  multiple: true,
  required: true,
  options: [
    option(
      'provider',
      'Provider',
      'You develop the system or model, or have it developed, and place it on the market or put it into service under your own name or trademark, for payment or free of charge.',
      'Art. 3(3)',
    ),
    option('deployer', 'Deployer', 'You use the system under your authority in a professional activity.', 'Art. 3(4)'),
    option('importer', 'Importer', 'You are located or established in the EU and place on the EU market a system that carries the name or trademark of someone established outside the EU.', 'Art. 3(6)'),
    option('distributor', 'Distributor', 'You make a system available on the EU market as part of the supply chain, and you are neither its provider nor its importer.', 'Art. 3(7)'),
    option(
      'authorised_representative',
      'Authorised representative',
      'You are located or established in the EU and hold a written mandate from a provider outside the EU to carry out its obligations on its behalf.',
      'Art. 3(5)',
    ),
    option(
      'product_manufacturer',
      'Product manufacturer',
      'You place on the market or put into service, under your own name, a product covered by Annex I that includes the AI system.',
      'Art. 2(1)(e), 25(3)',
    ),
    option(
      'third_party_supplier',
      'Supplier to a provider',
      'You supply tools, services, components or processes that a provider integrates into a high-risk AI system, and agree in writing on the information and help the provider needs.',
      'Art. 25(4)',
    ),
  ],
};

const useCase: EuAiActSettingFieldInfo = {
  key: 'use_case',
  label: 'Use case',
  help: 'What the system is used for, as the Regulation lists it: a prohibited practice of Art. 5, a high-risk use of Annex III, or none of these.',
  multiple: true,
  required: true,
  options: [...USE_CASE_OPTIONS],
};

const establishment: EuAiActSettingFieldInfo = {
  key: 'establishment',
  label: 'Establishment',
  help: 'Where your organization is established and, for non-EU organizations, whether the system reaches the EU; add what describes your organization where it changes the duties.',
  multiple: true,
  required: true,
  options: [
    option('eu', 'Established in the EU', 'Your organization is established or located in the European Union.', 'Art. 2(1)(a)–(b)', 'location'),
    option(
      'non_eu_reaching_eu',
      'Outside the EU, placed on the EU market or output used in the EU',
      'Your organization is established outside the EU, and the system or model is placed on the market or put into service in the EU, or its output is used in the EU. The AI Act applies.',
      'Art. 2(1)(a), (c)',
      'location',
    ),
    option(
      'non_eu_not_reaching_eu',
      'Outside the EU, with no EU market and no output used in the EU',
      'Your organization is established outside the EU, and the system neither reaches the EU market nor produces output used in the EU. The AI Act does not apply.',
      'Art. 2(1)',
      'location',
    ),
    option(
      'public_authority',
      'Public authority or body governed by public law',
      'As a deployer of a high-risk system you assess its impact on fundamental rights before use and register the use.',
      'Art. 26(8), 27(1), 49(3)',
    ),
    option(
      'public_service_provider',
      'Private entity providing public services',
      'For example in education, health care, social services or housing: as a deployer of a high-risk system you assess its impact on fundamental rights before use.',
      'Art. 27(1)',
    ),
    option(
      'law_enforcement',
      'Law enforcement authority, or acting on its behalf',
      'Specific conditions apply to the use of biometric identification.',
      'Art. 5(2)–(4), 26(10)',
    ),
    option(
      'migration_asylum_border',
      'Migration, asylum or border control authority, or acting on its behalf',
      'A biometric system you use for migration, asylum or border control is registered in the secure, non-public section of the EU database.',
      'Art. 49(4)',
    ),
    option('employer', 'Employer using the system at the workplace', 'Before using a high-risk system at work you inform the workers affected and their representatives.', 'Art. 26(7)'),
    option(
      'regulated_financial_institution',
      'Financial institution under EU financial services law',
      'A bank, insurer or investment firm: some quality-management, documentation, logging and monitoring duties are met through the financial services rules.',
      'Art. 17(4), 18(3), 19(2), 26(5), 72(4)',
    ),
  ],
};

const modelProperty: EuAiActSettingFieldInfo = {
  key: 'model_property',
  label: 'Model property',
  help: 'For a general-purpose AI model: whether it has systemic risk, whether it is openly released, and when it reached the market.',
  multiple: true,
  required: false,
  options: [
    option(
      'systemic_risk_compute',
      'Trained with more than 10^25 floating-point operations, or foreseeably will be',
      'The cumulative compute used to train the model exceeds 10^25 FLOP, or it is known that it will: it is presumed to have high-impact capabilities and systemic risk, and you notify the Commission within two weeks.',
      'Art. 51(1)(a), 51(2), 52(1)',
    ),
    option(
      'systemic_risk_designated',
      'Designated as having systemic risk by the Commission',
      'The Commission decided, on its own or after a scientific panel alert, that the model has capabilities or impact equivalent to high-impact capabilities.',
      'Art. 51(1)(b), 52',
    ),
    option(
      'open_source_public_weights',
      'Free and open-source licence with public weights',
      'The model is released under a free and open-source licence that allows access, use, change and distribution, and its parameters, weights, architecture and usage information are public. Some documentation duties and the authorised representative do not apply, unless the model has systemic risk.',
      'Art. 53(2), 54(6)',
    ),
    option(
      'placed_before_2025_08_02',
      'On the market before 2 August 2025',
      'The model was placed on the market before the model obligations began; it must comply by 2 August 2027.',
      'Art. 111(3)',
    ),
    none('The model has no systemic risk, is not openly released and came to the market after 1 August 2025.', 'Art. 51, 53(2)'),
  ],
};

const projectRequirements: EuAiActSettingFieldInfo = {
  key: 'project_requirements',
  label: 'What the system does',
  help: 'The behaviours that bring transparency duties (Art. 50), and profiling, which keeps an Annex III system high-risk.',
  multiple: true,
  required: true,
  options: [
    option('interacts_with_people', 'Interacts directly with people', 'For example a chatbot or voice assistant: people must be told they are dealing with an AI system, unless it is obvious.', 'Art. 50(1)'),
    option(
      'generates_synthetic_content',
      'Generates synthetic audio, images, video or text',
      'The output is marked in a machine-readable way and detectable as artificially generated or manipulated.',
      'Art. 50(2)',
    ),
    option('emotion_recognition', 'Recognises emotions', 'People exposed to the system are informed of it. Emotion recognition is also listed as high-risk in Annex III point 1(c).', 'Art. 50(3)'),
    option(
      'biometric_categorisation',
      'Categorises people by biometric data',
      'People exposed to the system are informed of it. Categorising by sensitive or protected attributes is high-risk (Annex III 1(b)), and by race, opinions, religion or sex life prohibited (Art. 5(1)(g)).',
      'Art. 50(3)',
    ),
    option('deep_fake', 'Produces deep fakes', 'Image, audio or video that resembles real people, objects, places or events and would falsely appear authentic: the deployer discloses that it was generated or manipulated.', 'Art. 50(4)'),
    option(
      'public_interest_text',
      'Publishes text to inform the public',
      'Generated or manipulated text published to inform the public on matters of public interest: the deployer discloses it, unless a person reviewed it and holds editorial responsibility.',
      'Art. 50(4)',
    ),
    option(
      'profiles_natural_persons',
      'Profiles natural persons',
      'The system evaluates personal aspects of people (work performance, economic situation, health, preferences, behaviour, location…) from their personal data. An Annex III system that profiles people is always high-risk.',
      'Art. 6(3), last subparagraph',
    ),
    none('The system does none of these.', 'Art. 50, Art. 6(3)'),
  ],
};

const criticalIssues: EuAiActSettingFieldInfo = {
  key: 'critical_issues',
  label: 'Exemptions and exclusions',
  help: 'Conditions under which an Annex III system is not high-risk (Art. 6(3)), and the cases the Regulation excludes from its scope (Art. 2).',
  multiple: true,
  required: true,
  options: [
    option('derogation_narrow_procedural_task', 'Performs a narrow procedural task', 'For example turning unstructured data into structured data, or sorting documents into categories.', 'Art. 6(3)(a)'),
    option('derogation_improves_human_result', 'Improves the result of a human activity already completed', 'It only adds a layer on top of work a person has done, for example polishing the language of a document.', 'Art. 6(3)(b)'),
    option(
      'derogation_detects_decision_patterns',
      'Detects decision patterns or deviations without replacing human assessment',
      'It flags departures from earlier decision patterns for a person to review, and does not replace or influence the assessment without proper human review.',
      'Art. 6(3)(c)',
    ),
    option('derogation_preparatory_task', 'Performs a preparatory task to an Annex III assessment', 'For example indexing, searching or translating files used later in the assessment.', 'Art. 6(3)(d)'),
    option(
      'excluded_military_defence_security',
      'Exclusively for military, defence or national security',
      'The system is placed on the market, put into service or used only for these purposes. The AI Act does not apply.',
      'Art. 2(3)',
    ),
    option(
      'excluded_third_country_cooperation',
      'Third-country authority in international law enforcement cooperation',
      'A public authority of a non-EU country or an international organisation uses the system under an international agreement on law enforcement or judicial cooperation with the EU, with adequate safeguards. The AI Act does not apply.',
      'Art. 2(4)',
    ),
    option(
      'excluded_scientific_research',
      'Developed and used only for scientific research',
      'The system or model, and its output, is specifically developed and put into service for the sole purpose of scientific research and development. The AI Act does not apply.',
      'Art. 2(6)',
    ),
    option(
      'excluded_pre_market_research',
      'Research, testing or development before placing on the market',
      'The work happens before the system is placed on the market or put into service. The AI Act does not apply yet; testing in real-world conditions is not covered by this exclusion.',
      'Art. 2(8)',
    ),
    option(
      'excluded_personal_use',
      'Used by a natural person for a purely personal, non-professional activity',
      'The deployer duties do not apply to people using AI privately.',
      'Art. 2(10)',
    ),
    none('None of the derogation conditions or exclusions hold.', 'Art. 2, Art. 6(3)'),
  ],
};

const supplyTerms: EuAiActSettingFieldInfo = {
  key: 'supply_terms',
  label: 'Supply terms',
  help: 'How the system reaches its users, and changes you make to a system someone else provided (Art. 25), which can make you its provider.',
  multiple: true,
  required: true,
  options: [
    option('placed_on_market', 'Placed on the market or supplied to others under your name', 'You make it available to others in the EU, for payment or free of charge, under your name or trademark.', 'Art. 3(9)–(10)'),
    option(
      'own_use_only',
      'Put into service for your own use only',
      'You use it within your organization; if you also developed it, you are both its provider and its deployer.',
      'Art. 3(11)',
    ),
    option(
      'free_open_source_licence',
      'Released under a free and open-source licence',
      'An AI system released this way is outside the AI Act, unless it is high-risk, a prohibited practice or subject to Art. 50.',
      'Art. 2(12)',
    ),
    option(
      'rebranded_high_risk',
      'Your name or trademark on a high-risk system someone else placed on the market',
      'You become its provider, with all the provider duties.',
      'Art. 25(1)(a)',
    ),
    option(
      'substantially_modified_high_risk',
      'Substantial modification of a high-risk system',
      'You change a high-risk system already on the market in a way its provider did not foresee, and it stays high-risk: you become its provider.',
      'Art. 25(1)(b)',
    ),
    option(
      'repurposed_into_high_risk',
      'Changed the intended purpose so that the system becomes high-risk',
      'You use or offer a system that was not high-risk (a general-purpose AI system included) for a purpose that makes it high-risk: you become its provider.',
      'Art. 25(1)(c)',
    ),
    option(
      'placed_before_2026_08_02',
      'On the market or in service before 2 August 2026',
      'Older systems get transitional dates: high-risk duties only after a significant change in design (public authorities by 2 August 2030), and Art. 50(2) marking by 2 December 2026.',
      'Art. 111(2), 111(4)',
      'placed_before',
    ),
    option(
      'placed_before_high_risk_obligations',
      'High-risk system on the market or in service from 2 August 2026, before its high-risk obligations apply',
      'Placed on the market or put into service before 2 December 2027 (Annex III) or 2 August 2028 (Annex I), when its Chapter III obligations start: high-risk duties only after a significant change in design (public authorities by 2 August 2030). The Art. 50(2) grace period of Art. 111(4) does not cover it.',
      'Art. 111(2), 113(c) as amended',
      'placed_before',
    ),
    option(
      'annex_x_large_scale_it_component',
      'A component of a large-scale EU IT system listed in Annex X',
      'The system is part of the Schengen Information System, the Visa Information System, Eurodac, the Entry/Exit System, ETIAS, ECRIS-TCN or their interoperability framework. If placed on the market or put into service before 2 August 2027 it complies by 31 December 2030, and the Regulation is taken into account when those systems are evaluated.',
      'Art. 111(1), Annex X',
    ),
    none('None of these apply.', 'Art. 3, Art. 25'),
  ],
};

/** The fields in the form's order (EU_AI_ACT_SETTING_FIELDS). */
export const EU_AI_ACT_SETTING_FIELD_INFO: EuAiActSettingFieldInfo[] = [
  productCategory,
  role,
  useCase,
  establishment,
  modelProperty,
  projectRequirements,
  criticalIssues,
  supplyTerms,
];
