import { BUILT_IN_FRAMEWORK_CODES, type TemplateRequirement } from '@aegis/contracts';
import { describe, expect, it } from 'vitest';
import { classifyEuAiAct } from '../src/modules/applicability/eu-ai-act';
import { appliesFromFor } from '../src/modules/frameworks/applies-when';
import { BUILT_IN_TEMPLATES, MFF1_CONTROL_CODES } from '../src/modules/frameworks/built-in-templates';
import { parseFrameworkTemplate } from '../src/modules/frameworks/template-parser';

/**
 * Issue 30, item 15: Chapter III Sections 1-3 (Art. 6-27, except 6(5)) apply from 2 December 2027 to
 * Annex III high-risk systems (Art. 113(c)(i) as amended by Regulation (EU) 2026/1744) and from 2 August
 * 2028 to high-risk systems under Art. 6(1) and Annex I (Art. 113(c)(ii)). The template's per-requirement
 * date follows the classification: each situation is classified by the real rules, and the generated
 * template's date for the requirement is read for that classification's scoping answers.
 */
const TODAY = new Date('2026-09-01T00:00:00Z');
const base = { establishment: ['eu'], model_property: null, project_requirements: ['none'], critical_issues: ['none'], supply_terms: ['placed_on_market'] };
const scopingOf = (settings: Record<string, unknown>) => classifyEuAiAct({ ...base, ...settings } as never, TODAY).scoping;

/** The requirement with this code and its ancestors, root first. */
function chain(code: string): TemplateRequirement[] {
  const find = (nodes: readonly TemplateRequirement[], path: TemplateRequirement[]): TemplateRequirement[] | undefined => {
    for (const n of nodes) {
      if (n.code === code) return [...path, n];
      const found = find(n.children ?? [], [...path, n]);
      if (found) return found;
    }
    return undefined;
  };
  const found = find(BUILT_IN_TEMPLATES.EU_AI_ACT.requirements, []);
  if (!found) throw new Error(`no requirement ${code}`);
  return found;
}
const dateOf = (code: string, settings: Record<string, unknown>) => appliesFromFor(chain(code), scopingOf(settings));

const recruitment = { product_category: 'ai_system', role: ['provider'], use_case: ['annex_iii_4a'] };
const creditDeployer = { product_category: 'ai_system', role: ['deployer'], use_case: ['annex_iii_5b'] };
const medicalDevice = { product_category: 'annex_i_section_a_product', role: ['provider'], use_case: ['none'] };
const medicalDeviceDeployer = { ...medicalDevice, role: ['deployer'] };
const machinery = { product_category: 'annex_i_section_b_product', role: ['provider'], use_case: ['none'] };

describe('item 15: the date of Art. 6-27 follows the basis of the high-risk classification', () => {
  it.each([
    { name: 'provider of a recruitment tool (Annex III 4(a)): risk management', code: 'Art. 9(1)', settings: recruitment, date: '2027-12-02' },
    { name: 'provider of an AI medical device (Annex I Section A): risk management', code: 'Art. 9(1)', settings: medicalDevice, date: '2028-08-02' },
    { name: 'provider of a recruitment tool: data governance', code: 'Art. 10(2)', settings: recruitment, date: '2027-12-02' },
    { name: 'provider of an AI medical device: technical documentation', code: 'Art. 11(1)', settings: medicalDevice, date: '2028-08-02' },
    { name: 'provider of an AI medical device: provider obligations', code: 'Art. 16(a)', settings: medicalDevice, date: '2028-08-02' },
    { name: 'deployer of credit scoring (Annex III 5(b)): deployer obligations', code: 'Art. 26(1)', settings: creditDeployer, date: '2027-12-02' },
    { name: 'deployer of an AI medical device: deployer obligations', code: 'Art. 26(1)', settings: medicalDeviceDeployer, date: '2028-08-02' },
    { name: 'deployer of credit scoring: fundamental rights impact assessment', code: 'Art. 27(1)', settings: creditDeployer, date: '2027-12-02' },
    { name: 'Art. 6(2) classifies Annex III systems', code: 'Art. 6(2)', settings: recruitment, date: '2027-12-02' },
    { name: 'Art. 6(1) classifies Annex I products, whatever the answers', code: 'Art. 6(1)', settings: recruitment, date: '2028-08-02' },
    { name: 'Art. 6(1) for machinery (Annex I Section B)', code: 'Art. 6(1)', settings: machinery, date: '2028-08-02' },
    { name: 'an AI medical device that also serves an Annex III use (4(a)) keeps the Annex III date', code: 'Art. 9(1)', settings: { ...medicalDevice, use_case: ['annex_iii_4a'] }, date: '2027-12-02' },
  ])('$name: $code from $date', ({ code, settings, date }) => {
    expect(dateOf(code, settings)).toBe(date);
  });

  it('while the classification is not answered, the template keeps the earlier date (Annex III)', () => {
    expect(appliesFromFor(chain('Art. 9(1)'), {})).toBe('2027-12-02');
  });

  it('the articles of other chapters keep their own date, whatever the basis', () => {
    expect(dateOf('Art. 50(1)', { ...medicalDevice, project_requirements: ['interacts_with_people'] })).toBe('2026-08-02');
    expect(dateOf('Art. 53(1)(a)', { product_category: 'gpai_model', role: ['provider'], use_case: ['none'], model_property: ['none'] })).toBe('2025-08-02');
  });
});

describe('item 15: applies_from_when in the template format', () => {
  const parse = (requirement: Record<string, unknown>) =>
    parseFrameworkTemplate({
      bytes: new TextEncoder().encode(JSON.stringify({ framework_code: 'ACME_DATES', name: 'Acme', version: '1', requirements: [{ code: '1', title: 'Risk', controls: ['MFF-1.RSK.02'], ...requirement }] })),
      filename: 'acme.json',
      knownControlCodes: MFF1_CONTROL_CODES,
      reservedFrameworkCodes: new Set<string>(BUILT_IN_FRAMEWORK_CODES),
    });
  const annexI = { field: 'eu_ai_act.high_risk_basis', in: ['annex_i_product'] };
  const messages = (result: ReturnType<typeof parse>) => (result.ok ? [] : result.problems.map((p) => `${p.path}: ${p.message}`));

  it('accepts a later date for one basis beside the date otherwise', () => {
    expect(messages(parse({ applies_from: '2027-12-02', applies_from_when: [{ date: '2028-08-02', when: annexI }] }))).toEqual([]);
  });
  it.each([
    { name: 'without applies_from', requirement: { applies_from_when: [{ date: '2028-08-02', when: annexI }] }, problem: /applies_from_when needs applies_from/ },
    { name: 'with an unknown field', requirement: { applies_from: '2027-12-02', applies_from_when: [{ date: '2028-08-02', when: { field: 'acme.basis', in: ['x'] } }] }, problem: /unknown field acme\.basis/ },
    { name: 'with a date that is not a date', requirement: { applies_from: '2027-12-02', applies_from_when: [{ date: 'August 2028', when: annexI }] }, problem: /applies_from_when/ },
  ])('refuses applies_from_when $name', ({ requirement, problem }) => {
    expect(messages(parse(requirement)).join('\n')).toMatch(problem);
  });
});
