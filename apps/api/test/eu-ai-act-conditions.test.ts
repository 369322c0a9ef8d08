import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helper';

/**
 * Issue 30, items 5-11: the conditions of single articles of the EU AI Act template, as data. Each table
 * names an article condition, then situations written from the Regulation's text (Regulation (EU)
 * 2024/1689 as amended by Regulation (EU) 2026/1744): the operator, the basis, the answer that turns the
 * provision on or off. Each situation is saved through the settings route, so the real classification,
 * the generated template and the applicability engine decide; the requirements are read through HTTP.
 */

type Settings = Record<string, string | string[] | null>;
type Requirement = { code: string; applicable: boolean; applicability_reason: string | null };
type Situation = { name: string; settings: Settings; expect: Record<string, boolean> };

/** A system in the EU, not a GPAI model, none of the special answers: each situation changes what it is about. */
const system = (over: Settings): Settings => ({
  product_category: 'ai_system',
  role: ['deployer'],
  use_case: ['none'],
  establishment: ['eu'],
  model_property: null,
  project_requirements: ['none'],
  critical_issues: ['none'],
  supply_terms: ['none'],
  ...over,
});
/** A general-purpose AI model its provider places on the EU market from outside the EU. */
const model = (modelProperty: string[]): Settings => ({
  product_category: 'gpai_model',
  role: ['provider'],
  use_case: ['none'],
  establishment: ['non_eu_reaching_eu'],
  model_property: modelProperty,
  project_requirements: ['none'],
  critical_issues: ['none'],
  supply_terms: ['placed_on_market'],
});

const TABLES: Record<string, Situation[]> = {
  // Art. 6(1) and 6(2) classify a system; they bind no operator in particular.
  'item 5: Art. 6(1) and 6(2) apply to every operator of a system classified by them': [
    { name: 'deployer of a recruitment tool (Annex III 4(a))', settings: system({ use_case: ['annex_iii_4a'] }), expect: { 'Art. 6(2)': true, 'Art. 6(1)': false, 'Art. 6(4)': false } },
    { name: 'importer of a credit-scoring system (Annex III 5(b))', settings: system({ role: ['importer'], use_case: ['annex_iii_5b'] }), expect: { 'Art. 6(2)': true, 'Art. 6(1)': false } },
    { name: 'distributor of a medical device with an AI safety component (Annex I Section A)', settings: system({ product_category: 'annex_i_section_a_product', role: ['distributor'] }), expect: { 'Art. 6(1)': true, 'Art. 6(2)': false } },
    { name: 'deployer of machinery with an AI safety component (Annex I Section B)', settings: system({ product_category: 'annex_i_section_b_product' }), expect: { 'Art. 6(1)': true, 'Art. 6(2)': false } },
    { name: 'provider of a recruitment tool', settings: system({ role: ['provider'], use_case: ['annex_iii_4a'], supply_terms: ['placed_on_market'] }), expect: { 'Art. 6(2)': true } },
    { name: 'provider claiming the Art. 6(3) derogation documents it (Art. 6(4))', settings: system({ role: ['provider'], use_case: ['annex_iii_4a'], critical_issues: ['derogation_preparatory_task'], supply_terms: ['placed_on_market'] }), expect: { 'Art. 6(3)': true, 'Art. 6(4)': true } },
    { name: 'deployer of a spam filter (no basis)', settings: system({}), expect: { 'Art. 6(1)': false, 'Art. 6(2)': false } },
  ],
  // Art. 49(1): providers of Annex III systems except point 2 (49(5): national registration); 49(3) and 26(8): public deployers, same systems; 49(4): points 1, 6, 7 in law enforcement, migration, asylum, border.
  'item 6: registration in the EU database (Art. 49, 26(8))': [
    { name: 'provider of a recruitment tool registers it', settings: system({ role: ['provider'], use_case: ['annex_iii_4a'], supply_terms: ['placed_on_market'] }), expect: { 'Art. 49(1)': true, 'Art. 49(5)': false, 'Art. 49(4)': false } },
    { name: 'provider of a safety component of the power grid (Annex III point 2) registers nationally', settings: system({ role: ['provider'], use_case: ['annex_iii_2'], supply_terms: ['placed_on_market'] }), expect: { 'Art. 49(1)': false, 'Art. 49(5)': true } },
    { name: 'provider of an Annex I Section A product does not register in the EU database', settings: system({ product_category: 'annex_i_section_a_product', role: ['provider'], supply_terms: ['placed_on_market'] }), expect: { 'Art. 49(1)': false, 'Art. 49(3)': false } },
    { name: 'public authority deploying a benefits-eligibility system (5(a)) registers its use', settings: system({ use_case: ['annex_iii_5a'], establishment: ['eu', 'public_authority'] }), expect: { 'Art. 49(3)': true, 'Art. 26(8)': true, 'Art. 49(1)': false } },
    { name: 'public authority deploying a safety component of the water supply (point 2)', settings: system({ use_case: ['annex_iii_2'], establishment: ['eu', 'public_authority'] }), expect: { 'Art. 49(3)': false, 'Art. 26(8)': false } },
    { name: 'public hospital deploying an AI medical device (Annex I Section A)', settings: system({ product_category: 'annex_i_section_a_product', establishment: ['eu', 'public_authority'] }), expect: { 'Art. 49(3)': false, 'Art. 26(8)': false } },
    { name: 'private employer deploying a recruitment tool', settings: system({ use_case: ['annex_iii_4a'], establishment: ['eu', 'employer'] }), expect: { 'Art. 49(3)': false, 'Art. 26(8)': false } },
    { name: 'provider of a re-offending risk tool for the police (6(d))', settings: system({ role: ['provider'], use_case: ['annex_iii_6d'], supply_terms: ['placed_on_market'] }), expect: { 'Art. 49(4)': true, 'Art. 49(1)': true } },
    { name: 'provider of a visa-application assistant (7(c))', settings: system({ role: ['provider'], use_case: ['annex_iii_7c'], supply_terms: ['placed_on_market'] }), expect: { 'Art. 49(4)': true } },
    { name: 'police deploying remote biometric identification (1(a))', settings: system({ use_case: ['annex_iii_1a'], establishment: ['eu', 'public_authority', 'law_enforcement'] }), expect: { 'Art. 49(4)': true, 'Art. 49(3)': true } },
    { name: 'border authority deploying a biometric identification system (1(a)) registers it in the secure section', settings: system({ use_case: ['annex_iii_1a'], establishment: ['eu', 'public_authority', 'migration_asylum_border'] }), expect: { 'Art. 49(4)': true, 'Art. 49(3)': true } },
    { name: 'public authority deploying biometric identification outside law enforcement, migration and border control', settings: system({ use_case: ['annex_iii_1a'], establishment: ['eu', 'public_authority'] }), expect: { 'Art. 49(4)': false, 'Art. 49(3)': true } },
    { name: 'retailer provider of emotion recognition (1(c)) outside law enforcement', settings: system({ role: ['provider'], use_case: ['annex_iii_1c'], supply_terms: ['placed_on_market'] }), expect: { 'Art. 49(4)': false, 'Art. 49(1)': true } },
  ],
  // Art. 27(1): deployers of high-risk systems referred to in Art. 6(2), never point 2; public bodies and public-service providers, and points 5(b) and 5(c).
  'item 7: the fundamental rights impact assessment (Art. 27) only for Art. 6(2) systems': [
    { name: 'public body deploying a benefits-eligibility system (5(a))', settings: system({ use_case: ['annex_iii_5a'], establishment: ['eu', 'public_authority'] }), expect: { 'Art. 27(1)': true } },
    { name: 'bank deploying credit scoring (5(b))', settings: system({ use_case: ['annex_iii_5b'], establishment: ['eu', 'regulated_financial_institution'] }), expect: { 'Art. 27(1)': true } },
    { name: 'public hospital deploying an AI medical device (Annex I product, not Art. 6(2))', settings: system({ product_category: 'annex_i_section_a_product', establishment: ['eu', 'public_authority'] }), expect: { 'Art. 27(1)': false } },
    { name: 'public utility deploying a safety component of the grid (point 2)', settings: system({ use_case: ['annex_iii_2'], establishment: ['eu', 'public_authority'] }), expect: { 'Art. 27(1)': false } },
    { name: 'private employer deploying a recruitment tool', settings: system({ use_case: ['annex_iii_4a'], establishment: ['eu', 'employer'] }), expect: { 'Art. 27(1)': false } },
  ],
  // Art. 5(2)-(4): the use of real-time remote biometric identification; Art. 26(10): post-remote biometric identification.
  'item 8: real-time (Art. 5(2)-(4)) and post-remote (Art. 26(10)) biometric identification': [
    {
      name: 'police using real-time identification within an allowed aim',
      settings: system({ use_case: ['real_time_remote_biometric_identification_authorised'], establishment: ['eu', 'public_authority', 'law_enforcement'] }),
      expect: { 'Art. 5(2)': true, 'Art. 5(3)': true, 'Art. 5(4)': true, 'Art. 26(10)': false },
    },
    {
      name: 'police identifying a suspect from recorded footage after the event',
      settings: system({ use_case: ['annex_iii_1a'], establishment: ['eu', 'public_authority', 'law_enforcement'] }),
      expect: { 'Art. 5(2)': false, 'Art. 5(3)': false, 'Art. 5(4)': false, 'Art. 26(10)': true },
    },
    {
      name: 'police assessing the risk of re-offending (6(d)), no biometric identification',
      settings: system({ use_case: ['annex_iii_6d'], establishment: ['eu', 'public_authority', 'law_enforcement'] }),
      expect: { 'Art. 5(2)': false, 'Art. 5(4)': false, 'Art. 26(10)': false },
    },
  ],
  // Art. 53(2) and 54(6): free and open-source models with public weights, without systemic risk.
  'item 9: open-weights models without systemic risk (Art. 53(2), 54(6))': [
    { name: 'open weights, no systemic risk', settings: model(['open_source_public_weights']), expect: { 'Art. 53(1)(a)': false, 'Art. 53(1)(b)': false, 'Art. 53(1)(c)': true, 'Art. 53(1)(d)': true, 'Art. 53(2)': true, 'Art. 54(1)': false, 'Art. 54(2)': false, 'Art. 54(6)': true } },
    { name: 'open weights with systemic risk', settings: model(['systemic_risk_compute', 'open_source_public_weights']), expect: { 'Art. 53(1)(a)': true, 'Art. 53(1)(b)': true, 'Art. 54(1)': true } },
    { name: 'closed model', settings: model(['none']), expect: { 'Art. 53(1)(a)': true, 'Art. 53(1)(b)': true, 'Art. 54(1)': true, 'Art. 53(2)': false, 'Art. 54(6)': false } },
  ],
  // Art. 25(1)(a): a distributor or importer that puts its name on a high-risk system becomes its provider.
  'item 10: rebranding a high-risk system (Art. 25(1)(a))': [
    { name: 'distributor that rebrands a recruitment tool', settings: system({ role: ['distributor'], use_case: ['annex_iii_4a'], supply_terms: ['rebranded_high_risk'] }), expect: { 'Art. 24(1)': false, 'Art. 16(a)': true } },
    { name: 'importer that rebrands a credit-scoring system', settings: system({ role: ['importer'], use_case: ['annex_iii_5b'], supply_terms: ['rebranded_high_risk'] }), expect: { 'Art. 23(1)': false, 'Art. 16(a)': true } },
    { name: 'distributor that does not rebrand', settings: system({ role: ['distributor'], use_case: ['annex_iii_4a'], supply_terms: ['placed_on_market'] }), expect: { 'Art. 24(1)': true, 'Art. 16(a)': false } },
  ],
  // Amended Art. 2(2): for an Annex I Section B product only Art. 6(1), 60a and 102-112 apply; Art. 60a is its route to real-world testing.
  'item 14: Art. 60a for Annex I Section B products, Art. 60 for Annex III': [
    { name: 'provider of machinery with an AI safety component (Section B)', settings: system({ product_category: 'annex_i_section_b_product', role: ['provider'], supply_terms: ['placed_on_market'] }), expect: { 'Art. 60a(1)': true, 'Art. 60(1)': false, 'Art. 9(1)': false, 'Art. 6(1)': true } },
    { name: 'deployer of the same machinery', settings: system({ product_category: 'annex_i_section_b_product' }), expect: { 'Art. 60a(1)': false, 'Art. 26(1)': false } },
    { name: 'provider of a medical device (Section A)', settings: system({ product_category: 'annex_i_section_a_product', role: ['provider'], supply_terms: ['placed_on_market'] }), expect: { 'Art. 60a(1)': false, 'Art. 9(1)': true } },
    { name: 'provider of a recruitment tool (Annex III)', settings: system({ role: ['provider'], use_case: ['annex_iii_4a'], supply_terms: ['placed_on_market'] }), expect: { 'Art. 60a(1)': false, 'Art. 60(1)': true } },
  ],
  // Art. 51 and 52: systemic risk, the 10^25 FLOP presumption and its notification; designation.
  'item 11: systemic risk and the notification (Art. 51, 52)': [
    { name: 'model below the threshold, not designated', settings: model(['none']), expect: { 'Art. 51(1)': false, 'Art. 51(2)': false, 'Art. 52(1)': false, 'Art. 52(2)': false } },
    { name: 'model trained with more than 10^25 FLOP', settings: model(['systemic_risk_compute']), expect: { 'Art. 51(1)': true, 'Art. 51(2)': true, 'Art. 52(1)': true, 'Art. 52(2)': true, 'Art. 52(5)': false } },
    { name: 'model designated by the Commission', settings: model(['systemic_risk_designated']), expect: { 'Art. 51(1)': true, 'Art. 52(1)': false, 'Art. 52(5)': true } },
  ],
};

let t: TestApp;
let project: string;
beforeAll(async () => {
  t = await build();
  const admin = await t.login('admin@demo.local');
  const created = await admin({ method: 'POST', url: '/api/projects', payload: { name: 'EU AI Act conditions', project_type: 'ai_application', frameworks: ['EU_AI_ACT'] } });
  expect(created.statusCode).toBe(201);
  project = created.json().id;
});
afterAll(() => t.close());

async function requirementsFor(settings: Settings): Promise<Map<string, Requirement>> {
  const admin = await t.login('admin@demo.local');
  const saved = await admin({ method: 'POST', url: `/api/projects/${project}/eu_ai_act_settings`, payload: settings });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json().classification.categories).not.toContain('out_of_scope');
  const items: Requirement[] = [];
  for (let page = 1; ; page++) {
    const res = await admin({ method: 'GET', url: `/api/projects/${project}/requirements?framework=EU_AI_ACT&size=100&page=${page}` });
    const body = res.json() as { items: Requirement[]; total: number };
    items.push(...body.items);
    if (items.length >= body.total || body.items.length === 0) break;
  }
  return new Map(items.map((r) => [r.code, r]));
}

for (const [condition, situations] of Object.entries(TABLES)) {
  describe(condition, () => {
    it.each(situations)('$name', async ({ settings, expect: expected }) => {
      const rows = await requirementsFor(settings);
      const got = Object.fromEntries(Object.keys(expected).map((code) => [code, rows.get(code)?.applicable]));
      const reasons = Object.fromEntries(Object.keys(expected).map((code) => [code, rows.get(code)?.applicability_reason ?? null]));
      expect(got, JSON.stringify(reasons, null, 1)).toEqual(expected);
    });
  });
}
