import { describe, expect, it } from 'vitest';
import { classifyEuAiAct } from '../src/modules/applicability/eu-ai-act';

/**
 * Issue 30, item 14 (the dates list): for an AI system in an Annex I Section B product only Art. 6(1), 60a
 * and 102-112 apply (Art. 2(2) as amended), so the dates of Art. 4, 5 and 50 are not relevant to it; and
 * the fines for providers of general-purpose AI models (Art. 101) apply from 2 August 2026 (Art. 113(b)).
 */
const TODAY = new Date('2026-09-01T00:00:00Z');
const base = { model_property: null, project_requirements: ['none'], critical_issues: ['none'], supply_terms: ['placed_on_market'] };
const dates = (settings: Record<string, unknown>) => classifyEuAiAct({ ...base, ...settings } as never, TODAY).classification.dates;

describe('item 14: the dates list of an Annex I Section B system, and the GPAI fines', () => {
  const machinery = { product_category: 'annex_i_section_b_product', role: ['provider'], use_case: ['none'], establishment: ['eu'] };
  const medicalDevice = { ...machinery, product_category: 'annex_i_section_a_product' };
  const generative = { ...machinery, product_category: 'ai_system', project_requirements: ['generates_synthetic_content'], supply_terms: ['placed_on_market', 'placed_before_2026_08_02'] };
  const model = { product_category: 'gpai_model', role: ['provider'], use_case: ['none'], establishment: ['eu'], model_property: ['none'] };

  it.each([
    { name: 'machinery (Section B): no Art. 4, 5 or 50 date', settings: machinery, absent: /Art\. (4|5|50)\b|Art\. 5\(/, present: ['2026-07-27', '2028-08-02'] },
    { name: 'generative machinery (Section B): no Art. 50(2) or new-prohibition date', settings: { ...generative, product_category: 'annex_i_section_b_product' }, absent: /Art\. (4|5|50)\b|Art\. 5\(|Art\. 50\(/, present: ['2028-08-02'] },
  ])('$name', ({ settings, absent, present }) => {
    const list = dates(settings);
    expect(list.filter((d) => absent.test(d.what)).map((d) => d.what)).toEqual([]);
    for (const date of present) expect(list.map((d) => d.date)).toContain(date);
  });

  it('the same answers for a Section A product or an ordinary system keep the Art. 4, 5 and 50 dates', () => {
    expect(dates(medicalDevice).some((d) => /Art\. 4\)/.test(d.what) || /Art\. 5\(1\)/.test(d.what))).toBe(true);
    expect(dates(generative).some((d) => /Art\. 50\(2\)/.test(d.what))).toBe(true);
  });

  it('a GPAI model: its obligations from 2 August 2025, the fines for its provider from 2 August 2026 (Art. 101)', () => {
    const list = dates(model);
    expect(list.find((d) => d.date === '2025-08-02')?.what).toMatch(/except the fines .*Art\. 101/);
    expect(list.find((d) => d.date === '2026-08-02' && /Art\. 101/.test(d.basis))).toMatchObject({ what: expect.stringMatching(/[Ff]ines for providers of general-purpose AI models/) });
    expect(dates(machinery).some((d) => /Art\. 101/.test(d.basis))).toBe(false);
  });
});
