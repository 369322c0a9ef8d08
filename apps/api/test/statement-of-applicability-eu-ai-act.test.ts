import type { StatementOfApplicability } from '@aegis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helper';

/**
 * Issue 30, items 16 to 18: the EU AI Act statement of applicability reads on its own. Every row says why,
 * with its article; the paragraphs binding public authorities only are apart and in no count; a header
 * gives the classification, the settings, who answered them and when, and the application dates.
 */
let t: TestApp;
let owner: Awaited<ReturnType<TestApp['login']>>;
beforeAll(async () => {
  t = await build();
  owner = await t.login('owner@demo.local');
});
afterAll(() => t.close());

const BASE = { establishment: ['eu'], project_requirements: ['none'], critical_issues: ['none'], supply_terms: ['none'] };
/** Situations of the Regulation: who does what with which system. */
const SITUATIONS: Record<string, Record<string, unknown>> = {
  // A company that builds a CV-screening tool and places it on the market: provider of an Annex III point 4(a) system.
  'provider of an Annex III system': { ...BASE, product_category: 'ai_system', role: ['provider'], use_case: ['annex_iii_4a'] },
  // An employer in the EU that uses such a tool to sort applications: deployer (Art. 26).
  'deployer of an Annex III system': { ...BASE, product_category: 'ai_system', role: ['deployer'], use_case: ['annex_iii_4a'], establishment: ['eu', 'employer'] },
  // A general-purpose model offered on its own through an API (Chapter V).
  'provider of a general-purpose AI model': { product_category: 'gpai_model', model_property: ['none'], establishment: ['eu'], critical_issues: ['none'], supply_terms: ['none'] },
  // Software following rules written by people: not an AI system (Art. 3(1)), the Regulation does not apply.
  'out of scope (not an AI system)': { product_category: 'not_ai_system' },
};

async function statementFor(name: string, settings: Record<string, unknown>) {
  const created = await owner({ method: 'POST', url: '/api/projects', payload: { name: `SoA EU: ${name}`, project_type: 'ai_application', frameworks: ['EU_AI_ACT'] } });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  const saved = await owner({ method: 'POST', url: `/api/projects/${id}/eu_ai_act_settings`, payload: settings });
  expect(saved.statusCode, saved.body).toBe(200);
  const response = await owner({ method: 'GET', url: `/api/projects/${id}/statement-of-applicability?framework=EU_AI_ACT` });
  expect(response.statusCode, response.body).toBe(200);
  return { id, soa: response.json() as StatementOfApplicability, classification: saved.json().classification };
}

const ARTICLE = /(Art\. |Annex )/;

describe('the EU AI Act statement of applicability (issue 30, items 16-18)', () => {
  for (const [name, settings] of Object.entries(SITUATIONS)) {
    it(`${name}: every row has a reason naming its article; authority-only rows are apart and in no count; the header tells the classification`, async () => {
      const { soa, classification } = await statementFor(name, settings);
      expect(soa.items.length).toBeGreaterThan(0);
      for (const item of [...soa.items, ...soa.authorities_only]) {
        expect(item.reason, item.code).toMatch(ARTICLE);
        expect(item.reason, item.code).not.toMatch(/Default|nothing excludes it/);
        // The answer is always to a named question: never "this project's answer: None of these" alone.
        expect(item.reason, item.code).not.toMatch(/this project's answers?:/);
        expect(item.article, item.code).toMatch(ARTICLE);
        expect(item.reason.startsWith(item.included ? 'Applies' : item.decided_by === 'person' ? 'Excluded by a person' : item.code && soa.authorities_only.includes(item) ? 'Binds public authorities only' : 'Does not apply')).toBe(true);
      }
      // Apart: authority-only rows are not among the decided ones and in no count.
      expect(soa.authorities_only.length).toBeGreaterThan(0);
      expect(soa.authorities_only.every((i) => !i.included && /binds public authorities only/i.test(i.reason))).toBe(true);
      expect(soa.items.some((i) => /authorities only/i.test(i.reason))).toBe(false);
      expect(soa.counts.included + soa.counts.excluded).toBe(soa.items.length);
      expect(soa.counts.included).toBe(soa.items.filter((i) => i.included).length);
      // The header: the classification with its reasons, the settings, who answered and when, the dates.
      expect(soa.header).not.toBeNull();
      expect(soa.header!.classification.label).toBe(classification.label);
      expect(soa.header!.classification.reasons).toEqual(classification.reasons);
      expect(soa.header!.settings.find((s) => s.field === 'product_category')!.answers).toHaveLength(1);
      expect(soa.header!.answered_by).toMatchObject({ email: 'owner@demo.local' });
      expect(Date.parse(soa.header!.answered_at!)).not.toBeNaN();
      expect(soa.header!.dates).toEqual(classification.dates);
      expect(soa.header!.dates_source).toMatch(/Art\. 113/);
    });
  }

  it('says why an included row applies from the conditions that hold, and why an excluded one does not, naming the question', async () => {
    const deployer = (await statementFor('deployer reasons', SITUATIONS['deployer of an Annex III system']!)).soa;
    const art26 = deployer.items.find((i) => i.code === 'Art. 26(1)')!;
    expect(art26).toMatchObject({ included: true, article: 'Art. 26(1)' });
    // One sentence about this operator and this system (item 16's own example).
    expect(art26.reason).toBe('Applies: you are the deployer of an Annex III point 4(a) system — Art. 26(1)');
    // Every row, included or not, says why with its article; no sentence ends in a bare label.
    for (const item of deployer.items) expect(item.reason, item.code).toMatch(/^(Applies: |Does not apply: ).+ — (Art\.|Article|Annex) .+$/);
    const art26_7 = deployer.items.find((i) => i.code === 'Art. 26(7)')!;
    expect(art26_7.reason).toBe('Applies: you are the deployer of an Annex III point 4(a) system; your organization is an employer using the system at the workplace — Art. 26(7)');
    const art16 = deployer.items.find((i) => i.code.startsWith('Art. 16'))!;
    expect(art16.included).toBe(false);
    expect(art16.reason).toMatch(/^Does not apply: it binds the provider.*; you are the deployer — Art\. 16/);
    // The date it applies to this project from: Art. 26 for an Annex III system from 2 December 2027 (Art. 113(c)(i)).
    expect(art26.applies_from).toBe('2027-12-02');
    // An unconditional requirement applies to every system in the Regulation's scope, with its article.
    const art4 = deployer.items.find((i) => i.code === 'Art. 4')!;
    expect(art4.reason).toMatch(/Art\. 4$/);

    const out = (await statementFor('out of scope reasons', SITUATIONS['out of scope (not an AI system)']!)).soa;
    expect(out.counts.included).toBe(0);
    expect(out.items.every((i) => i.reason.startsWith('Does not apply: '))).toBe(true);
  });

  it('each row carries the date it applies to this project from, by the basis of the classification (item 15)', async () => {
    const { id, soa: annexI } = await statementFor('dates', { ...BASE, product_category: 'annex_i_section_a_product', role: ['deployer'], use_case: ['none'] });
    expect(annexI.items.find((i) => i.code === 'Art. 26(1)')).toMatchObject({ included: true, applies_from: '2028-08-02' });
    expect(annexI.items.find((i) => i.code === 'Art. 4')!.applies_from).toBe('2025-02-02');
    const csv = await owner({ method: 'GET', url: `/api/projects/${id}/statement-of-applicability.csv?framework=EU_AI_ACT` });
    expect(csv.body.split('\r\n').some((l) => l.startsWith('Art. 26(1),') && l.includes(',2028-08-02,'))).toBe(true);
    // High-risk on an Annex III basis too: the earlier date governs.
    const saved = await owner({ method: 'POST', url: `/api/projects/${id}/eu_ai_act_settings`, payload: { ...BASE, product_category: 'annex_i_section_a_product', role: ['deployer'], use_case: ['annex_iii_4a'] } });
    expect(saved.statusCode, saved.body).toBe(200);
    const both = (await owner({ method: 'GET', url: `/api/projects/${id}/statement-of-applicability?framework=EU_AI_ACT` })).json() as StatementOfApplicability;
    expect(both.items.find((i) => i.code === 'Art. 26(1)')!.applies_from).toBe('2027-12-02');
  });

  it('the CSV opens with the header lines and lists the authority-only rows after the table, marked apart', async () => {
    const { id, soa } = await statementFor('csv', SITUATIONS['provider of an Annex III system']!);
    const csv = await owner({ method: 'GET', url: `/api/projects/${id}/statement-of-applicability.csv?framework=EU_AI_ACT` });
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toMatch(/^Statement of applicability,EU AI Act/);
    expect(lines.some((l) => l.startsWith(`Classification,${soa.header!.classification.label}`))).toBe(true);
    expect(lines.some((l) => l.startsWith('Classification reason,'))).toBe(true);
    expect(lines.some((l) => l.startsWith('Setting,Product category,AI system'))).toBe(true);
    expect(lines.some((l) => /^Settings answered by,.*owner@demo\.local/.test(l))).toBe(true);
    expect(lines.some((l) => l.startsWith('Application date,'))).toBe(true);
    const head = lines.indexOf('Code,Title,Section,Included,Decided by,Reason,Article,Applies from,Justification,Decided by person,Decided at,Status,Controls');
    expect(head).toBeGreaterThan(0);
    expect(lines[head - 1]).toBe('');
    const rows = lines.slice(head + 1).filter(Boolean);
    expect(rows).toHaveLength(soa.items.length + soa.authorities_only.length + soa.deleted.length);
    expect(rows.filter((l) => l.includes(',Binds authorities only,'))).toHaveLength(soa.authorities_only.length);
    expect(rows.filter((l) => l.includes(',Deleted by amendment,'))).toHaveLength(soa.deleted.length);
  });
});
