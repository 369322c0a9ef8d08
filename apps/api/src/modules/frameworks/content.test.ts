import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIFECYCLE_PHASES, MAX_FRAMEWORK_TEMPLATE_BYTES, SHARED_SCOPING_FIELDS, type AppliesWhen, type FrameworkTemplate, type TemplateRequirement } from '@aegis/contracts';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILT_IN_TEMPLATES, MFF1_CONTROL_CODES } from './built-in-templates';
import { validateFrameworkTemplate } from './template-parser';

const here = fileURLToPath(new URL('.', import.meta.url));
const contentDir = join(here, 'content');
const repoRoot = join(here, '../../../../..');
const source = (file: string) => JSON.parse(readFileSync(join(contentDir, 'sources', file), 'utf8'));
const eu = source('eu-ai-act.json');
const iso = source('iso-42001.json');
const nist = source('nist-ai-rmf.json');
const crosswalk = source('crosswalk.json');
const authored = (file: string) => parse(readFileSync(join(contentDir, 'authored', file), 'utf8'));
const exceptions = authored('crosswalk-exceptions.yaml');
const euAdditions = authored('eu-additions.yaml') as { points: Record<string, unknown[]>; articles: { paragraphs: unknown[]; points?: unknown[] }[] };
const isoSummaries = authored('iso-summaries.yaml') as Record<string, string>;

type Node = TemplateRequirement & { depth: number; parent?: Node };
function flatten(requirements: TemplateRequirement[], depth = 1, parent?: Node): Node[] {
  return requirements.flatMap((r) => {
    const node: Node = { ...r, depth, parent };
    return [node, ...flatten(r.children ?? [], depth + 1, node)];
  });
}
const nodes = (code: keyof typeof BUILT_IN_TEMPLATES) => flatten(BUILT_IN_TEMPLATES[code].requirements);
const leaves = (code: keyof typeof BUILT_IN_TEMPLATES) => nodes(code).filter((n) => !n.children?.length);
const mappedCodes = (n: TemplateRequirement) => (n.controls ?? []).map((c) => (typeof c === 'string' ? c : c.code));
const byCode = (code: keyof typeof BUILT_IN_TEMPLATES) => new Map(nodes(code).map((n) => [n.code, n]));
/** Every field compared in a condition, with the values it is compared with. */
const comparisons = (c: AppliesWhen): { field: string; values: unknown[] }[] =>
  'all' in c ? c.all.flatMap(comparisons) : 'any' in c ? c.any.flatMap(comparisons) : 'not' in c ? comparisons(c.not) : [{ field: c.field, values: 'in' in c ? c.in : [c.equals] }];
const conditioned = (code: keyof typeof BUILT_IN_TEMPLATES) => Object.fromEntries(nodes(code).filter((n) => n.applies_when).map((n) => [n.code, n.applies_when]));

describe('built-in framework templates', () => {
  it.each(Object.keys(BUILT_IN_TEMPLATES) as (keyof typeof BUILT_IN_TEMPLATES)[])('%s passes the template schema and checks', (code) => {
    const template = BUILT_IN_TEMPLATES[code];
    const result = validateFrameworkTemplate(template, {
      // MFF-1 defines its controls itself; the others map to them.
      knownControlCodes: code === 'MFF-1' ? new Set() : MFF1_CONTROL_CODES,
      reservedFrameworkCodes: new Set(),
    });
    expect(result.ok ? [] : result.problems).toEqual([]);
    expect(template.framework_code).toBe(code);
    expect(Buffer.byteLength(JSON.stringify(template))).toBeLessThan(MAX_FRAMEWORK_TEMPLATE_BYTES);
  });

  it('MFF-1 has 60-120 complete controls, each also a requirement mapped to itself', () => {
    const controls = BUILT_IN_TEMPLATES['MFF-1'].controls ?? [];
    expect(controls.length).toBeGreaterThanOrEqual(60);
    expect(controls.length).toBeLessThanOrEqual(120);
    for (const c of controls) {
      expect(c.code).toMatch(new RegExp(`^MFF-1\\.${c.domain}\\.\\d{2}$`));
      expect(c.objective && c.guidance && c.evidence_examples?.length && c.lifecycle_phase?.length).toBeTruthy();
      for (const phase of c.lifecycle_phase ?? []) expect(LIFECYCLE_PHASES).toContain(phase);
    }
    const requirements = leaves('MFF-1');
    expect(requirements.map((r) => r.code)).toEqual(controls.map((c) => c.code));
    for (const r of requirements) expect(r.controls).toEqual([expect.objectContaining({ code: r.code, relationship: 'equal' })]);
  });

  it('EU AI Act: every obligation-bearing article, paragraph and point of the reference data', () => {
    const all = nodes('EU_AI_ACT');
    const articles = all.filter((n) => n.code.startsWith('Article '));
    const paragraphs = all.filter((n) => n.parent?.code.startsWith('Article '));
    const points = all.filter((n) => n.parent?.parent?.code.startsWith('Article '));
    // The reference data plus the authored additions (Art. 60, 61, 82, 86, 91, 92, 111; points 5(1)(ba), (bb)).
    const addedPoints = Object.values(euAdditions.points).flat().length + euAdditions.articles.flatMap((a) => a.points ?? []).length;
    expect(articles).toHaveLength(eu.metadata.counts.articles + euAdditions.articles.length);
    expect(paragraphs).toHaveLength(eu.metadata.counts.paragraph_or_point_entries + euAdditions.articles.flatMap((a) => a.paragraphs).length);
    expect(points).toHaveLength(eu.metadata.counts.sub_point_entries + addedPoints);
    expect(byCode('EU_AI_ACT').get('Art. 5(1)(h)')?.parent?.code).toBe('Art. 5(1)');
    for (const code of ['Article 60', 'Article 61', 'Article 86', 'Article 111']) expect(byCode('EU_AI_ACT').has(code), code).toBe(true);
    // Articles carry the roles and risk categories they apply to, and their application date as amended.
    const art9 = byCode('EU_AI_ACT').get('Article 9')!;
    expect(art9.applies_when).toEqual({
      all: [
        { field: 'eu_ai_act.role', in: ['provider'] },
        { field: 'eu_ai_act.risk_category', in: ['high-risk'] },
        { field: 'eu_ai_act.high_risk_basis', in: ['annex_i_product', 'annex_iii_use_case', 'annex_iii_exemption_claimed'] },
      ],
    });
    expect(art9.applies_from).toBe('2027-12-02');
    expect(byCode('EU_AI_ACT').get('Art. 26(1)')?.parent?.applies_when).toMatchObject({ all: expect.arrayContaining([{ field: 'eu_ai_act.role', in: ['deployer'] }]) });
  });

  it('EU AI Act: the questionnaire defines exactly the shared EU AI Act scoping fields', () => {
    const ids = (BUILT_IN_TEMPLATES.EU_AI_ACT.questionnaire ?? []).map((q) => q.id);
    expect(ids).toEqual(SHARED_SCOPING_FIELDS.filter((f) => f.startsWith('eu_ai_act.')));
  });

  it('ISO/IEC 42001: 43 clause entries and 38 Annex A controls, with our own summaries only', () => {
    const all = nodes('ISO_IEC_42001');
    expect(all.filter((n) => /^\d/.test(n.code))).toHaveLength(iso.metadata.counts.clause_entries);
    const annex = leaves('ISO_IEC_42001').filter((n) => n.code.startsWith('A.'));
    expect(annex).toHaveLength(iso.metadata.counts.annex_a_controls);
    const ownWords = new Set<string>([
      ...iso.clauses.filter((c: { summary_is_own_words: boolean }) => c.summary_is_own_words).map((c: { summary: string }) => c.summary),
      ...iso.annex_a.flatMap((o: { objective_summary: string; sub_objectives?: { summary: string }[]; controls: { summary: string; summary_is_own_words: boolean }[] }) => [
        o.objective_summary,
        ...(o.sub_objectives ?? []).map((s) => s.summary),
        ...o.controls.filter((c) => c.summary_is_own_words).map((c) => c.summary),
      ]),
    ]);
    for (const n of all) expect(ownWords.has(n.summary ?? '') || isoSummaries[n.code] === n.summary, n.code).toBe(true);
    // Rewritten in our own words (they followed the standard's wording too closely).
    for (const id of ['A.6.2.2', 'A.6.2.4', 'A.8.2', 'A.8.3', 'A.8.5', 'A.9.2', 'A.10.2']) expect(byCode('ISO_IEC_42001').get(id)?.summary, id).toBe(isoSummaries[id]);
  });

  it.each(['EU_AI_ACT', 'ISO_IEC_42001', 'NIST_AI_RMF'] as const)('%s: every condition compares a question of its own questionnaire with its options', (code) => {
    const questions = new Map((BUILT_IN_TEMPLATES[code].questionnaire ?? []).map((q) => [q.id, new Set(q.options.map((o) => o.value))]));
    expect(questions.size).toBeGreaterThan(0);
    const conditions = nodes(code).filter((n) => n.applies_when);
    expect(conditions.length).toBeGreaterThan(0);
    for (const n of conditions) {
      for (const { field, values } of comparisons(n.applies_when!)) {
        expect(questions.has(field), `${code} ${n.code}: ${field}`).toBe(true);
        for (const value of values) expect(questions.get(field)?.has(String(value)), `${code} ${n.code}: ${field} = ${String(value)}`).toBe(true);
      }
    }
  });

  it('ISO/IEC 42001: a scoping questionnaire of 4-6 explained questions decides Annex A controls only; clauses 4-10 always apply', () => {
    const questionnaire = BUILT_IN_TEMPLATES.ISO_IEC_42001.questionnaire ?? [];
    expect(questionnaire.length).toBeGreaterThanOrEqual(4);
    expect(questionnaire.length).toBeLessThanOrEqual(6);
    for (const q of questionnaire) {
      expect(q.id).toMatch(/^iso_42001\.[a-z_]+$/);
      expect(q.help, q.id).toBeTruthy();
      for (const o of q.options) expect(o.help, `${q.id} ${o.value}`).toBeTruthy();
    }
    const conditions = conditioned('ISO_IEC_42001');
    for (const code of Object.keys(conditions)) expect(code, 'only Annex A controls are scoped').toMatch(/^A\.\d+\.\d+(\.\d+)?$/);
    for (const n of leaves('ISO_IEC_42001').filter((l) => l.code.startsWith('A.'))) expect(n.parent?.applies_when, `${n.code}: conditions sit on the controls`).toBeUndefined();
    expect(conditions).toMatchObject({
      'A.6.1.2': { field: 'iso_42001.develops', in: ['in_house', 'commissioned'] },
      'A.9.4': { field: 'iso_42001.uses', equals: 'yes' },
      'A.10.3': { field: 'iso_42001.third_parties', equals: 'yes' },
      'A.10.4': { field: 'iso_42001.provides', equals: 'yes' },
    });
    // What every AI management system needs stays applicable whatever the answers.
    for (const code of ['A.2.2', 'A.3.2', 'A.5.2', 'A.6.2.6', 'A.6.2.8', 'A.7.4', 'A.8.4']) expect(conditions[code], code).toBeUndefined();
  });

  it('NIST AI RMF: the profile choice scopes the four functions', () => {
    const [profile, ...others] = BUILT_IN_TEMPLATES.NIST_AI_RMF.questionnaire ?? [];
    expect(others).toEqual([]);
    expect(profile).toMatchObject({ id: 'nist_ai_rmf.profile', answer_type: 'single' });
    expect(profile!.options.map((o) => o.value)).toEqual(['full', 'organization', 'system']);
    for (const o of profile!.options) expect(o.help).toBeTruthy();
    expect(conditioned('NIST_AI_RMF')).toEqual({
      GOVERN: { field: 'nist_ai_rmf.profile', in: ['full', 'organization'] },
      MAP: { field: 'nist_ai_rmf.profile', in: ['full', 'system'] },
      MEASURE: { field: 'nist_ai_rmf.profile', in: ['full', 'system'] },
      MANAGE: { field: 'nist_ai_rmf.profile', in: ['full', 'system'] },
    });
  });

  it('NIST AI RMF: 4 functions, 19 categories, 72 subcategories with their exact text', () => {
    const all = nodes('NIST_AI_RMF');
    expect(all.filter((n) => n.depth === 1)).toHaveLength(nist.metadata.counts.functions);
    expect(all.filter((n) => n.depth === 2)).toHaveLength(nist.metadata.counts.categories);
    const subs = leaves('NIST_AI_RMF');
    expect(subs).toHaveLength(72);
    const text = new Map(nist.subcategories.map((s: { id: string; text: string }) => [s.id, s.text]));
    for (const s of subs) expect(s.summary).toBe(text.get(s.code));
  });

  it('every leaf requirement maps to at least one MFF-1 control, with source, relationship and rationale', () => {
    for (const code of ['EU_AI_ACT', 'ISO_IEC_42001', 'NIST_AI_RMF'] as const) {
      for (const leaf of leaves(code)) {
        expect(leaf.controls?.length, `${code} ${leaf.code}`).toBeGreaterThan(0);
        expect(leaf.coverage, `${code} ${leaf.code}`).toBeDefined();
        for (const m of leaf.controls ?? []) {
          expect(typeof m).toBe('object');
          if (typeof m === 'string') continue;
          expect(MFF1_CONTROL_CODES.has(m.code), `${code} ${leaf.code} → ${m.code}`).toBe(true);
          expect(m.source && m.rationale && m.strength).toBeTruthy();
        }
        if (leaf.coverage === 'partial') expect(leaf.coverage_note).toBeTruthy();
      }
    }
  });

  it('NIST ↔ ISO pairs of the published crosswalk: a shared MFF-1 control corroborates an authored mapping, otherwise a note says they are not linked', () => {
    const isoNodes = byCode('ISO_IEC_42001');
    const nistNodes = byCode('NIST_AI_RMF');
    for (const pair of crosswalk.nist_ai_rmf_to_iso42001.mappings) {
      const n = nistNodes.get(pair.nist_subcategory)!;
      const shared = mappedCodes(isoNodes.get(pair.iso_ref)!).filter((c) => mappedCodes(n).includes(c));
      const label = `${pair.nist_subcategory} <> ${pair.iso_ref}`;
      if (shared.length) {
        const corroborated = (n.controls ?? []).filter((m) => typeof m !== 'string' && shared.includes(m.code) && m.rationale?.includes('Corroborated by the published crosswalk'));
        expect(corroborated.length, label).toBeGreaterThan(0);
      } else {
        expect(n.notes?.some((note) => note.includes(pair.iso_ref) && note.includes('MS-NIST-42001')), label).toBe(true);
      }
    }
    for (const e of exceptions.nist_iso) expect(e.reason.length).toBeGreaterThan(20);
  });

  it('NIST AI RMF: no mapping is labelled with the crosswalk it did not come from, and no weak crosswalk-induced link is left', () => {
    for (const leaf of leaves('NIST_AI_RMF')) {
      for (const m of leaf.controls ?? []) {
        if (typeof m === 'string') continue;
        expect(m.source, `${leaf.code} → ${m.code}`).toBe('author');
        // A weak link (strength 3 or less) may stay only as the author's own, never because of a pairing.
        if ((m.strength ?? 10) <= 3) expect(m.rationale, `${leaf.code} → ${m.code}`).not.toContain('crosswalk');
      }
    }
  });

  it('EU AI Act: paragraphs that bind authorities only are marked, and every control they map to is also mapped by a paragraph that binds operators', () => {
    const all = nodes('EU_AI_ACT');
    const bindsAuthorities = (n: Node | undefined): boolean => !!n && (n.binds === 'authorities' || bindsAuthorities(n.parent));
    const reference = all.filter((n) => n.controls?.length && bindsAuthorities(n));
    expect(reference.length).toBeGreaterThanOrEqual(30);
    expect(reference.map((n) => n.code)).toEqual(expect.arrayContaining(['Art. 7(1)', 'Art. 43(5)', 'Art. 73(7)', 'Art. 82(1)']));
    const operatorControls = new Set(all.filter((n) => n.controls?.length && !bindsAuthorities(n)).flatMap(mappedCodes));
    for (const n of reference) for (const c of mappedCodes(n)) expect(operatorControls.has(c), `${n.code} → ${c}`).toBe(true);
  });

  it('EU AI Act: dates as amended by Regulation (EU) 2026/1744, the original ones labelled, no Official Journal hedge left', () => {
    const eu = byCode('EU_AI_ACT');
    expect(eu.get('Article 26')?.applies_from).toBe('2027-12-02');
    expect(eu.get('Article 26')?.applies_from_note).toMatch(/2 December 2027.*2 August 2028.*As originally enacted: 2 August 2026/);
    expect(eu.get('Art. 6(1)')?.applies_from).toBe('2028-08-02');
    expect(eu.get('Art. 6(1)')?.applies_from_note).toMatch(/As originally enacted: 2 August 2027/);
    expect(eu.get('Art. 5(1)(ba)')?.applies_from).toBe('2026-12-02');
    expect(eu.get('Art. 5(1)(bb)')?.applies_from).toBe('2026-12-02');
    const text = JSON.stringify(BUILT_IN_TEMPLATES.EU_AI_ACT);
    expect(text).not.toMatch(/checked against the Official Journal|verify wording|per consolidated text/i);
  });

  it('EU AI Act provisions with a derived crosswalk entry share a control with each linked ISO/NIST requirement, citing it, or are exceptions', () => {
    // The generator checks this provision by provision; here at article level, independently of it.
    const all = nodes('EU_AI_ACT');
    const isoNodes = byCode('ISO_IEC_42001');
    const nistNodes = byCode('NIST_AI_RMF');
    const excepted = new Set(exceptions.eu_derived.flatMap((e: { provisions: string; refs: string[] }) => e.refs.map((r) => `${e.provisions} <> ${r}`)));
    for (const entry of crosswalk.eu_ai_act_to_iso42001_and_nist_ai_rmf.mappings) {
      const mine = all.filter((n) => n.code.startsWith(`Art. ${entry.eu_ai_act_article}(`) || n.code === `Art. ${entry.eu_ai_act_article}`);
      const euControls = new Set(mine.flatMap(mappedCodes));
      const refs: string[] = [...entry.iso42001.map((i: { ref: string }) => i.ref), ...entry.nist_ai_rmf];
      const linked = refs.filter((ref) => !excepted.has(`${entry.eu_ai_act_provisions} <> ${ref}`));
      for (const ref of linked) {
        const target = isoNodes.get(ref) ?? nistNodes.get(ref);
        expect(mappedCodes(target!).some((c) => euControls.has(c)), `${entry.eu_ai_act_provisions} <> ${ref}`).toBe(true);
      }
      if (!linked.length) continue;
      const derived = mine.flatMap((n) => (n.controls ?? []).filter((m) => typeof m !== 'string' && m.source === 'derived'));
      expect(derived.length, entry.eu_ai_act_provisions).toBeGreaterThan(0);
      expect(derived.every((m) => typeof m !== 'string' && m.rationale?.includes('Derived link'))).toBe(true);
    }
  });

  it('generates byte-identical output from the committed inputs', () => {
    const out = mkdtempSync(join(tmpdir(), 'framework-templates-'));
    afterAll(() => rmSync(out, { recursive: true, force: true }));
    execFileSync(process.execPath, [join(repoRoot, 'scripts/generate-framework-templates.mjs'), '--out', out], { stdio: 'pipe' });
    const generated = readdirSync(out).sort();
    expect(generated).toEqual(['EU_AI_ACT.json', 'ISO_IEC_42001.json', 'MFF-1.json', 'NIST_AI_RMF.json']);
    for (const file of generated) expect(readFileSync(join(out, file)).equals(readFileSync(join(contentDir, file))), file).toBe(true);
  });

  const shared = join(repoRoot, '../shared/frameworks');
  it.skipIf(!existsSync(shared))('the copied reference data matches ../shared/frameworks', () => {
    for (const file of ['eu-ai-act.json', 'iso-42001.json', 'nist-ai-rmf.json', 'crosswalk.json']) {
      expect(readFileSync(join(contentDir, 'sources', file)).equals(readFileSync(join(shared, file))), file).toBe(true);
    }
  });
});

// Keeps the type import honest: the generated JSON is a FrameworkTemplate.
export type _Check = FrameworkTemplate;
