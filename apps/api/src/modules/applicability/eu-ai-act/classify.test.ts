import { EU_AI_ACT_SETTING_FIELDS, type AppliesWhen, type EuAiActSettingsInput, type TemplateRequirement } from '@aegis/contracts';
import { describe, expect, it } from 'vitest';
import euAiActTemplate from '../../frameworks/content/EU_AI_ACT.json' with { type: 'json' };
import { isApplicable } from '../../frameworks/applies-when';
import { APPLICATION_DATES, CLASSIFICATION_RULES, CONFLICTS, EU_AI_ACT_SETTING_FIELD_INFO, classifyEuAiAct, validateEuAiActSettings } from './index';

const TODAY = new Date('2026-09-15T10:00:00Z');

/** A provider in the EU placing an ordinary AI system on the market; each case changes what it must. */
const BASE: EuAiActSettingsInput = {
  product_category: 'ai_system',
  role: ['provider'],
  use_case: ['none'],
  establishment: ['eu'],
  model_property: null,
  project_requirements: ['none'],
  critical_issues: ['none'],
  supply_terms: ['placed_on_market'],
};

function classify(change: EuAiActSettingsInput) {
  const validation = validateEuAiActSettings({ ...BASE, ...change });
  if (!validation.ok) throw new Error(JSON.stringify(validation.problems));
  return classifyEuAiAct(validation.settings, TODAY);
}

const HIGH_RISK_PROVIDER = ['Art. 8', 'Art. 9', 'Art. 10', 'Art. 11', 'Art. 12', 'Art. 13', 'Art. 14', 'Art. 15', 'Art. 16', 'Art. 17', 'Art. 43', 'Art. 47', 'Art. 48', 'Art. 49', 'Art. 72'];

interface Case {
  name: string;
  settings: EuAiActSettingsInput;
  categories: string[];
  roles: string[];
  basis?: string[];
  articles: { include: string[]; exclude: string[] };
  reasons?: string[];
}

// Written from the Regulation (as amended by Regulation (EU) 2026/1744).
const CASES: Case[] = [
  {
    name: 'CV screening tool deployed by an employer: high-risk (Annex III 4(a)), deployer duties, no FRIA',
    settings: { role: ['deployer'], use_case: ['annex_iii_4a'], establishment: ['eu', 'employer'], project_requirements: ['profiles_natural_persons'], supply_terms: ['none'] },
    categories: ['high_risk'],
    roles: ['deployer'],
    basis: ['annex_iii'],
    articles: { include: ['Art. 4', 'Art. 5', 'Art. 26'], exclude: ['Art. 9', 'Art. 16', 'Art. 27', 'Art. 50', 'Art. 53'] },
    reasons: ['annex_iii_4a', 'role_deployer', 'employer_informs_workers'],
  },
  {
    name: 'the same tool deployed by a public authority: FRIA (Art. 27) and registration of the use (Art. 49(3))',
    settings: { role: ['deployer'], use_case: ['annex_iii_4a'], establishment: ['eu', 'public_authority', 'employer'], project_requirements: ['profiles_natural_persons'], supply_terms: ['none'] },
    categories: ['high_risk'],
    roles: ['deployer'],
    articles: { include: ['Art. 26', 'Art. 27', 'Art. 49'], exclude: ['Art. 16'] },
    reasons: ['fundamental_rights_impact_assessment_public_body'],
  },
  {
    name: 'credit scoring deployed by a bank: FRIA for Annex III 5(b) whoever deploys it',
    settings: { role: ['deployer'], use_case: ['annex_iii_5b'], establishment: ['eu', 'regulated_financial_institution'], project_requirements: ['profiles_natural_persons'], supply_terms: ['none'] },
    categories: ['high_risk'],
    roles: ['deployer'],
    articles: { include: ['Art. 26', 'Art. 27'], exclude: ['Art. 16'] },
  },
  {
    name: 'customer-service chatbot built and used in house: transparency (Art. 50(1)) and nothing else',
    settings: { project_requirements: ['interacts_with_people'], supply_terms: ['own_use_only'] },
    categories: ['transparency'],
    roles: ['provider', 'deployer'],
    articles: { include: ['Art. 4', 'Art. 50'], exclude: ['Art. 6', 'Art. 9', 'Art. 26', 'Art. 49', 'Art. 53'] },
    reasons: ['art50_interacts_with_people', 'in_house_provider_is_deployer'],
  },
  {
    name: 'credit-scoring model put on the market by its developer: high-risk (Annex III 5(b)), provider duties',
    settings: { use_case: ['annex_iii_5b'], project_requirements: ['profiles_natural_persons'] },
    categories: ['high_risk'],
    roles: ['provider'],
    basis: ['annex_iii'],
    articles: { include: ['Art. 6', ...HIGH_RISK_PROVIDER], exclude: ['Art. 22', 'Art. 26', 'Art. 27', 'Art. 50'] },
  },
  {
    name: 'internal R&D prototype used only for scientific research: out of scope (Art. 2(6))',
    settings: { critical_issues: ['excluded_scientific_research'], supply_terms: ['own_use_only'] },
    categories: ['out_of_scope'],
    roles: [],
    articles: { include: [], exclude: ['Art. 4', 'Art. 5'] },
    reasons: ['scientific_research'],
  },
  {
    name: 'general-purpose model trained with more than 10^25 FLOP: a GPAI model, with systemic risk',
    settings: { product_category: 'gpai_model', model_property: ['systemic_risk_compute'] },
    categories: ['gpai', 'gpai_systemic_risk'],
    roles: ['gpai_provider'],
    articles: { include: ['Art. 51', 'Art. 52', 'Art. 53', 'Art. 55'], exclude: ['Art. 4', 'Art. 16', 'Art. 50', 'Art. 54'] },
  },
  {
    name: 'open-weights general-purpose model of a non-EU provider: GPAI, exempt from the representative',
    settings: { product_category: 'gpai_model', model_property: ['open_source_public_weights'], establishment: ['non_eu_reaching_eu'] },
    categories: ['gpai'],
    roles: ['gpai_provider'],
    articles: { include: ['Art. 53'], exclude: ['Art. 55'] },
    reasons: ['gpai_model', 'gpai_open_source_exemption', 'role_gpai_provider'],
  },
  {
    name: 'Annex III use with the Art. 6(3) derogation and no profiling: not high-risk, but documented and registered',
    settings: { use_case: ['annex_iii_4a'], critical_issues: ['derogation_narrow_procedural_task'] },
    categories: ['minimal_risk'],
    roles: ['provider'],
    basis: ['annex_iii_derogation'],
    articles: { include: ['Art. 6', 'Art. 49'], exclude: ['Art. 9', 'Art. 16', 'Art. 43'] },
    reasons: ['annex_iii_derogation'],
  },
  {
    name: 'the same system profiling people: the derogation cannot be relied on, high-risk',
    settings: { use_case: ['annex_iii_4a'], critical_issues: ['derogation_narrow_procedural_task'], project_requirements: ['profiles_natural_persons'] },
    categories: ['high_risk'],
    roles: ['provider'],
    basis: ['annex_iii'],
    articles: { include: HIGH_RISK_PROVIDER, exclude: [] },
    reasons: ['annex_iii_4a', 'profiling_keeps_high_risk'],
  },
  {
    name: 'distributor putting its own brand on a high-risk exam-grading system: becomes its provider (Art. 25(1)(a))',
    settings: { role: ['distributor'], use_case: ['annex_iii_3b'], supply_terms: ['rebranded_high_risk'] },
    categories: ['high_risk'],
    roles: ['provider', 'distributor'],
    articles: { include: ['Art. 16', 'Art. 25'], exclude: ['Art. 26'] },
    reasons: ['art25_rebranded'],
  },
  {
    name: 'social-scoring system: prohibited (Art. 5(1)(c))',
    settings: { use_case: ['prohibited_social_scoring'] },
    categories: ['prohibited'],
    roles: ['provider'],
    articles: { include: ['Art. 5'], exclude: ['Art. 9', 'Art. 50'] },
    reasons: ['prohibited_c'],
  },
  {
    name: 'non-EU provider of an admissions system used in the EU: in scope, authorised representative (Art. 22)',
    settings: { use_case: ['annex_iii_3a'], establishment: ['non_eu_reaching_eu'] },
    categories: ['high_risk'],
    roles: ['provider'],
    articles: { include: ['Art. 16', 'Art. 22'], exclude: [] },
    reasons: ['non_eu_provider_representative'],
  },
  {
    name: 'safety component of a machine (Annex I Section B): high-risk under Art. 6(1), but only Art. 6(1), 60a and 102–112',
    settings: { product_category: 'annex_i_section_b_product', role: ['provider', 'product_manufacturer'] },
    categories: ['high_risk'],
    roles: ['provider', 'product_manufacturer'],
    basis: ['annex_i_section_b'],
    articles: { include: ['Art. 6'], exclude: ['Art. 8', 'Art. 9', 'Art. 16', 'Art. 43', 'Art. 49'] },
  },
  {
    name: 'AI in a medical device (Annex I Section A): high-risk provider duties',
    settings: { product_category: 'annex_i_section_a_product' },
    categories: ['high_risk'],
    roles: ['provider'],
    basis: ['annex_i_section_a'],
    articles: { include: ['Art. 6', 'Art. 8', 'Art. 9', 'Art. 16', 'Art. 43'], exclude: ['Art. 60'] },
  },
  {
    name: 'open-source AI system with no high risk, prohibition or Art. 50 duty: out of scope (Art. 2(12))',
    settings: { supply_terms: ['free_open_source_licence'] },
    categories: ['out_of_scope'],
    roles: [],
    articles: { include: [], exclude: ['Art. 4'] },
    reasons: ['free_open_source_system'],
  },
  {
    name: 'an open-source chatbot stays in scope for Art. 50',
    settings: { supply_terms: ['free_open_source_licence'], project_requirements: ['interacts_with_people'] },
    categories: ['transparency'],
    roles: ['provider'],
    articles: { include: ['Art. 50'], exclude: [] },
  },
  {
    name: 'a drone targeting system used only for defence: out of scope (Art. 2(3))',
    settings: { critical_issues: ['excluded_military_defence_security'] },
    categories: ['out_of_scope'],
    roles: [],
    articles: { include: [], exclude: ['Art. 5'] },
    reasons: ['military_defence_security'],
  },
  {
    name: 'a person using a photo-tagging assistant privately: out of scope for a deployer only (Art. 2(10))',
    settings: { role: ['deployer'], critical_issues: ['excluded_personal_use'], supply_terms: ['none'] },
    categories: ['out_of_scope'],
    roles: [],
    articles: { include: [], exclude: ['Art. 4'] },
    reasons: ['personal_use'],
  },
  {
    name: 'a non-EU provider whose system never reaches the EU: out of scope (Art. 2(1))',
    settings: { use_case: ['annex_iii_4a'], establishment: ['non_eu_not_reaching_eu'] },
    categories: ['out_of_scope'],
    roles: [],
    articles: { include: [], exclude: ['Art. 16'] },
    reasons: ['no_link_to_the_eu'],
  },
  {
    name: 'a spreadsheet of fixed rules: not an AI system (Art. 3(1))',
    settings: { product_category: 'not_ai_system' },
    categories: ['out_of_scope'],
    roles: [],
    articles: { include: [], exclude: ['Art. 4'] },
  },
  {
    name: 'an assistant on the provider’s own model: GPAI, transparency and the system duties stack',
    settings: { product_category: 'gpai_model_and_system', model_property: ['none'], project_requirements: ['interacts_with_people', 'generates_synthetic_content'] },
    categories: ['transparency', 'gpai'],
    roles: ['provider', 'gpai_provider'],
    articles: { include: ['Art. 50', 'Art. 53'], exclude: ['Art. 55'] },
  },
];

describe('classifyEuAiAct: realistic cases', () => {
  it.each(CASES)('$name', (c) => {
    const { classification, outOfScopeReason } = classify(c.settings);
    expect(classification.status).toBe('complete');
    expect(classification.categories).toEqual(c.categories);
    expect(classification.roles).toEqual(c.roles);
    if (c.basis) expect(classification.high_risk_basis).toEqual(c.basis);
    for (const article of c.articles.include) expect(classification.applicable_articles).toContain(article);
    for (const article of c.articles.exclude) expect(classification.applicable_articles).not.toContain(article);
    for (const rule of c.reasons ?? []) expect(classification.reasons.map((r) => r.rule)).toContain(rule);
    for (const reason of classification.reasons) expect(reason.article).toMatch(/Art\.|Annex/);
    expect(outOfScopeReason === null).toBe(!c.categories.includes('out_of_scope'));
    if (c.categories.includes('out_of_scope')) expect(classification.applicable_articles).toEqual([]);
  });

  it('out of scope gives the sentence with its article, and no dates', () => {
    const { classification, outOfScopeReason } = classify({ critical_issues: ['excluded_scientific_research'] });
    expect(outOfScopeReason).toMatch(/scientific research.*\(Art\. 2\(6\)\)$/);
    expect(classification.label).toBe('Out of scope');
    expect(classification.dates).toEqual([]);
  });

  it('labels stack the category labels', () => {
    expect(classify({ use_case: ['annex_iii_4a'], project_requirements: ['interacts_with_people'] }).classification.label).toBe('High-risk · Transparency obligations');
  });

  it('a high-risk system of a deployer who is not a law-enforcement body, using real-time identification, is prohibited', () => {
    const allowed = classify({ role: ['deployer'], use_case: ['real_time_remote_biometric_identification_authorised'], establishment: ['eu', 'law_enforcement'] });
    expect(allowed.classification.categories).toEqual(['high_risk']);
    const refused = classify({ role: ['deployer'], use_case: ['real_time_remote_biometric_identification_authorised'], establishment: ['eu'] });
    expect(refused.classification.categories).toContain('prohibited');
  });

  it('dates: the relevant ones, earliest first, applies_now against today (Annex III deferred to 2 Dec 2027)', () => {
    const { classification } = classify({ role: ['deployer'], use_case: ['annex_iii_4a'], establishment: ['eu', 'employer'], supply_terms: ['none'] });
    expect(classification.dates.map((d) => [d.date, d.basis, d.applies_now])).toEqual([
      ['2025-02-02', 'Art. 113(a)', true],
      ['2026-08-02', 'Art. 113, second paragraph', true],
      ['2027-12-02', 'Art. 113(c)(i)', false],
    ]);
    const later = classifyEuAiAct(validated({ use_case: ['annex_iii_4a'] }), new Date('2027-12-02T00:00:00Z'));
    expect(later.classification.dates.find((d) => d.date === '2027-12-02')?.applies_now).toBe(true);
    const machine = classify({ product_category: 'annex_i_section_b_product' });
    expect(machine.classification.dates.map((d) => d.date)).toContain('2028-08-02');
  });
});

function validated(change: EuAiActSettingsInput) {
  const v = validateEuAiActSettings({ ...BASE, ...change });
  if (!v.ok) throw new Error(JSON.stringify(v.problems));
  return v.settings;
}

describe('classifyEuAiAct: unanswered settings', () => {
  const empty = Object.fromEntries(EU_AI_ACT_SETTING_FIELDS.map((f) => [f, null])) as EuAiActSettingsInput;

  it('nothing answered: incomplete, every required field missing, no scoping answer at all', () => {
    const { classification, scoping } = classifyEuAiAct(validated(empty), TODAY);
    expect(classification.status).toBe('incomplete');
    expect(classification.missing).toEqual(['product_category', 'role', 'use_case', 'establishment', 'project_requirements', 'critical_issues', 'supply_terms']);
    expect(classification.categories).toEqual([]);
    expect(classification.label).toBe('Not classified yet');
    expect(classification.applicable_articles).toEqual([]);
    expect(classification.dates).toEqual([]);
    expect(scoping).toEqual({});
  });

  it('a system that is not a general-purpose model has none of its properties (answered, not unknown)', () => {
    const { scoping } = classifyEuAiAct(validated({ ...empty, product_category: 'ai_system' }), TODAY);
    expect(scoping['eu_ai_act.model_property']).toEqual(['none']);
    const gpai = classifyEuAiAct(validated({ ...empty, product_category: 'gpai_model' }), TODAY);
    expect(gpai.scoping['eu_ai_act.model_property']).toBeUndefined();
  });

  it('a general-purpose model needs its properties; establishment needs a location', () => {
    const { classification } = classify({ product_category: 'gpai_model', model_property: null, establishment: ['employer'] });
    expect(classification.missing).toEqual(['establishment', 'model_property']);
  });

  it('derived scoping fields wait for the answers they depend on', () => {
    const { scoping } = classifyEuAiAct(validated({ ...empty, role: ['deployer'], use_case: ['annex_iii_4a'] }), TODAY);
    expect(scoping).toEqual({ 'eu_ai_act.annex_iii_area': ['employment'], 'eu_ai_act.annex_iii_use_case': ['4a'] });
  });

  it('a derogation claimed before we know about profiling classifies nothing yet', () => {
    const { classification } = classifyEuAiAct(validated({ use_case: ['annex_iii_4a'], critical_issues: ['derogation_preparatory_task'], project_requirements: null }), TODAY);
    expect(classification.status).toBe('incomplete');
    expect(classification.categories).toEqual([]);
  });
});

describe('validateEuAiActSettings', () => {
  const problems = (change: EuAiActSettingsInput) => {
    const v = validateEuAiActSettings({ ...BASE, ...change });
    return v.ok ? [] : v.problems;
  };

  it('normalizes: a lone value of a multiple-choice field becomes a list, in the options’ order, without repeats; [] clears', () => {
    const v = validateEuAiActSettings({ ...BASE, role: 'deployer', establishment: ['employer', 'eu', 'eu'], model_property: [] });
    expect(v.ok && v.settings).toMatchObject({ role: ['deployer'], establishment: ['eu', 'employer'], model_property: null, product_category: 'ai_system' });
  });

  it('an unknown option names the field and the allowed values', () => {
    const [problem, ...rest] = problems({ role: ['provider', 'reseller'] });
    expect(rest).toEqual([]);
    expect(problem!.path).toBe('body.role');
    expect(problem!.message).toContain('"reseller" is not an option');
    expect(problem!.message).toContain('allowed: "provider", "deployer", "importer", "distributor", "authorised_representative", "product_manufacturer", "third_party_supplier"');
  });

  it('a list for the single-choice product category is refused', () => {
    expect(problems({ product_category: ['ai_system'] })).toEqual([{ path: 'body.product_category', message: expect.stringContaining('takes one option, not a list') }]);
  });

  it('"none" with other options, and two options of one exclusive group, are refused', () => {
    expect(problems({ use_case: ['none', 'annex_iii_4a'] })[0]).toMatchObject({ path: 'body.use_case', message: expect.stringContaining('"none" cannot be chosen with other options') });
    expect(problems({ establishment: ['eu', 'non_eu_reaching_eu'] })[0]).toMatchObject({ path: 'body.establishment', message: expect.stringContaining('exclude each other') });
    expect(
      problems({ use_case: ['prohibited_real_time_remote_biometric_identification', 'real_time_remote_biometric_identification_authorised'] })[0]?.path,
    ).toBe('body.use_case');
  });

  it('a general-purpose AI model with an Annex III or Art. 5 use case is refused, naming both fields', () => {
    const [problem] = problems({ product_category: 'gpai_model', model_property: ['none'], use_case: ['annex_iii_4a'] });
    expect(problem!.path).toBe('body.use_case');
    expect(problem!.message).toMatch(/use_case conflicts with product_category "gpai_model"/);
    expect(problems({ product_category: 'gpai_model', use_case: ['prohibited_social_scoring'] })[0]?.path).toBe('body.use_case');
    expect(problems({ product_category: 'gpai_model_and_system', model_property: ['none'], use_case: ['annex_iii_4a'] })).toEqual([]);
  });

  it('other contradictions are refused: a model deployer, an importer outside the EU, pre-market research already on the market', () => {
    expect(problems({ product_category: 'gpai_model', role: ['deployer'] })[0]?.path).toBe('body.role');
    expect(problems({ role: ['importer'], establishment: ['non_eu_reaching_eu'] })[0]?.path).toBe('body.establishment');
    expect(problems({ critical_issues: ['excluded_pre_market_research'], supply_terms: ['placed_on_market'] })[0]?.path).toBe('body.critical_issues');
  });

  it('answers that stack oddly are kept, with a warning in the classification', () => {
    const { classification } = classify({ model_property: ['systemic_risk_compute'], critical_issues: ['derogation_preparatory_task'] });
    expect(classification.warnings.map((w) => w.rule)).toEqual(['model_property_without_model', 'derogation_without_annex_iii']);
    expect(classification.categories).toEqual(['minimal_risk']);
    const rebranded = classify({ role: ['distributor'], supply_terms: ['rebranded_high_risk'] });
    expect(rebranded.classification.roles).toEqual(['distributor']);
    expect(rebranded.classification.warnings.map((w) => w.rule)).toEqual(['value_chain_change_without_high_risk']);
  });
});

describe('the tables refer only to real fields and options', () => {
  const options = new Map(EU_AI_ACT_SETTING_FIELD_INFO.map((f) => [f.key as string, new Set(f.options.map((o) => o.value))]));
  const check = (condition: AppliesWhen, where: string) => {
    if ('all' in condition) return condition.all.forEach((c) => check(c, where));
    if ('any' in condition) return condition.any.forEach((c) => check(c, where));
    if ('not' in condition) return check(condition.not, where);
    if (condition.field.startsWith('is.') || condition.field.startsWith('answered.')) return;
    const values = 'in' in condition ? condition.in : [condition.equals];
    expect(options.has(condition.field), `${where}: field ${condition.field}`).toBe(true);
    for (const v of values) expect(options.get(condition.field)!.has(String(v)), `${where}: ${condition.field} = ${String(v)}`).toBe(true);
  };

  it('rules, conflicts and dates', () => {
    for (const r of CLASSIFICATION_RULES) check(r.when, `rule ${r.id}`);
    for (const c of CONFLICTS) check(c.when, `conflict ${c.id}`);
    for (const d of APPLICATION_DATES) check(d.relevantWhen, `date ${d.id}`);
    expect(new Set(CLASSIFICATION_RULES.map((r) => r.id)).size).toBe(CLASSIFICATION_RULES.length);
  });

  it('every field has unique option values, and its groups hold at least two options', () => {
    expect(EU_AI_ACT_SETTING_FIELD_INFO.map((f) => f.key)).toEqual([...EU_AI_ACT_SETTING_FIELDS]);
    for (const field of EU_AI_ACT_SETTING_FIELD_INFO) {
      expect(new Set(field.options.map((o) => o.value)).size).toBe(field.options.length);
      const groups = field.options.map((o) => o.group).filter((g) => g !== null);
      for (const g of new Set(groups)) expect(groups.filter((x) => x === g).length).toBeGreaterThan(1);
    }
  });
});

describe('the scoping answers drive the real EU_AI_ACT template', () => {
  const template = euAiActTemplate as { requirements: TemplateRequirement[]; questionnaire: { id: string; options: { value: string }[] }[] };
  const chains = new Map<string, (AppliesWhen | undefined)[]>();
  const walk = (nodes: TemplateRequirement[], above: (AppliesWhen | undefined)[]) => {
    for (const node of nodes) {
      chains.set(node.code, [...above, node.applies_when]);
      walk(node.children ?? [], [...above, node.applies_when]);
    }
  };
  walk(template.requirements, []);
  const applies = (code: string, scoping: Record<string, string[]>) => isApplicable(chains.get(code)!, scoping);

  it('CV screening by an employer: Art. 26 applies, Art. 16, 27 and 53 do not', () => {
    const { scoping, classification } = classify({ role: ['deployer'], use_case: ['annex_iii_4a'], establishment: ['eu', 'employer'], project_requirements: ['profiles_natural_persons'], supply_terms: ['none'] });
    expect(applies('Article 26', scoping)).toBe(true);
    expect(applies('Art. 26(7)', scoping)).toBe(true);
    expect(applies('Article 16', scoping)).toBe(false);
    expect(applies('Article 27', scoping)).toBe(false);
    expect(applies('Article 53', scoping)).toBe(false);
    expect(applies('Article 50', scoping)).toBe(false);
    // The classification's list agrees with the template's own conditions, article by article.
    for (const [code] of chains) {
      const article = /^Article (\S+)$/.exec(code)?.[1];
      if (article && !applies(code, scoping)) expect(classification.applicable_articles).not.toContain(`Art. ${article}`);
    }
  });

  it('the Art. 6(3) derogation: Art. 6(4) and 49(2) apply, Art. 49(1) and the requirements do not', () => {
    const { scoping } = classify({ use_case: ['annex_iii_4a'], critical_issues: ['derogation_narrow_procedural_task'] });
    expect(['Art. 6(4)', 'Art. 49(2)'].map((c) => applies(c, scoping))).toEqual([true, true]);
    expect(['Art. 49(1)', 'Article 9', 'Article 16'].map((c) => applies(c, scoping))).toEqual([false, false, false]);
  });

  it('scoping values are options of the template’s questions (or "none")', () => {
    const questions = new Map(template.questionnaire.map((q) => [q.id, new Set(q.options.map((o) => o.value))]));
    for (const c of CASES) {
      for (const [field, values] of Object.entries(classify(c.settings).scoping)) {
        expect(questions.has(field), field).toBe(true);
        for (const v of values) expect(v === 'none' || questions.get(field)!.has(v), `${c.name}: ${field} = ${v}`).toBe(true);
      }
    }
  });
});
