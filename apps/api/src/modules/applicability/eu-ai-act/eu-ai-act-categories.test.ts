import type { EuAiActSettingsInput } from '@aegis/contracts';
import { describe, expect, it } from 'vitest';
import { classifyEuAiAct, validateEuAiActSettings } from './index';

/**
 * The categories and their reasons, as data (issue 30, items 1–4 and 20). Each situation is written from the
 * Regulation's text (Regulation (EU) 2024/1689 as amended by Regulation (EU) 2026/1744) and its recitals.
 */

const TODAY = new Date('2026-09-15T10:00:00Z');

/** An EU organization describing an ordinary AI system; each situation says what differs. */
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
  return classifyEuAiAct(validation.settings, TODAY).classification;
}

const rulesOf = (c: ReturnType<typeof classify>) => c.reasons.map((r) => r.rule);
/** The articles a reason cites, e.g. `Art. 6(3), 6(4), 49(2)` → 6, 6, 49. */
const citedArticles = (article: string) => [...article.matchAll(/(?:Art\.|,)\s*(\d+)/g)].map((m) => Number(m[1]));

// ── item 1: a prohibition stands alone ──────────────────────────────────────────────────────────────────

/** Art. 5(1)(a)–(h) as amended: each practice, by its option. */
const PRACTICES: [string, string][] = [
  ['prohibited_manipulation', '(a)'],
  ['prohibited_exploiting_vulnerabilities', '(b)'],
  ['prohibited_intimate_imagery', '(ba)'],
  ['prohibited_child_sexual_abuse_material', '(bb)'],
  ['prohibited_social_scoring', '(c)'],
  ['prohibited_crime_prediction_by_profiling', '(d)'],
  ['prohibited_facial_scraping', '(e)'],
  ['prohibited_emotion_recognition_work_education', '(f)'],
  ['prohibited_biometric_categorisation_sensitive', '(g)'],
  ['prohibited_real_time_remote_biometric_identification', '(h)'],
];

/**
 * What else the organization may have described beside the practice: Annex III uses that would be high-risk
 * on their own, the behaviours of Art. 50, and the contexts that trigger Art. 26(7) and 27.
 */
const BESIDE: { name: string; settings: EuAiActSettingsInput }[] = [
  { name: 'nothing else', settings: {} },
  {
    name: 'an employer deploying it for recruitment (Annex III 4(a)), emotion recognition and a chat interface',
    settings: { role: ['deployer'], use_case: ['annex_iii_4a'], establishment: ['eu', 'employer'], project_requirements: ['emotion_recognition', 'interacts_with_people'], supply_terms: ['none'] },
  },
  {
    name: 'a public body deploying it for benefits eligibility (Annex III 5(a)) and publishing generated text',
    settings: { role: ['deployer'], use_case: ['annex_iii_5a'], establishment: ['eu', 'public_authority'], project_requirements: ['public_interest_text', 'deep_fake'], supply_terms: ['none'] },
  },
  {
    name: 'a bank building and using it for credit scoring (Annex III 5(b)) with profiling and generated content',
    settings: {
      role: ['provider', 'deployer'],
      use_case: ['annex_iii_5b'],
      establishment: ['eu', 'regulated_financial_institution', 'employer'],
      project_requirements: ['profiles_natural_persons', 'generates_synthetic_content', 'biometric_categorisation'],
      supply_terms: ['own_use_only'],
    },
  },
  {
    name: 'a provider of an emotion-recognition system (Annex III 1(c)) claiming an Art. 6(3) derogation, placed before 2 August 2026',
    settings: { use_case: ['annex_iii_1c'], critical_issues: ['derogation_preparatory_task'], project_requirements: ['emotion_recognition'], supply_terms: ['placed_before_2026_08_02'] },
  },
  {
    name: 'a non-EU provider of an admissions system (Annex III 3(a)) reaching the EU',
    settings: { use_case: ['annex_iii_3a'], establishment: ['non_eu_reaching_eu'], project_requirements: ['interacts_with_people'] },
  },
];

const PROHIBITION_CASES = PRACTICES.flatMap(([practice, point]) =>
  BESIDE.map((b) => ({
    name: `Art. 5(1)${point} with ${b.name}`,
    point,
    /** Something else was described beside the practice: the classification says it attaches nothing. */
    others: Object.keys(b.settings).length > 0,
    settings: { ...b.settings, use_case: [practice, ...((b.settings.use_case as string[] | undefined) ?? [])] },
  })),
);

/** Articles that describe how to place, operate or disclose a system: none of them stands beside a prohibition. */
const NOT_BESIDE_A_PROHIBITION = [6, 8, 9, 16, 22, 26, 27, 43, 49, 50, 111];

describe('a prohibited practice stands alone (Art. 5)', () => {
  it.each(PROHIBITION_CASES)('$name: prohibited and nothing else', (c) => {
    const classification = classify(c.settings);
    expect(classification.status).toBe('complete');
    expect(classification.categories).toEqual(['prohibited']);
    expect(classification.high_risk_basis).toEqual([]);
    expect(classification.label).toBe('Prohibited practice');
    // Every reason is the prohibition itself or who the organization is (Art. 3), never a duty of operating it.
    for (const reason of classification.reasons) {
      const cited = citedArticles(reason.article);
      expect(cited.filter((a) => NOT_BESIDE_A_PROHIBITION.includes(a)), `${reason.rule}: ${reason.article}`).toEqual([]);
    }
    const prohibitions = classification.reasons.filter((r) => r.article.startsWith('Art. 5(1)'));
    expect(prohibitions.map((r) => r.article)).toContain(`Art. 5(1)${c.point}`);
    // The practice must stop: the reasons say so, and say nothing of operating it.
    for (const reason of prohibitions) {
      expect(reason.text).toMatch(/\bstop/i);
      expect(reason.text).not.toMatch(/disclos|inform the|register|impact assessment|conformity/i);
    }
    for (const article of ['Art. 6', 'Art. 26', 'Art. 27', 'Art. 50']) expect(classification.applicable_articles).not.toContain(article);
    // Never silently dropped: the other answers are named in a warning.
    expect(classification.warnings.some((w) => w.rule === 'prohibited_practice_with_other_uses')).toBe(c.others);
  });

  it('real-time remote biometric identification by an organization that is not law enforcement is prohibited alone', () => {
    const classification = classify({ role: ['deployer'], use_case: ['real_time_remote_biometric_identification_authorised'], establishment: ['eu', 'public_authority'], supply_terms: ['none'] });
    expect(classification.categories).toEqual(['prohibited']);
    expect(classification.high_risk_basis).toEqual([]);
    expect(rulesOf(classification)).not.toContain('fundamental_rights_impact_assessment_public_body');
  });

  it('the roles are still named: the prohibition binds whoever places, puts into service or uses it', () => {
    const classification = classify({ role: ['provider', 'deployer'], use_case: ['prohibited_social_scoring'], supply_terms: ['own_use_only'] });
    expect(classification.roles).toEqual(['provider', 'deployer']);
  });

  it('an exclusion of the whole Regulation still wins over a prohibition (Art. 2(3))', () => {
    const classification = classify({ use_case: ['prohibited_social_scoring'], critical_issues: ['excluded_military_defence_security'] });
    expect(classification.categories).toEqual(['out_of_scope']);
  });
});

// ── item 4: Art. 5(1)(h) prohibits a use ─────────────────────────────────────────────────────────────────

describe('Art. 5(1)(h) prohibits the use of real-time remote biometric identification for law enforcement', () => {
  it.each([
    ['a police force using it outside the allowed aims', { role: ['deployer'], use_case: ['prohibited_real_time_remote_biometric_identification'], establishment: ['eu', 'law_enforcement'], supply_terms: ['none'] }],
    ['a municipality using it live in a square', { role: ['deployer'], use_case: ['real_time_remote_biometric_identification_authorised'], establishment: ['eu', 'public_authority'], supply_terms: ['none'] }],
  ] as [string, EuAiActSettingsInput][])('%s: the reason names the use, in publicly accessible spaces, for law enforcement', (_name, settings) => {
    const reason = classify(settings).reasons.find((r) => r.article.startsWith('Art. 5(1)(h)'));
    expect(reason).toBeDefined();
    expect(reason!.text).toMatch(/\buse\b/i);
    expect(reason!.text).toMatch(/publicly accessible spaces/i);
    expect(reason!.text).toMatch(/law enforcement/i);
    expect(reason!.text).not.toMatch(/placed on the market|placing on the market|put into service/i);
  });
});

// ── item 2: Art. 50 follows the role ────────────────────────────────────────────────────────────────────

/**
 * Art. 50(1): providers ensure people are told they interact with an AI system. Art. 50(2): providers mark
 * synthetic output. Art. 50(3): deployers of emotion recognition or biometric categorisation inform the
 * people exposed. Art. 50(4): deployers disclose deep fakes and generated text published on matters of
 * public interest. Importers and distributors hold none of these.
 */
const ART_50_CASES: { name: string; settings: EuAiActSettingsInput; duties: string[] }[] = [
  { name: 'a provider of a chatbot', settings: { project_requirements: ['interacts_with_people'] }, duties: ['Art. 50(1)'] },
  { name: 'a deployer of a chatbot it bought', settings: { role: ['deployer'], project_requirements: ['interacts_with_people'], supply_terms: ['none'] }, duties: [] },
  { name: 'a provider of a text generator', settings: { project_requirements: ['generates_synthetic_content'] }, duties: ['Art. 50(2)'] },
  { name: 'a deployer whose system generates text for internal drafts', settings: { role: ['deployer'], project_requirements: ['generates_synthetic_content'], supply_terms: ['none'] }, duties: [] },
  {
    name: 'a deployer publishing generated news text without editorial control',
    settings: { role: ['deployer'], project_requirements: ['generates_synthetic_content', 'public_interest_text'], supply_terms: ['none'] },
    duties: ['Art. 50(4)'],
  },
  { name: 'a deployer making deep fakes for an advertising campaign', settings: { role: ['deployer'], project_requirements: ['deep_fake'], supply_terms: ['none'] }, duties: ['Art. 50(4)'] },
  { name: 'a provider of a deep-fake tool that others use', settings: { project_requirements: ['deep_fake'] }, duties: [] },
  { name: 'a deployer of biometric categorisation in a shop', settings: { role: ['deployer'], project_requirements: ['biometric_categorisation'], supply_terms: ['none'] }, duties: ['Art. 50(3)'] },
  { name: 'a provider of an emotion-recognition engine', settings: { project_requirements: ['emotion_recognition'] }, duties: [] },
  {
    name: 'a company building a generative assistant and using it itself',
    settings: { project_requirements: ['interacts_with_people', 'generates_synthetic_content', 'deep_fake'], supply_terms: ['own_use_only'] },
    duties: ['Art. 50(1)', 'Art. 50(2)', 'Art. 50(4)'],
  },
  { name: 'an importer of a chatbot', settings: { role: ['importer'], project_requirements: ['interacts_with_people', 'generates_synthetic_content'] }, duties: [] },
  { name: 'a distributor of an image generator', settings: { role: ['distributor'], project_requirements: ['generates_synthetic_content', 'deep_fake'] }, duties: [] },
  {
    name: 'a model provider building an assistant on its own model',
    settings: { product_category: 'gpai_model_and_system', model_property: ['none'], project_requirements: ['interacts_with_people'] },
    duties: ['Art. 50(1)'],
  },
  {
    name: 'a distributor rebranding a high-risk recruitment chatbot, so its provider (Art. 25(1)(a))',
    settings: { role: ['distributor'], use_case: ['annex_iii_4a'], project_requirements: ['interacts_with_people'], supply_terms: ['rebranded_high_risk'] },
    duties: ['Art. 50(1)'],
  },
];

describe('Art. 50 follows the role', () => {
  it.each(ART_50_CASES)('$name: $duties', (c) => {
    const classification = classify(c.settings);
    expect(classification.status).toBe('complete');
    const duties = classification.reasons.filter((r) => r.article.startsWith('Art. 50')).map((r) => r.article);
    expect([...new Set(duties)].sort()).toEqual([...c.duties].sort());
    expect(classification.categories.includes('transparency')).toBe(c.duties.length > 0);
    // The template's Art. 50 follows: it applies exactly when this organization holds one of its duties.
    expect(classification.applicable_articles.includes('Art. 50')).toBe(c.duties.length > 0);
    if (c.duties.length === 0 && classification.categories.length === 1) expect(classification.categories).toEqual(['minimal_risk']);
  });

  it('an open-source chatbot stays in the Regulation even for its deployer (Art. 2(12) names systems under Art. 50)', () => {
    const classification = classify({ role: ['deployer'], project_requirements: ['interacts_with_people'], supply_terms: ['free_open_source_licence'] });
    expect(classification.categories).not.toContain('out_of_scope');
  });

  it('while the role is unanswered, a chatbot is not called minimal risk', () => {
    const classification = classifyEuAiAct(
      (() => {
        const v = validateEuAiActSettings({ ...BASE, role: null, project_requirements: ['interacts_with_people'] });
        if (!v.ok) throw new Error('invalid');
        return v.settings;
      })(),
      TODAY,
    ).classification;
    expect(classification.categories).not.toContain('minimal_risk');
  });
});

// ── item 3: a GPAI model with systemic risk is still a GPAI model ───────────────────────────────────────

const GPAI_SYSTEMIC_CASES: { name: string; settings: EuAiActSettingsInput }[] = [
  { name: 'a model trained with more than 10^25 FLOP (Art. 51(2))', settings: { product_category: 'gpai_model', model_property: ['systemic_risk_compute'] } },
  { name: 'a model designated by the Commission (Art. 51(1)(b))', settings: { product_category: 'gpai_model', model_property: ['systemic_risk_designated'] } },
  { name: 'an open-weights model over the threshold (Art. 53(2) does not exempt it)', settings: { product_category: 'gpai_model', model_property: ['systemic_risk_compute', 'open_source_public_weights'] } },
  {
    name: 'a frontier model with its own assistant',
    settings: { product_category: 'gpai_model_and_system', model_property: ['systemic_risk_compute'], project_requirements: ['interacts_with_people'] },
  },
];

describe('a general-purpose AI model with systemic risk carries both categories', () => {
  it.each(GPAI_SYSTEMIC_CASES)('$name', (c) => {
    const classification = classify(c.settings);
    expect(classification.categories).toEqual(expect.arrayContaining(['gpai', 'gpai_systemic_risk']));
    expect(classification.label).toContain('General-purpose AI model · GPAI model with systemic risk');
    const cited = classification.reasons.map((r) => citedArticles(r.article));
    expect(cited.some((a) => a.includes(53))).toBe(true);
    expect(cited.some((a) => a.includes(55))).toBe(true);
    for (const article of ['Art. 53', 'Art. 55']) expect(classification.applicable_articles).toContain(article);
    expect(rulesOf(classification)).not.toContain('gpai_open_source_exemption');
  });

  it('without systemic risk: gpai alone, no Art. 55', () => {
    const classification = classify({ product_category: 'gpai_model', model_property: ['none'] });
    expect(classification.categories).toEqual(['gpai']);
    expect(classification.applicable_articles).not.toContain('Art. 55');
  });
});

// ── item 20: which ground of Art. 27 applies, and profiling under Art. 6(3) ─────────────────────────────

const FRIA_CASES: { name: string; settings: EuAiActSettingsInput; ground: string | null; says?: RegExp }[] = [
  {
    name: 'a ministry screening job applicants (Annex III 4(a))',
    settings: { role: ['deployer'], use_case: ['annex_iii_4a'], establishment: ['eu', 'public_authority'], supply_terms: ['none'] },
    ground: 'fundamental_rights_impact_assessment_public_body',
    says: /body governed by public law/i,
  },
  {
    name: 'a private school operator deciding admissions (Annex III 3(a))',
    settings: { role: ['deployer'], use_case: ['annex_iii_3a'], establishment: ['eu', 'public_service_provider'], supply_terms: ['none'] },
    ground: 'fundamental_rights_impact_assessment_public_service',
    says: /private entity providing public services/i,
  },
  {
    name: 'a bank scoring the creditworthiness of borrowers (Annex III 5(b))',
    settings: { role: ['deployer'], use_case: ['annex_iii_5b'], establishment: ['eu', 'regulated_financial_institution'], supply_terms: ['none'] },
    ground: 'fundamental_rights_impact_assessment_credit_insurance',
    says: /5\(b\)|creditworth|credit scor/i,
  },
  {
    name: 'a health insurer pricing policies (Annex III 5(c))',
    settings: { role: ['deployer'], use_case: ['annex_iii_5c'], establishment: ['eu'], supply_terms: ['none'] },
    ground: 'fundamental_rights_impact_assessment_credit_insurance',
    says: /5\(c\)|insurance/i,
  },
  {
    name: 'a public water utility using a safety component (Annex III 2 only)',
    settings: { role: ['deployer'], use_case: ['annex_iii_2'], establishment: ['eu', 'public_authority'], supply_terms: ['none'] },
    ground: null,
  },
  {
    name: 'a public utility using a safety component and screening its recruits (Annex III 2 and 4(a))',
    settings: { role: ['deployer'], use_case: ['annex_iii_2', 'annex_iii_4a'], establishment: ['eu', 'public_authority'], supply_terms: ['none'] },
    ground: 'fundamental_rights_impact_assessment_public_body',
  },
  { name: 'the developer of a credit-scoring model (a provider, not a deployer)', settings: { use_case: ['annex_iii_5b'] }, ground: null },
  { name: 'a private employer screening CVs', settings: { role: ['deployer'], use_case: ['annex_iii_4a'], establishment: ['eu', 'employer'], supply_terms: ['none'] }, ground: null },
  {
    name: 'a public hospital using AI in a medical device (Annex I, Art. 6(1): not Art. 6(2))',
    settings: { product_category: 'annex_i_section_a_product', role: ['deployer'], establishment: ['eu', 'public_authority'], supply_terms: ['none'] },
    ground: null,
  },
];

describe('the FRIA reason says which ground of Art. 27(1) applies', () => {
  it.each(FRIA_CASES)('$name', (c) => {
    const classification = classify(c.settings);
    const fria = classification.reasons.filter((r) => r.article.startsWith('Art. 27'));
    if (c.ground === null) {
      expect(fria).toEqual([]);
      return;
    }
    expect(fria.map((r) => r.rule)).toContain(c.ground);
    const reason = fria.find((r) => r.rule === c.ground)!;
    if (c.says) expect(reason.text).toMatch(c.says);
  });

  it('a public body that deploys credit scoring gets both grounds, each with its own reason', () => {
    const classification = classify({ role: ['deployer'], use_case: ['annex_iii_5b'], establishment: ['eu', 'public_authority'], supply_terms: ['none'] });
    const rules = classification.reasons.filter((r) => r.article.startsWith('Art. 27')).map((r) => r.rule);
    expect(rules).toEqual(['fundamental_rights_impact_assessment_public_body', 'fundamental_rights_impact_assessment_credit_insurance']);
  });
});

describe('profiling keeps an Annex III system high-risk, whatever derogation (Art. 6(3), last subparagraph)', () => {
  it.each([
    ['no derogation claimed', ['none']],
    ['a derogation claimed', ['derogation_narrow_procedural_task']],
    ['two derogations claimed', ['derogation_preparatory_task', 'derogation_improves_human_result']],
  ] as [string, string[]][])('a CV-ranking system that profiles applicants, %s', (_name, criticalIssues) => {
    const classification = classify({ use_case: ['annex_iii_4a'], project_requirements: ['profiles_natural_persons'], critical_issues: criticalIssues });
    expect(classification.categories).toEqual(['high_risk']);
    expect(classification.high_risk_basis).toEqual(['annex_iii']);
    const reason = classification.reasons.find((r) => r.rule === 'profiling_keeps_high_risk');
    expect(reason?.article).toMatch(/^Art\. 6\(3\)/);
    expect(reason?.text).toMatch(/always high-risk/i);
    expect(reason?.text).toMatch(/profil/i);
    expect(reason?.text).toMatch(/whether or not|whatever|even when|even if/i);
  });

  it('no profiling reason for a system that does not profile', () => {
    expect(rulesOf(classify({ use_case: ['annex_iii_4a'] }))).not.toContain('profiling_keeps_high_risk');
  });
});

// ── item 12: Art. 111 as amended ────────────────────────────────────────────────────────────────────────

const BEFORE_2026 = 'placed_before_2026_08_02';
const BEFORE_HIGH_RISK_DATE = 'placed_before_high_risk_obligations';
const ANNEX_X = 'annex_x_large_scale_it_component';

/**
 * Art. 111(2) as amended: operators of high-risk systems placed on the market or put into service before the
 * date their Chapter III obligations apply (Art. 113(c): 2 December 2027 for Annex III, 2 August 2028 for
 * Annex I) are bound only if the design changes significantly from that date; those intended for public
 * authorities comply by 2 August 2030. `date`: the cut-off the reason names, or null when 111(2) gives none.
 */
const ART_111_2_CASES: { name: string; settings: EuAiActSettingsInput; date: string | null }[] = [
  { name: 'a recruitment tool (Annex III 4(a)) on the market since 2025', settings: { use_case: ['annex_iii_4a'], supply_terms: ['placed_on_market', BEFORE_2026] }, date: '2 December 2027' },
  { name: 'a recruitment tool placed on the market in September 2026', settings: { use_case: ['annex_iii_4a'], supply_terms: ['placed_on_market', BEFORE_HIGH_RISK_DATE] }, date: '2 December 2027' },
  {
    name: 'a public body deploying a benefits-eligibility system (5(a)) put into service in 2027',
    settings: { role: ['deployer'], use_case: ['annex_iii_5a'], establishment: ['eu', 'public_authority'], supply_terms: [BEFORE_HIGH_RISK_DATE] },
    date: '2 December 2027',
  },
  { name: 'a medical device with an AI safety component (Annex I Section A) placed in 2027', settings: { product_category: 'annex_i_section_a_product', supply_terms: ['placed_on_market', BEFORE_HIGH_RISK_DATE] }, date: '2 August 2028' },
  { name: 'an Annex I Section A product on the market since 2025', settings: { product_category: 'annex_i_section_a_product', supply_terms: ['placed_on_market', BEFORE_2026] }, date: '2 August 2028' },
  { name: 'a machine with an AI safety component (Annex I Section B, Art. 111 among Art. 102–112) placed in 2027', settings: { product_category: 'annex_i_section_b_product', supply_terms: ['placed_on_market', BEFORE_HIGH_RISK_DATE] }, date: '2 August 2028' },
  { name: 'a recruitment tool placed on the market after its high-risk obligations apply', settings: { use_case: ['annex_iii_4a'] }, date: null },
  { name: 'a chatbot placed in September 2026 (not high-risk)', settings: { project_requirements: ['interacts_with_people'], supply_terms: ['placed_on_market', BEFORE_HIGH_RISK_DATE] }, date: null },
  { name: 'an Annex III use under the Art. 6(3) derogation placed in September 2026 (not high-risk)', settings: { use_case: ['annex_iii_4a'], critical_issues: ['derogation_preparatory_task'], supply_terms: ['placed_on_market', BEFORE_HIGH_RISK_DATE] }, date: null },
  { name: 'a visa-examination system (Annex III 7(c)) that is a component of the Visa Information System, placed in 2025: Art. 111(1), not 111(2)', settings: { use_case: ['annex_iii_7c'], supply_terms: ['placed_on_market', BEFORE_2026, ANNEX_X] }, date: null },
  { name: 'social scoring placed in September 2026 (a prohibition stands alone)', settings: { use_case: ['prohibited_social_scoring'], supply_terms: ['placed_on_market', BEFORE_HIGH_RISK_DATE] }, date: null },
];

describe('Art. 111(2): high-risk systems placed before their Chapter III obligations apply (as amended)', () => {
  it.each(ART_111_2_CASES)('$name: $date', (c) => {
    const classification = classify(c.settings);
    const reasons = classification.reasons.filter((r) => r.article.startsWith('Art. 111(2)'));
    if (c.date === null) {
      expect(reasons).toEqual([]);
      return;
    }
    expect(reasons).toHaveLength(1);
    const [reason] = reasons;
    expect(reason!.text).toContain(c.date);
    // The other basis's date is not this system's cut-off.
    expect(reason!.text).not.toContain(c.date === '2 December 2027' ? '2 August 2028' : '2 December 2027');
    expect(reason!.text).toMatch(/significant change/i);
    expect(reason!.text).toContain('2 August 2030');
    expect(reason!.article).toMatch(/113\(c\)/);
  });

  it('a system high-risk both as an Annex I product and for an Annex III use names each cut-off in its own reason', () => {
    const classification = classify({ product_category: 'annex_i_section_a_product', use_case: ['annex_iii_4a'], supply_terms: ['placed_on_market', BEFORE_HIGH_RISK_DATE] });
    const texts = classification.reasons.filter((r) => r.article.startsWith('Art. 111(2)')).map((r) => r.text);
    expect(texts).toHaveLength(2);
    expect(texts.some((t) => t.includes('2 December 2027'))).toBe(true);
    expect(texts.some((t) => t.includes('2 August 2028'))).toBe(true);
  });

  it('Art. 111(4) keeps 2 August 2026: a generator placed in September 2026 has no marking grace period', () => {
    const rules = rulesOf(classify({ project_requirements: ['generates_synthetic_content'], supply_terms: ['placed_on_market', BEFORE_HIGH_RISK_DATE] }));
    expect(rules).not.toContain('legacy_generative');
  });
});

/** The Art. 111 answers that say nothing for the system described are kept, with a warning (conflicts.ts). */
const ART_111_WARNING_CASES: { name: string; settings: EuAiActSettingsInput; warning: string | null }[] = [
  { name: 'placed before the high-risk date, a chatbot (minimal or transparency, not high-risk)', settings: { project_requirements: ['interacts_with_people'], supply_terms: ['placed_on_market', BEFORE_HIGH_RISK_DATE] }, warning: 'placed_before_high_risk_obligations_without_high_risk' },
  { name: 'placed before the high-risk date, a spam filter (minimal risk)', settings: { supply_terms: [BEFORE_HIGH_RISK_DATE] }, warning: 'placed_before_high_risk_obligations_without_high_risk' },
  { name: 'placed before the high-risk date, an Annex III use under the Art. 6(3) derogation', settings: { use_case: ['annex_iii_4a'], critical_issues: ['derogation_preparatory_task'], supply_terms: [BEFORE_HIGH_RISK_DATE] }, warning: 'placed_before_high_risk_obligations_without_high_risk' },
  { name: 'placed before the high-risk date, a general-purpose AI model', settings: { product_category: 'gpai_model', model_property: ['none'], supply_terms: [BEFORE_HIGH_RISK_DATE] }, warning: 'placed_before_high_risk_obligations_without_high_risk' },
  { name: 'placed before the high-risk date, a recruitment tool (high-risk)', settings: { use_case: ['annex_iii_4a'], supply_terms: [BEFORE_HIGH_RISK_DATE] }, warning: null },
  { name: 'placed before the high-risk date, an Annex I product (high-risk)', settings: { product_category: 'annex_i_section_a_product', supply_terms: [BEFORE_HIGH_RISK_DATE] }, warning: null },
  { name: 'placed before the high-risk date, the use not answered yet (not known to be not high-risk)', settings: { use_case: null, supply_terms: [BEFORE_HIGH_RISK_DATE] }, warning: null },
  { name: 'placed before 2 August 2026, a chatbot (the option still serves Art. 111(4))', settings: { project_requirements: ['interacts_with_people'], supply_terms: [BEFORE_2026] }, warning: null },
  { name: 'an Annex X component that is a general-purpose AI model on its own', settings: { product_category: 'gpai_model', model_property: ['none'], supply_terms: ['placed_on_market', ANNEX_X] }, warning: 'annex_x_component_without_ai_system' },
  { name: 'an Annex X component that is not an AI system', settings: { product_category: 'not_ai_system', supply_terms: ['placed_on_market', ANNEX_X] }, warning: 'annex_x_component_without_ai_system' },
  { name: 'an Annex X component that is a visa-examination AI system (Annex III 7(c))', settings: { use_case: ['annex_iii_7c'], supply_terms: ['placed_on_market', ANNEX_X] }, warning: null },
  { name: 'an Annex X component that is an AI system of minimal risk (Art. 111(1) covers every AI system component)', settings: { supply_terms: ['placed_on_market', ANNEX_X] }, warning: null },
];

describe('Art. 111(1): components of the Annex X large-scale IT systems', () => {
  it.each([
    { name: 'a visa-examination system (7(c)) in the Visa Information System', settings: { use_case: ['annex_iii_7c'], supply_terms: ['placed_on_market', ANNEX_X] } as EuAiActSettingsInput, reason: true },
    { name: 'a minimal-risk matching component of the Schengen Information System', settings: { supply_terms: ['placed_on_market', ANNEX_X] } as EuAiActSettingsInput, reason: true },
    { name: 'a visa-examination system outside Annex X', settings: { use_case: ['annex_iii_7c'], supply_terms: ['placed_on_market'] } as EuAiActSettingsInput, reason: false },
    { name: 'a general-purpose model answered as a component (no AI system)', settings: { product_category: 'gpai_model', model_property: ['none'], supply_terms: ['placed_on_market', ANNEX_X] } as EuAiActSettingsInput, reason: false },
  ])('$name: 111(1) reason $reason', ({ settings, reason }) => {
    const reasons = classify(settings).reasons.filter((r) => r.article.startsWith('Art. 111(1)'));
    expect(reasons.length).toBe(reason ? 1 : 0);
    if (reason) expect(reasons[0]!.text).toMatch(/31 December 2030/);
  });
});

describe('Art. 111 answers without effect are kept, with a warning', () => {
  const ART_111_WARNINGS = ['placed_before_high_risk_obligations_without_high_risk', 'annex_x_component_without_ai_system'];
  it.each(ART_111_WARNING_CASES)('$name: $warning', (c) => {
    const warnings = classify(c.settings).warnings.filter((w) => ART_111_WARNINGS.includes(w.rule));
    expect(warnings.map((w) => w.rule)).toEqual(c.warning === null ? [] : [c.warning]);
    for (const w of warnings) expect(w.article).toMatch(/^Art\. 111\(/);
  });
});

describe('pre-market research conflicts with every answer that says the system is already on the market', () => {
  it.each(['placed_on_market', 'own_use_only', BEFORE_2026, BEFORE_HIGH_RISK_DATE])('supply_terms %s', (placed) => {
    const validation = validateEuAiActSettings({ ...BASE, critical_issues: ['excluded_pre_market_research'], supply_terms: [placed] });
    expect(validation.ok).toBe(false);
    if (!validation.ok) expect(validation.problems.map((p) => p.path)).toEqual(['body.critical_issues']);
  });
});
