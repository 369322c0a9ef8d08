/**
 * The EU AI Act's scoping answers as a sentence about this operator and this system (issue 30, item 16):
 * "you are the deployer of an Annex III point 4(a) system; your organization is a body governed by public
 * law", instead of one "the … is …" clause per question. The words are ours; what they say is exactly the
 * answers that make the requirement's conditions hold. A field these words do not know is left to the
 * generic phrasing of `reasons.ts`.
 */

/** A condition of the chain that holds, with the project's answers that make it hold. */
export interface HeldAnswer {
  field: string;
  values: string[];
}

const ROLE_NOUNS: Record<string, string> = {
  provider: 'the provider',
  deployer: 'the deployer',
  importer: 'the importer',
  distributor: 'the distributor',
  authorised_representative: 'the authorised representative',
  product_manufacturer: 'the product manufacturer',
  gpai_provider: 'the provider',
  third_party_supplier: 'a supplier to the provider',
};

const BASIS_NOUNS: Record<string, string> = {
  annex_i_product: 'a high-risk system under Annex I Section A',
  annex_i_section_b_product: 'a high-risk system under Annex I Section B',
  annex_iii_use_case: 'an Annex III high-risk system',
  annex_iii_exemption_claimed: 'an Annex III system claimed not to be high-risk (Art. 6(3))',
};

const CATEGORY_NOUNS: Record<string, string> = {
  prohibited: 'a prohibited practice',
  'high-risk': 'a high-risk AI system',
  'limited-risk-transparency': 'an AI system with transparency duties',
  gpai: 'a general-purpose AI model',
  'minimal-risk': 'a minimal-risk AI system',
};

const ORGANIZATION_WORDS: Record<string, string> = {
  public_authority: 'a body governed by public law',
  public_service_provider: 'a private entity providing public services',
  law_enforcement: 'a law enforcement authority (or acts on its behalf)',
  migration_asylum_border: 'a migration, asylum or border control authority (or acts on its behalf)',
  employer: 'an employer using the system at the workplace',
  regulated_financial_institution: 'a financial institution under Union financial services law',
};

const TRIGGER_WORDS: Record<string, string> = {
  interacts_with_people: 'interacts directly with people',
  generates_synthetic_content: 'generates synthetic audio, image, video or text',
  emotion_recognition_or_biometric_categorisation: 'recognises emotions or categorises people biometrically',
  deep_fake_or_public_interest_text: 'produces deep fakes or text published to inform the public',
};

const MODEL_WORDS: Record<string, string> = {
  systemic_risk: 'has systemic risk',
  systemic_risk_compute: 'was trained with more than 10^25 FLOP (or foreseeably will be)',
  systemic_risk_designated: 'was designated by the Commission as having systemic risk',
  open_source_public_weights: 'is released under a free and open-source licence with public weights',
};

const TRANSITIONAL_WORDS: Record<string, string> = {
  annex_x_component: 'a component of a large-scale IT system listed in Annex X',
  placed_before_2026_08_02: 'a system placed on the market or put into service before 2 August 2026',
  placed_before_high_risk_obligations: 'a high-risk system placed on the market or put into service before its Chapter III obligations apply (2 December 2027 for Annex III, 2 August 2028 for Annex I)',
  gpai_placed_before_2025_08_02: 'a general-purpose AI model placed on the market before 2 August 2025',
};

const ESTABLISHMENT_WORDS: Record<string, string> = { eu: 'in the EU', non_eu: 'outside the EU' };

/** "4a" → "4(a)"; "1a_real_time" → "1(a) in real time". */
const pointOf = (value: string) => value.replace(/^(\d+)([a-z])(_real_time)?$/, (_, n: string, p: string, rt?: string) => `${n}(${p})${rt ? ' in real time' : ''}`);

const and = (parts: string[]) => (parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`);
const known = (words: Record<string, string>, values: string[]) => values.length > 0 && values.every((v) => v in words);

const ANNEX_III_BASES = ['annex_iii_use_case', 'annex_iii_exemption_claimed'];

/**
 * The system, from the most specific answer that holds: the Annex III point, its area, the basis, the
 * category. A basis or category that holds is told as precisely as the project's answers allow: an Annex III
 * basis by the points the project chose ("an Annex III point 4(a) system"), the high-risk category by its basis.
 */
function systemNoun(get: (field: string) => string[] | undefined, answered: (field: string) => string[], areaLabel: (v: string) => string): string | null {
  const points = get('eu_ai_act.annex_iii_use_case');
  if (points?.length) return `an Annex III point ${and(points.map(pointOf))} system`;
  const areas = get('eu_ai_act.annex_iii_area');
  if (areas?.length) return `an Annex III system in area ${and(areas.map(areaLabel))}`;
  const chosenPoints = answered('eu_ai_act.annex_iii_use_case').filter((v) => v !== 'none');
  const categories = get('eu_ai_act.risk_category');
  const basis = get('eu_ai_act.high_risk_basis') ?? (categories?.includes('high-risk') ? answered('eu_ai_act.high_risk_basis').filter((b) => b in BASIS_NOUNS) : undefined);
  if (basis?.length && known(BASIS_NOUNS, basis)) {
    const nouns = basis.map((b) => (b === 'annex_iii_use_case' && chosenPoints.length ? `an Annex III point ${and(chosenPoints.map(pointOf))} system` : BASIS_NOUNS[b]!));
    // Claimed not high-risk and listed: one Annex III noun is enough.
    return and([...new Set(basis.some((b) => b === 'annex_iii_use_case') ? nouns.filter((_, i) => !ANNEX_III_BASES.includes(basis[i]!) || basis[i] === 'annex_iii_use_case') : nouns)]);
  }
  if (categories && known(CATEGORY_NOUNS, categories)) return and(categories.map((c) => CATEGORY_NOUNS[c]!));
  return null;
}

const SYSTEM_FIELDS = ['eu_ai_act.annex_iii_use_case', 'eu_ai_act.annex_iii_area', 'eu_ai_act.high_risk_basis', 'eu_ai_act.risk_category'];

/**
 * The clauses these answers make, and the answers left for the generic phrasing. Null when no EU AI Act
 * answer of the ones worded here holds.
 */
export function euAiActClauses(held: readonly HeldAnswer[], answered: (field: string) => string[], areaLabel: (value: string) => string): { clauses: string[]; rest: HeldAnswer[] } | null {
  const byField = new Map(held.map((h) => [h.field, h.values]));
  const get = (field: string) => byField.get(field);
  const used = new Set<string>();
  const clauses: string[] = [];

  const roles = get('eu_ai_act.role');
  const system = systemNoun(get, answered, areaLabel);
  if (system) for (const f of SYSTEM_FIELDS) if (byField.has(f)) used.add(f);
  const model = get('eu_ai_act.model_property');
  const systemic = model?.some((v) => v.startsWith('systemic_risk'));
  if (roles && known(ROLE_NOUNS, roles)) {
    used.add('eu_ai_act.role');
    const gpai = roles.includes('gpai_provider');
    const what = system ?? (gpai ? `a general-purpose AI model${systemic ? ' with systemic risk' : ''}` : 'this AI system');
    clauses.push(`you are ${and([...new Set(roles.map((r) => ROLE_NOUNS[r]!))])} of ${what}`);
  } else if (system) {
    clauses.push(`this is ${system}`);
  }
  const organization = get('eu_ai_act.organization_context');
  if (organization && known(ORGANIZATION_WORDS, organization)) {
    used.add('eu_ai_act.organization_context');
    clauses.push(`your organization is ${and(organization.map((o) => ORGANIZATION_WORDS[o]!))}`);
  }
  const triggers = get('eu_ai_act.transparency_trigger');
  if (triggers && known(TRIGGER_WORDS, triggers)) {
    used.add('eu_ai_act.transparency_trigger');
    clauses.push(`the system ${and(triggers.map((t) => TRIGGER_WORDS[t]!))}`);
  }
  if (model) {
    // "with systemic risk" is said already when the role clause names the model.
    const told = clauses.some((c) => c.includes('with systemic risk'));
    const rest = model.filter((m) => !(told && m === 'systemic_risk'));
    if (rest.every((m) => m in MODEL_WORDS)) {
      used.add('eu_ai_act.model_property');
      if (rest.length) clauses.push(`the model ${and(rest.map((m) => MODEL_WORDS[m]!))}`);
    }
  }
  if (clauses.length === 0) return null;
  return { clauses, rest: held.filter((h) => !used.has(h.field)) };
}

/** A list of values in this module's words, or null when one of them has none. */
function wordsFor(field: string, values: string[], areaLabel: (v: string) => string): string | null {
  if (values.length === 0) return null;
  switch (field) {
    case 'eu_ai_act.role':
      return known(ROLE_NOUNS, values) ? and([...new Set(values.map((r) => (r === 'gpai_provider' ? 'the provider of a general-purpose AI model' : ROLE_NOUNS[r]!)))]) : null;
    case 'eu_ai_act.annex_iii_use_case':
      return values.every((v) => v !== 'none') ? `an Annex III point ${and(values.map(pointOf))} system` : null;
    case 'eu_ai_act.annex_iii_area':
      return values.every((v) => v !== 'none') ? `an Annex III system in area ${and(values.map(areaLabel))}` : null;
    case 'eu_ai_act.high_risk_basis':
      return known(BASIS_NOUNS, values) ? and(values.map((b) => BASIS_NOUNS[b]!)) : null;
    case 'eu_ai_act.risk_category':
      return known(CATEGORY_NOUNS, values) ? and(values.map((c) => CATEGORY_NOUNS[c]!)) : null;
    case 'eu_ai_act.organization_context':
      return known(ORGANIZATION_WORDS, values) ? and(values.map((o) => ORGANIZATION_WORDS[o]!)) : null;
    case 'eu_ai_act.transparency_trigger':
      return known(TRIGGER_WORDS, values) ? and(values.map((t) => TRIGGER_WORDS[t]!)) : null;
    case 'eu_ai_act.model_property':
      return known(MODEL_WORDS, values) ? and(values.map((m) => MODEL_WORDS[m]!)) : null;
    case 'eu_ai_act.transitional':
      return known(TRANSITIONAL_WORDS, values) ? and(values.map((t) => TRANSITIONAL_WORDS[t]!)) : null;
    case 'eu_ai_act.establishment':
      return known(ESTABLISHMENT_WORDS, values) ? and(values.map((e) => ESTABLISHMENT_WORDS[e]!)) : null;
    default:
      return null;
  }
}
const or = (parts: string[]) => (parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} or ${parts.at(-1)}`);

/**
 * Why a requirement does not apply, when the condition that fails is one EU AI Act question these words
 * know: what it binds, and what this project is. "it binds the importer; you are the deployer". Null for
 * any other condition (the generic wording then says it).
 */
export function euAiActExcludedClause(field: string, wanted: string[], given: string[], negated: boolean, areaLabel: (value: string) => string): string | null {
  const want = wanted.map((v) => wordsFor(field, [v], areaLabel));
  if (want.some((w) => w === null)) return null;
  const answer = given.filter((v) => v !== 'none');
  const have = answer.length ? wordsFor(field, answer, areaLabel) : null;
  if (answer.length && have === null) return null;
  const wantText = or(want as string[]);
  switch (field) {
    case 'eu_ai_act.role': {
      if (negated || !have) return null;
      // A system's provider is not a model's provider: say which one this is.
      const yours = wanted.includes('gpai_provider') && answer.includes('provider') ? have.replace(/the provider(?! of)/, 'the provider of an AI system') : have;
      return `it binds ${wantText}; you are ${yours}`;
    }
    case 'eu_ai_act.model_property':
      return `it applies ${negated ? 'unless' : 'when'} the model ${wantText}; this model ${have ?? 'has none of these properties'}`;
    case 'eu_ai_act.establishment':
      return `it applies ${negated ? 'unless' : 'when'} the provider is established ${wantText}; yours is established ${have ?? 'nowhere answered yet'}`;
    case 'eu_ai_act.organization_context':
      return `it applies ${negated ? 'unless' : 'when'} your organization is ${wantText}; your organization is ${have ?? 'none of these kinds'}`;
    case 'eu_ai_act.transparency_trigger':
      return negated ? null : `it applies when the system ${wantText}; the system ${have ?? 'does none of the things Art. 50 names'}`;
    default:
      return `it applies ${negated ? 'except' : 'only'} to ${wantText}; ${have ? `this is ${have}` : (NONE_WORDS[field] ?? 'this project answered none of these')}`;
  }
}

const NONE_WORDS: Record<string, string> = {
  'eu_ai_act.high_risk_basis': 'this system is high-risk on none of these grounds',
  'eu_ai_act.annex_iii_use_case': 'this system serves no Annex III use case',
  'eu_ai_act.annex_iii_area': 'this system is in no Annex III area',
  'eu_ai_act.transitional': 'the answers name no transitional situation of Art. 111 for this system',
};
