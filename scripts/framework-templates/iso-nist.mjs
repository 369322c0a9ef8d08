// ISO/IEC 42001 and NIST AI RMF templates, and the NIST ↔ ISO consistency rule of the crosswalk.
import { coverageOf, listRefs, mappingOut, readEntry } from './mappings.mjs';

const ISO_NOTICE =
  'ISO/IEC 42001 is copyrighted by ISO/IEC. This template holds only clause and control identifiers and titles, with summaries written by the Aegis project; it does not reproduce the standard. Implementing it needs a licensed copy of ISO/IEC 42001:2023.';
const NIST_NOTICE =
  'Function, category and subcategory statements are reproduced from NIST AI 100-1, Artificial Intelligence Risk Management Framework (AI RMF 1.0), https://doi.org/10.6028/NIST.AI.100-1, a work of the U.S. Government not subject to copyright in the United States (17 U.S.C. 105). Category titles are our own short labels. NIST does not endorse this product.';

/** ISO requirement code → its authored entry; used by the NIST and EU builders to find shared controls. */
export function readIsoEntries(isoAuthored) {
  return new Map(Object.entries(isoAuthored).map(([key, value]) => [key, readEntry(`ISO ${key}`, value)]));
}

/** `summaries`: own-words summaries (iso-summaries.yaml) that replace the reference data's for some ids. */
export function buildIso(iso, entries, controls, summaries = {}) {
  for (const id of Object.keys(summaries)) if (!iso.annex_a.some((o) => o.controls.some((c) => c.id === id)) && !iso.clauses.some((c) => c.id === id)) throw new Error(`iso-summaries.yaml: unknown id ${id}`);
  const leaf = (id, title, summary, reference) => {
    const entry = entries.get(id);
    if (!entry) throw new Error(`ISO ${id}: no mapping in iso-42001.yaml`);
    return { code: id, title, summary: summaries[id] ?? summary, reference, ...coverageOf(entry), controls: entry.mappings.map((m) => mappingOut(m, controls, 'author')) };
  };
  const clauseNode = (c) => {
    const kids = iso.clauses.filter((k) => k.parent === c.id);
    const reference = `ISO/IEC 42001:2023, clause ${c.id}`;
    return kids.length ? { code: c.id, title: c.title, summary: c.summary, reference, children: kids.map(clauseNode) } : leaf(c.id, c.title, c.summary, reference);
  };
  const control = (c) => leaf(c.id, c.title, c.summary, `ISO/IEC 42001:2023, Annex A, control ${c.id}`);
  const objective = (o) => {
    const reference = `ISO/IEC 42001:2023, Annex A, ${o.id}`;
    const children = o.sub_objectives
      ? o.sub_objectives.map((s) => ({ code: s.id, title: s.title, summary: s.summary, reference: `ISO/IEC 42001:2023, Annex A, ${s.id}`, children: o.controls.filter((c) => c.sub_objective === s.id).map(control) }))
      : o.controls.map(control);
    return { code: o.id, title: o.title, summary: o.objective_summary, reference, children };
  };
  const used = new Set([...iso.clauses.map((c) => c.id), ...iso.annex_a.flatMap((o) => o.controls.map((c) => c.id))]);
  for (const key of entries.keys()) if (!used.has(key)) throw new Error(`iso-42001.yaml maps unknown requirement ${key}`);
  return {
    framework_code: 'ISO_IEC_42001',
    name: 'ISO/IEC 42001:2023 AI management system',
    version: '2023',
    publisher: 'ISO/IEC JTC 1/SC 42 (outline and summaries by Aegis)',
    description: 'Requirements for an AI management system (clauses 4 to 10) and the reference controls of Annex A, mapped to MFF-1.',
    url: iso.metadata.iso_catalogue_url,
    notice: ISO_NOTICE,
    project_types: ['organization', 'ai_application'],
    requirements: [...iso.clauses.filter((c) => c.parent === null).map(clauseNode), ...iso.annex_a.map(objective)],
  };
}

const TABLE = { GOVERN: 1, MAP: 2, MEASURE: 3, MANAGE: 4 };

/** A short title from a long statement: its first sentence, cut at a word if still long. */
function shortTitle(text) {
  const first = text.split(/(?<=\.)\s/)[0];
  if (first.length <= 240) return first;
  return `${first.slice(0, 240).replace(/\s+\S*$/, '')}…`;
}

export function buildNist(nist, crosswalk, nistAuthored, isoEntries, controls, exceptions) {
  const source = crosswalk.metadata.sources.find((s) => s.id === 'MS-NIST-42001');
  const pairs = crosswalk.nist_ai_rmf_to_iso42001.mappings;
  const reasons = new Map(exceptions.map((e) => [e.pair.join(' <> '), e.reason]));
  const problems = [];
  const subcategory = (s) => {
    const entry = readEntry(s.id, nistAuthored[s.id] ?? null);
    const paired = pairs.filter((p) => p.nist_subcategory === s.id);
    const mine = new Set(entry.mappings.map((m) => m.code));
    const unlinked = [];
    for (const p of paired) {
      const shared = isoEntries.get(p.iso_ref).mappings.some((m) => mine.has(m.code));
      const key = `${s.id} <> ${p.iso_ref}`;
      if (shared && reasons.has(key)) problems.push(`${key} is listed as an exception but shares a control`);
      if (!shared) unlinked.push(p.iso_ref);
    }
    // Every mapping is the author's; a pairing of the crosswalk that reaches the same control corroborates it.
    const out = entry.mappings.map((m) => {
      const via = paired.filter((p) => isoEntries.get(p.iso_ref).mappings.some((x) => x.code === m.code)).map((p) => p.iso_ref);
      if (!via.length) return mappingOut(m, controls, 'author');
      const low = paired.some((p) => via.includes(p.iso_ref) && p.confidence === 'low');
      const extra = `Corroborated by the published crosswalk ${source.id}, which pairs ${s.id} with ISO/IEC 42001 ${listRefs(via)}, mapped to this control too${low ? ' (one pairing is flagged low-confidence in the transcription)' : ''}; the crosswalk itself does not name MFF-1 controls.`;
      return mappingOut(m, controls, 'author', extra);
    });
    const notes = [];
    const explained = unlinked.filter((ref) => reasons.has(`${s.id} <> ${ref}`));
    const weak = unlinked.filter((ref) => !reasons.has(`${s.id} <> ${ref}`));
    if (weak.length) notes.push(`The crosswalk ${source.id} also pairs this subcategory with ISO/IEC 42001 ${listRefs(weak)}; the overlap is weak, so no MFF-1 control links them.`);
    for (const ref of explained) notes.push(`The crosswalk ${source.id} also pairs this subcategory with ISO/IEC 42001 ${ref}; no MFF-1 control links them: ${reasons.get(`${s.id} <> ${ref}`)}`);
    return {
      code: s.id,
      title: shortTitle(s.text),
      summary: s.text,
      reference: `NIST AI 100-1, Table ${TABLE[s.function]}, p. ${s.printed_page}`,
      ...(notes.length ? { notes } : {}),
      ...coverageOf(entry),
      controls: out,
    };
  };
  const requirements = nist.functions.map((f) => ({
    code: f.id,
    title: f.title,
    summary: f.text,
    reference: `NIST AI 100-1, section ${f.ai_100_1_section}`,
    children: nist.categories
      .filter((c) => c.function === f.id)
      .map((c) => ({ code: c.id, title: c.short_label, summary: c.title, reference: `NIST AI 100-1, Table ${TABLE[f.id]}, p. ${c.printed_page}`, children: nist.subcategories.filter((s) => s.category === c.id).map(subcategory) })),
  }));
  for (const key of Object.keys(nistAuthored)) if (!nist.subcategories.some((s) => s.id === key)) problems.push(`nist-ai-rmf.yaml maps unknown subcategory ${key}`);
  if (problems.length) throw new Error(`NIST AI RMF mappings:\n  ${problems.join('\n  ')}`);
  return {
    framework_code: 'NIST_AI_RMF',
    name: 'NIST AI Risk Management Framework 1.0',
    version: nist.metadata.version,
    publisher: 'National Institute of Standards and Technology (NIST)',
    description: 'The AI RMF Core: 4 functions, 19 categories and 72 subcategories for managing AI risks, mapped to MFF-1.',
    url: nist.metadata.doi,
    notice: NIST_NOTICE,
    project_types: ['ai_application', 'organization'],
    sources: [{ id: source.id, title: source.title, url: source.url, note: `${source.provider}. Based on ${source.basis}` }],
    requirements,
  };
}
