import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helper';

/**
 * Issue 30, item 12: the transitional provisions of Art. 111 (Regulation (EU) 2024/1689 as amended by
 * Regulation (EU) 2026/1744), as data. 111(1): AI systems that are components of the large-scale IT
 * systems of Annex X (SIS, VIS, Eurodac, EES, ETIAS, ECRIS-TCN, interoperability), asked in the settings.
 * 111(2): high-risk systems placed on the market or put into service before the date their Chapter III
 * obligations apply (2 December 2027 for Annex III, 2 August 2028 for Annex I, Art. 113(c)), so also one
 * placed between 2 August 2026 and that date; public authorities comply by 2 August 2030. 111(3): models
 * placed on the market before 2 August 2025. 111(4): generative systems placed on the market before
 * 2 August 2026 mark their output (Art. 50(2), a provider's duty) by 2 December 2026.
 * Each situation is saved through the settings route; the requirements are read through HTTP.
 */

type Settings = Record<string, string | string[] | null>;
type Requirement = { code: string; applicable: boolean; applicability_reason: string | null };
type Situation = { name: string; settings: Settings; expect: Record<string, boolean> };

/** A system in the EU, not a GPAI model, none of the special answers: each situation changes what it is about. */
const system = (over: Settings): Settings => ({
  product_category: 'ai_system',
  role: ['provider'],
  use_case: ['none'],
  establishment: ['eu'],
  model_property: null,
  project_requirements: ['none'],
  critical_issues: ['none'],
  supply_terms: ['placed_on_market'],
  ...over,
});
/** A general-purpose AI model its provider places on the EU market. */
const model = (modelProperty: string[]): Settings => ({
  product_category: 'gpai_model',
  role: ['provider'],
  use_case: ['none'],
  establishment: ['eu'],
  model_property: modelProperty,
  project_requirements: ['none'],
  critical_issues: ['none'],
  supply_terms: ['placed_on_market'],
});
const BEFORE_2026 = 'placed_before_2026_08_02';
const BEFORE_HIGH_RISK_DATE = 'placed_before_high_risk_obligations';
const ANNEX_X = 'annex_x_large_scale_it_component';

const TABLES: Record<string, Situation[]> = {
  'Art. 111(1): components of the Annex X large-scale IT systems only': [
    { name: 'provider of the visa-examination component of the Visa Information System (Annex X, Annex III 7(c))', settings: system({ use_case: ['annex_iii_7c'], supply_terms: ['placed_on_market', ANNEX_X] }), expect: { 'Art. 111(1)': true } },
    { name: 'provider of a visa-application assistant outside the Annex X systems', settings: system({ use_case: ['annex_iii_7c'] }), expect: { 'Art. 111(1)': false } },
    { name: 'provider of a recruitment tool on the market since 2025', settings: system({ use_case: ['annex_iii_4a'], supply_terms: ['placed_on_market', BEFORE_2026] }), expect: { 'Art. 111(1)': false } },
  ],
  'Art. 111(2): high-risk systems placed before their Chapter III obligations apply': [
    { name: 'recruitment tool (Annex III 4(a)) on the market since 2025', settings: system({ use_case: ['annex_iii_4a'], supply_terms: ['placed_on_market', BEFORE_2026] }), expect: { 'Art. 111(2)': true } },
    { name: 'recruitment tool placed on the market in September 2026, before 2 December 2027', settings: system({ use_case: ['annex_iii_4a'], supply_terms: ['placed_on_market', BEFORE_HIGH_RISK_DATE] }), expect: { 'Art. 111(2)': true } },
    { name: 'recruitment tool placed on the market after its high-risk obligations apply', settings: system({ use_case: ['annex_iii_4a'] }), expect: { 'Art. 111(2)': false } },
    { name: 'medical device with an AI safety component (Annex I) placed on the market in 2027, before 2 August 2028', settings: system({ product_category: 'annex_i_section_a_product', supply_terms: ['placed_on_market', BEFORE_HIGH_RISK_DATE] }), expect: { 'Art. 111(2)': true } },
    { name: 'public authority deploying a benefits-eligibility system (5(a)) in service since 2025', settings: system({ role: ['deployer'], use_case: ['annex_iii_5a'], establishment: ['eu', 'public_authority'], supply_terms: [BEFORE_2026] }), expect: { 'Art. 111(2)': true } },
    { name: 'chatbot on the market since 2025 (not high-risk)', settings: system({ project_requirements: ['interacts_with_people'], supply_terms: ['placed_on_market', BEFORE_2026] }), expect: { 'Art. 111(2)': false } },
  ],
  'Art. 111(3): general-purpose AI models placed on the market before 2 August 2025': [
    { name: 'model on the market since 2024', settings: model(['placed_before_2025_08_02']), expect: { 'Art. 111(3)': true } },
    { name: 'model placed on the market in 2026', settings: model(['none']), expect: { 'Art. 111(3)': false } },
  ],
  'Art. 111(4): generative systems placed on the market before 2 August 2026 (2 August 2026 stays the cut-off)': [
    { name: 'provider of an image generator on the market since 2025', settings: system({ project_requirements: ['generates_synthetic_content'], supply_terms: ['placed_on_market', BEFORE_2026] }), expect: { 'Art. 111(4)': true, 'Art. 111(2)': false } },
    { name: 'provider of an image generator placed on the market in 2027', settings: system({ project_requirements: ['generates_synthetic_content'] }), expect: { 'Art. 111(4)': false } },
    {
      name: 'provider of a high-risk exam-scoring system (3(b)) that generates text, placed on the market in September 2026',
      settings: system({ use_case: ['annex_iii_3b'], project_requirements: ['generates_synthetic_content'], supply_terms: ['placed_on_market', BEFORE_HIGH_RISK_DATE] }),
      expect: { 'Art. 111(4)': false, 'Art. 111(2)': true },
    },
    { name: 'deployer of an image generator in use since 2025 (Art. 50(2) binds providers)', settings: system({ role: ['deployer'], project_requirements: ['generates_synthetic_content'], supply_terms: [BEFORE_2026] }), expect: { 'Art. 111(4)': false } },
  ],
};

let t: TestApp;
let project: string;
beforeAll(async () => {
  t = await build();
  const admin = await t.login('admin@demo.local');
  const created = await admin({ method: 'POST', url: '/api/projects', payload: { name: 'EU AI Act Art. 111', project_type: 'ai_application', frameworks: ['EU_AI_ACT'] } });
  expect(created.statusCode).toBe(201);
  project = created.json().id;
});
afterAll(() => t.close());

async function save(settings: Settings) {
  const admin = await t.login('admin@demo.local');
  const saved = await admin({ method: 'POST', url: `/api/projects/${project}/eu_ai_act_settings`, payload: settings });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json() as { classification: { categories: string[]; dates: { date: string; what: string; basis: string }[] } };
}

async function requirementsFor(settings: Settings): Promise<Map<string, Requirement>> {
  const saved = await save(settings);
  expect(saved.classification.categories).not.toContain('out_of_scope');
  const admin = await t.login('admin@demo.local');
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
  describe(`item 12: ${condition}`, () => {
    it.each(situations)('$name', async ({ settings, expect: expected }) => {
      const rows = await requirementsFor(settings);
      const got = Object.fromEntries(Object.keys(expected).map((code) => [code, rows.get(code)?.applicable]));
      const reasons = Object.fromEntries(Object.keys(expected).map((code) => [code, rows.get(code)?.applicability_reason ?? null]));
      expect(got, JSON.stringify(reasons, null, 1)).toEqual(expected);
    });
  });
}

describe('item 12: the settings record the placing on the market', () => {
  it('a system placed before 2 August 2026 and one placed before its high-risk date exclude each other', async () => {
    const admin = await t.login('admin@demo.local');
    const res = await admin({ method: 'POST', url: `/api/projects/${project}/eu_ai_act_settings`, payload: system({ use_case: ['annex_iii_4a'], supply_terms: [BEFORE_2026, BEFORE_HIGH_RISK_DATE] }) });
    expect(res.statusCode).toBe(422);
    expect(res.body).toMatch(/exclude each other/);
  });

  it.each([
    { name: 'placed before 2 August 2026', placed: BEFORE_2026 },
    { name: 'placed in September 2026, before 2 December 2027', placed: BEFORE_HIGH_RISK_DATE },
  ])('a public authority deploying a high-risk system $name complies by 2 August 2030 (Art. 111(2))', async ({ placed }) => {
    const saved = await save(system({ role: ['deployer'], use_case: ['annex_iii_5a'], establishment: ['eu', 'public_authority'], supply_terms: [placed] }));
    expect(saved.classification.dates.filter((d) => d.basis === 'Art. 111(2)').map((d) => d.date)).toEqual(['2030-08-02']);
  });
});
