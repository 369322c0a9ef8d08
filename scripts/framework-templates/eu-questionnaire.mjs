// The EU AI Act scoping questions that the EU_AI_ACT template's applies_when conditions read.
// Their ids are SHARED_SCOPING_FIELDS in packages/contracts/src/framework-template.ts (checked by a test).
const q = (id, text, answer_type, options, help) => ({ id, text, ...(help ? { help } : {}), answer_type, options: options.map(([value, label]) => ({ value, label })) });

/** The questions; the Annex III use cases come from the reference data (`annex_iii_high_risk_areas`). */
export const euQuestionnaire = (annexIii) => [
  q('eu_ai_act.role', 'What is your role for this AI system or model under the EU AI Act?', 'multi', [
    ['provider', 'Provider (develops it, or has it developed, and places it on the market or puts it into service under its own name)'],
    ['deployer', 'Deployer (uses it under its authority in a professional activity)'],
    ['importer', 'Importer'],
    ['distributor', 'Distributor'],
    ['authorised_representative', 'Authorised representative of a non-EU provider'],
    ['product_manufacturer', 'Product manufacturer (Annex I product under its own name)'],
    ['gpai_provider', 'Provider of a general-purpose AI model'],
    ['third_party_supplier', 'Supplier of AI systems, tools, services, components or models to a provider'],
  ]),
  q('eu_ai_act.risk_category', 'Which EU AI Act categories does the system fall into?', 'multi', [
    ['prohibited', 'Prohibited practice (Article 5)'],
    ['high-risk', 'High-risk AI system (Article 6, Annex I or III)'],
    ['limited-risk-transparency', 'Transparency obligations (Article 50)'],
    ['gpai', 'General-purpose AI model (Chapter V)'],
    ['minimal-risk', 'None of these (minimal risk)'],
  ], 'A system can be high-risk and subject to transparency obligations at the same time.'),
  q('eu_ai_act.high_risk_basis', 'Why is the system high-risk, or considered for it?', 'multi', [
    ['annex_i_product', 'Safety component of, or itself, a product under Annex I Section A legislation needing third-party conformity assessment'],
    ['annex_i_section_b_product', 'The same for a product under Annex I Section B legislation, for example machinery (Regulation (EU) 2023/1230), vehicles or aviation'],
    ['annex_iii_use_case', 'Use case listed in Annex III'],
    ['annex_iii_exemption_claimed', 'Annex III use case, but the provider documents that it poses no significant risk (Article 6(3))'],
    ['none', 'None: not high-risk on any of these grounds'],
  ]),
  q('eu_ai_act.annex_iii_area', 'Which Annex III areas does the use case belong to?', 'multi', [
    ['biometrics', '1. Biometrics'],
    ['critical_infrastructure', '2. Critical infrastructure'],
    ['education', '3. Education and vocational training'],
    ['employment', "4. Employment, workers' management and access to self-employment"],
    ['essential_services', '5. Access to essential private and public services and benefits'],
    ['law_enforcement', '6. Law enforcement'],
    ['migration_border', '7. Migration, asylum and border control management'],
    ['justice_democracy', '8. Administration of justice and democratic processes'],
    ['none', 'None of these areas'],
  ]),
  q(
    'eu_ai_act.annex_iii_use_case',
    'Which Annex III use cases does the system serve?',
    'multi',
    [
      ...annexIii.flatMap((area) => area.subpoints.map((s) => [s.ref.replace(/[()]/g, ''), `${s.ref} ${s.summary}`])),
      // A refinement of 1(a): the real-time use of Art. 5(1)(h) and 5(2)-(4); 1(a) without it is post-remote identification (Art. 26(10)).
      ['1a_real_time', '1(a) used in real time in publicly accessible spaces for law enforcement, within the aims Art. 5(1)(h) allows'],
      ['none', 'None of these use cases'],
    ],
    'Some duties depend on the exact point: Art. 12(3) and 14(5) on 1(a), Art. 5(2)-(4) on its real-time use and Art. 26(10) on its post-remote use, Art. 27 on 5(b) and 5(c).',
  ),
  q('eu_ai_act.establishment', 'Where is the provider established?', 'single', [
    ['eu', 'In the European Union'],
    ['non_eu', 'Outside the European Union'],
  ]),
  q('eu_ai_act.model_property', 'For a general-purpose AI model: which apply?', 'multi', [
    ['systemic_risk', 'Has systemic risk (high-impact capabilities or designated by the Commission)'],
    ['systemic_risk_compute', 'Systemic risk presumed: training compute above 10^25 FLOP, met or foreseeably met (Art. 51(2), 52(1))'],
    ['systemic_risk_designated', 'Systemic risk by a designation decision of the Commission (Art. 51(1)(b), 52(4))'],
    ['open_source_public_weights', 'Released under a free and open-source licence with public weights'],
    ['none', 'None of these'],
  ]),
  q('eu_ai_act.transparency_trigger', 'Does the system do any of the following?', 'multi', [
    ['interacts_with_people', 'Interacts directly with natural persons'],
    ['generates_synthetic_content', 'Generates synthetic audio, image, video or text'],
    ['emotion_recognition_or_biometric_categorisation', 'Recognises emotions or categorises people biometrically'],
    ['deep_fake_or_public_interest_text', 'Produces deep fakes or text published to inform the public'],
    ['none', 'None of these'],
  ]),
  q('eu_ai_act.organization_context', 'Which describe the organization using or providing the system?', 'multi', [
    ['public_authority', 'Body governed by public law'],
    ['public_service_provider', 'Private entity providing public services'],
    ['law_enforcement', 'Law enforcement authority, or acting on its behalf'],
    ['migration_asylum_border', 'Authority competent for migration, asylum or border control, or acting on its behalf'],
    ['employer', 'Uses the system at the workplace as an employer'],
    ['regulated_financial_institution', 'Financial institution subject to Union financial services law'],
    ['none', 'None of these'],
  ]),
  // The transitional provisions of Art. 111 (issue 30, item 12): when the system or model reached the market.
  q(
    'eu_ai_act.transitional',
    'Which transitional situations of Article 111 apply?',
    'multi',
    [
      ['annex_x_component', 'The system is a component of a large-scale EU IT system listed in Annex X (Art. 111(1))'],
      ['placed_before_2026_08_02', 'The system was placed on the market or put into service before 2 August 2026 (Art. 111(2), 111(4))'],
      ['placed_before_high_risk_obligations', 'The high-risk system was placed on the market or put into service before its Chapter III obligations apply: 2 December 2027 for Annex III, 2 August 2028 for Annex I (Art. 111(2), 113(c))'],
      ['gpai_placed_before_2025_08_02', 'The general-purpose AI model was placed on the market before 2 August 2025 (Art. 111(3))'],
      ['none', 'None of these'],
    ],
    'A system placed before 2 August 2026 was also placed before its high-risk obligations apply.',
  ),
];
