// EU AI Act template: chapter/section groups → articles → paragraphs → points, with applies_when built
// from the reference data's roles and risk categories, and the derived EU ↔ ISO/NIST consistency rule.
import { coverageOf, listRefs, mappingOut, readEntry } from './mappings.mjs';
import { euQuestionnaire } from './eu-questionnaire.mjs';

const REG = 'Regulation (EU) 2024/1689';
// In force since 27 July 2026 (OJ L, 2026/1744, 24.7.2026): its dates are the current ones.
const AMENDING = 'Regulation (EU) 2026/1744';
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const longDate = (iso) => {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d} ${MONTHS[m - 1]} ${y}`;
};
/** A date text of the reference data, for people: long dates, no transcription remarks. */
const humanDates = (text) => text.replaceAll(' per consolidated text', '').replace(/\d{4}-\d{2}-\d{2}/g, longDate);
const OPEN_POINT =
  'Not named in amended Art. 113(c): on a literal reading the general date applies, but as high-risk classification itself is deferred, in practice it follows the high-risk dates (an open point).';
/**
 * Amended Art. 2(2): for products of Annex I Section B (machinery among them since 2026) only Art. 6(1),
 * 60a and 102-112 apply, so the high-risk requirements apply on any other basis, not on that one alone.
 */
const NOT_SECTION_B_ONLY = { field: 'eu_ai_act.high_risk_basis', in: ['annex_i_product', 'annex_iii_use_case', 'annex_iii_exemption_claimed'] };
const SECTION_B_NOTE =
  'As amended by Regulation (EU) 2026/1744, machinery (Regulation (EU) 2023/1230) moved to Annex I Section B; for Section B products only Art. 6(1), 60a and 102-112 apply, so the Chapter III requirements do not.'
const HIGH_RISK_ANNEX_III_DATE = '2027-12-02';
const HIGH_RISK_ANNEX_I_DATE = '2028-08-02';
/** High-risk under Art. 6(1) (Annex I) and not also on an Annex III basis, whose earlier date then governs. */
const ANNEX_I_ONLY = {
  all: [
    { field: 'eu_ai_act.high_risk_basis', in: ['annex_i_product', 'annex_i_section_b_product'] },
    { not: { field: 'eu_ai_act.high_risk_basis', in: ['annex_iii_use_case', 'annex_iii_exemption_claimed'] } },
  ],
};
const OPERATOR_ROLES = new Set(['provider', 'deployer', 'importer', 'distributor', 'authorised_representative', 'product_manufacturer', 'gpai_provider', 'third_party_supplier']);
const role = (roles) => ({ field: 'eu_ai_act.role', in: roles });
const and = (conds) => (conds.length === 0 ? undefined : conds.length === 1 ? conds[0] : { all: conds });
const or = (conds) => (conds.length === 1 ? conds[0] : { any: conds });

/** Roles of the reference data → a condition; two roles there are a role plus another answer. */
function rolesCondition(roles) {
  const parts = [];
  const plain = roles.filter((r) => OPERATOR_ROLES.has(r));
  if (plain.length) parts.push(role(plain));
  if (roles.includes('gpai_provider_systemic_risk')) parts.push(and([role(['gpai_provider']), { field: 'eu_ai_act.model_property', in: ['systemic_risk'] }]));
  if (roles.includes('law_enforcement_deployers')) parts.push(and([role(['deployer']), { field: 'eu_ai_act.organization_context', in: ['law_enforcement'] }]));
  return parts.length ? or(parts) : undefined;
}

function articleCondition(a, override) {
  const risks = a.risk_categories.includes('all') ? [] : a.risk_categories;
  const base = override ?? and([rolesCondition(a.roles), risks.length ? { field: 'eu_ai_act.risk_category', in: risks } : undefined].filter(Boolean));
  // Articles with their own basis condition (a.when) already exclude Section B products.
  const highRiskOnly = risks.length === 1 && risks[0] === 'high-risk' && !['6', '7'].includes(a.article) && !a.when;
  const parts = base && 'all' in base ? [...base.all] : base ? [base] : [];
  return and([...parts, a.when, highRiskOnly ? NOT_SECTION_B_ONLY : undefined].filter(Boolean));
}

const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));

function paragraphCondition(article, addressee, extra) {
  const parts = [];
  // A paragraph narrows the article's roles only when it names operators; authorities never narrow it.
  if (addressee && !sameSet(addressee, article.roles)) {
    const c = rolesCondition(addressee);
    if (c) parts.push(c);
  }
  if (extra) parts.push(extra);
  return and(parts);
}

const isInformative = (addressee) => Array.isArray(addressee) && addressee.length > 0 && !addressee.some((r) => OPERATOR_ROLES.has(r) || r.endsWith('_deployers') || r === 'gpai_provider_systemic_risk');
const AUTHORITY_NAMES = { commission: 'the Commission', member_states: 'the Member States', ai_office: 'the AI Office' };
const humanList = (roles) => listRefs(roles.map((r) => AUTHORITY_NAMES[r] ?? r.replaceAll('_', ' ')));

/** "Art. 9(1)-(5)" → { article: '9', from: 1, to: 5 }; also "Art. 10(5) (Art. 4a as amended)", "Art. 11 + Annex IV". */
export function parseProvisions(text) {
  const out = [];
  for (const m of text.matchAll(/Art\. (\d+a?)(?:\((\d+)\)(?:\(\w+\))?(?:-\((\d+)\))?)?/g)) {
    const from = m[2] ? Number(m[2]) : undefined;
    out.push({ article: m[1], from, to: m[3] ? Number(m[3]) : from });
  }
  return out;
}

const covers = (provisions, article, paragraph) =>
  provisions.some((p) => p.article === article && (p.from === undefined || (Number(paragraph) >= p.from && Number(paragraph) <= p.to)));

const firstDate = (text) => /\d{4}-\d{2}-\d{2}/.exec(text ?? '')?.[0];
const articleOrder = (a) => Number.parseInt(a.article, 10) + (a.article.endsWith('a') ? 0.5 : 0);

/** The reference data's articles with the authored additions (eu-additions.yaml) merged in article order. */
function withAdditions(eu, additions) {
  const articles = eu.articles.map((a) => {
    const added = additions.points?.[a.article];
    if (!added) return a;
    const points = [...(a.points ?? [])];
    for (const pt of added) {
      // "1(ba)" goes after "1(b)", "1(bb)" after "1(ba)": after the last point it extends.
      const after = points.findLastIndex((x) => x.number.startsWith(pt.number.slice(0, -2)));
      if (after < 0) throw new Error(`eu-additions.yaml: Art. ${a.article} has no point to place ${pt.number} after`);
      points.splice(after + 1, 0, pt);
    }
    return { ...a, points };
  });
  for (const a of additions.articles ?? []) {
    if (articles.some((x) => x.article === a.article)) throw new Error(`eu-additions.yaml: Article ${a.article} is already in the reference data`);
    articles.push(a);
  }
  return articles.sort((x, y) => articleOrder(x) - articleOrder(y));
}

function appliesFromNote(a) {
  const { original_2024_1689: original, as_amended_by_2026_1744: amended } = a.applies_from;
  const current = amended === 'unchanged' ? original : amended;
  const open = /tied to high-risk|general date, but/.test(current) ? ` ${OPEN_POINT}` : '';
  if (/^n\/a/.test(original)) return `Inserted by ${AMENDING} (in force since 27 July 2026); applies ${/^from /.test(humanDates(current)) ? '' : 'from '}${humanDates(current)}.${open} Not in the Regulation as originally enacted.`;
  return `As amended by ${AMENDING} (in force since 27 July 2026): ${humanDates(current)}.${open} As originally enacted: ${humanDates(original)}.`;
}

export function buildEu(eu, crosswalk, euAuthored, isoEntries, nistEntries, controls, exceptions, additions) {
  const derived = crosswalk.eu_ai_act_to_iso42001_and_nist_ai_rmf.mappings.map((d) => ({ ...d, provisions: parseProvisions(d.eu_ai_act_provisions) }));
  const refControls = (ref) => (isoEntries.get(ref) ?? nistEntries.get(ref))?.mappings.map((m) => m.code) ?? [];
  const problems = [];
  const seenKeys = new Set();
  // Summaries of the reference data replaced by the amended wording (eu-additions.yaml `summaries`).
  const amendedSummaries = additions.summaries ?? {};
  const usedSummaries = new Set();
  const usedDates = new Set();
  const usedDeleted = new Set();
  const entryFor = (key) => {
    seenKeys.add(key);
    return readEntry(`EU ${key}`, euAuthored[key] ?? null);
  };

  const node = (article, key, number, summary, addressee, children = [], appliesFrom) => {
    const entry = entryFor(key);
    usedSummaries.add(key);
    const paragraph = number.match(/^\d+/)?.[0];
    const links = derived.filter((d) => covers(d.provisions, article.article, paragraph));
    const mappings = entry.mappings.map((m) => {
      const via = links.flatMap((d) => [...d.iso42001.map((i) => i.ref), ...d.nist_ai_rmf].filter((ref) => refControls(ref).includes(m.code)));
      if (!via.length) return mappingOut(m, controls, 'author');
      const d = links.find((l) => [...l.iso42001.map((i) => i.ref), ...l.nist_ai_rmf].some((ref) => via.includes(ref)));
      const refs = [...new Set(via)].map((ref) => (isoEntries.has(ref) ? `ISO/IEC 42001 ${ref}` : `NIST ${ref}`));
      return mappingOut(m, controls, 'derived', `Derived link (${d.confidence} confidence): ${d.rationale} ${listRefs(refs)} map${refs.length > 1 ? '' : 's'} to this control too.`);
    });
    const informative = isInformative(addressee);
    const notes = [];
    if (informative) notes.push(`Binds ${humanList(addressee)} only: no obligation for operators. Shown for reference, it never counts in coverage or progress; its effects are tracked in the obligations register (MFF-1.GOV.07).`);
    const out = {
      code: `Art. ${key}`,
      title: amendedSummaries[key] ?? summary,
      reference: `${REG}, Art. ${key === article.article ? article.article : key}`,
      ...(notes.length ? { notes } : {}),
    };
    const when = paragraphCondition(article, addressee, entry.when);
    if (when) out.applies_when = when;
    const dated = additions.dates?.[key];
    if (appliesFrom) {
      out.applies_from = appliesFrom;
      out.applies_from_note = `Inserted by ${AMENDING}; applies from ${longDate(appliesFrom)}.`;
    } else if (dated) {
      usedDates.add(key);
      out.applies_from = dated.as_amended;
      out.applies_from_note = `As amended by ${AMENDING}: ${longDate(dated.as_amended)} (${dated.why}). As originally enacted: ${longDate(dated.original)}.`;
    }
    if (informative) out.binds = 'authorities';
    const deleted = additions.deleted?.[key];
    if (deleted) {
      usedDeleted.add(key);
      out.deleted_by = { act: deleted.act, see: deleted.see };
      out.notes = [...(out.notes ?? []), `Deleted by ${deleted.act}${deleted.see ? `; its content is now in ${deleted.see}` : ''}. Shown for reference: it never applies and never counts.`];
    }
    Object.assign(out, informative ? { coverage: 'full' } : coverageOf(entry));
    out.controls = mappings;
    if (children.length) out.children = children;
    return out;
  };

  const SECTION_B_EXCLUDED = new Set(['4', '4a', '5', '50']);
  const NOT_SECTION_B = { not: { field: 'eu_ai_act.high_risk_basis', in: ['annex_i_section_b_product'] } };
  const articleNode = (a) => {
    const override = euAuthored[`Article ${a.article}`];
    if (override) seenKeys.add(`Article ${a.article}`);
    const paragraphs = a.paragraphs.map((p) => {
      const number = p.number === 'sole' ? '' : p.number;
      const key = `${a.article}${number.startsWith('(') || number === '' ? number : `(${number})`}`;
      const points = (a.points ?? [])
        .filter((pt) => pt.number.startsWith(`${p.number}(`))
        .map((pt) => node(a, `${a.article}${pt.number.replace(/^(\d+)/, '($1)')}`, pt.number, pt.summary, pt.addressee ?? undefined, [], pt.applies_from));
      const n = node(a, key, p.number === 'sole' ? '1' : p.number.replace(/[()]/g, ''), p.summary, p.addressee, points);
      if (p.note) n.notes = [...(n.notes ?? []), p.note.charAt(0).toUpperCase() + p.note.slice(1) + '.'];
      return n;
    });
    const orphan = (a.points ?? []).filter((pt) => !a.paragraphs.some((p) => pt.number.startsWith(`${p.number}(`)));
    if (orphan.length) problems.push(`Art. ${a.article}: points without a paragraph: ${orphan.map((p) => p.number).join(', ')}`);
    // The regulation is in force: a remark asking to verify the amended wording no longer holds.
    const notes = (a.notes ?? []).filter((n) => !/verify wording/i.test(n));
    const changes = a.amended_by_2026_1744?.changed ? a.amended_by_2026_1744.changes.join(' ') : '';
    if (changes) notes.push(/^New article inserted by /.test(changes) ? changes.replace(/^New article inserted by [^;.]*?(?=( for |;|\.|,))/, `Inserted by ${AMENDING} (in force since 27 July 2026)`) : `Amended by ${AMENDING} (in force since 27 July 2026): ${changes}`);
    if (a.article === '6') notes.push(SECTION_B_NOTE);
    const out = { code: `Article ${a.article}`, title: a.title, reference: `${REG}, Article ${a.article}` };
    if (notes.length) out.notes = notes;
    // Amended Art. 2(2): for a high-risk system of an Annex I Section B product only Art. 6(1), 60a and 102–112 apply,
    // so the articles addressed to every provider and deployer (4, 4a, 5, 50) do not apply on that basis.
    const condition = articleCondition(a, override?.when);
    const when = SECTION_B_EXCLUDED.has(a.article) ? (condition ? { all: [condition, NOT_SECTION_B] } : NOT_SECTION_B) : condition;
    if (when) out.applies_when = when;
    const current = a.applies_from.as_amended_by_2026_1744;
    const from = firstDate(current === 'unchanged' ? a.applies_from.original_2024_1689 : current);
    if (from) out.applies_from = from;
    // Art. 113(c) as amended: Chapter III Sections 1-3 apply to Annex III systems from 2 December 2027 and to
    // high-risk systems under Art. 6(1) (Annex I) from 2 August 2028 (issue 30, item 15).
    if (from === HIGH_RISK_ANNEX_III_DATE && a.chapter === 'III' && ['1', '2', '3'].includes(a.section) && current.includes(HIGH_RISK_ANNEX_I_DATE)) {
      out.applies_from_when = [{ date: HIGH_RISK_ANNEX_I_DATE, when: ANNEX_I_ONLY }];
    }
    out.applies_from_note = appliesFromNote(a);
    if (a.roles.every((r) => r === 'public_authorities_or_commission')) out.binds = 'authorities';
    out.children = paragraphs;
    return out;
  };

  // One group per chapter (and section), in the order the articles come.
  const groups = [];
  for (const a of withAdditions(eu, additions)) {
    const code = a.section ? `Ch. ${a.chapter} Sec. ${a.section}` : `Ch. ${a.chapter}`;
    let group = groups.find((g) => g.code === code);
    if (!group) {
      const chapter = eu.structure.find((c) => c.chapter === a.chapter);
      const section = chapter.sections.find((s) => s.section === a.section);
      group = { code, title: section ? section.title : chapter.title, reference: `${REG}, Chapter ${a.chapter}${section ? `, Section ${a.section}` : ''}`, children: [] };
      if (section) group.summary = `Chapter ${a.chapter}: ${chapter.title}.`;
      groups.push(group);
    }
    group.children.push(articleNode(a));
  }
  for (const key of Object.keys(euAuthored)) if (!seenKeys.has(key)) problems.push(`eu-ai-act.yaml maps unknown provision ${key}`);
  for (const key of Object.keys(amendedSummaries)) if (!usedSummaries.has(key)) problems.push(`eu-additions.yaml summarises unknown provision ${key}`);
  for (const key of Object.keys(additions.dates ?? {})) if (!usedDates.has(key)) problems.push(`eu-additions.yaml dates unknown provision ${key}`);
  for (const key of Object.keys(additions.deleted ?? {})) if (!usedDeleted.has(key)) problems.push(`eu-additions.yaml deletes unknown provision ${key}`);

  // Derived links: the provisions of each entry together share a control with each ISO/NIST reference.
  const excepted = new Set(exceptions.flatMap((e) => e.refs.map((r) => `${e.provisions} <> ${r}`)));
  for (const d of derived) {
    const euControls = new Set();
    const collect = (n, article) => {
      const m = /^Art\. (\d+a?)(?:\((\d+)\))?/.exec(n.code);
      if (m && m[1] === article && covers(d.provisions, m[1], m[2] ?? '1')) n.controls.forEach((c) => euControls.add(c.code));
      (n.children ?? []).forEach((c) => collect(c, article));
    };
    groups.forEach((g) => g.children.forEach((a) => a.children.forEach((p) => collect(p, a.code.replace('Article ', '')))));
    for (const ref of [...d.iso42001.map((i) => i.ref), ...d.nist_ai_rmf]) {
      const shared = refControls(ref).some((c) => euControls.has(c));
      const key = `${d.eu_ai_act_provisions} <> ${ref}`;
      if (!shared && !excepted.has(key)) problems.push(`${key} share no MFF-1 control`);
      if (shared && excepted.has(key)) problems.push(`${key} is listed as an exception but shares a control`);
    }
  }
  if (problems.length) throw new Error(`EU AI Act mappings:\n  ${problems.join('\n  ')}`);

  return {
    framework_code: 'EU_AI_ACT',
    name: 'EU AI Act',
    version: '2024/1689',
    publisher: 'European Union (summaries by Aegis)',
    description: `${eu.metadata.framework}, as amended by ${AMENDING}. The obligation-bearing articles, paragraph by paragraph, mapped to MFF-1, with the roles and risk categories each applies to.`,
    url: eu.metadata.eli,
    notice:
      'Article titles and structure follow the Official Journal (OJ L, 2024/1689, 12.7.2024), reused under Commission Decision 2011/833/EU. Paragraph summaries are plain-language overviews written by the Aegis project, not legal text: only the Official Journal text is authentic. Regulation (EU) 2026/1744 (OJ L, 2026/1744, 24.7.2026), in force since 27 July 2026, is applied: dates are shown as amended, the original ones labelled "as originally enacted". Paragraphs that bind public authorities only are shown for reference and never count in coverage or progress.',
    project_types: ['ai_application', 'organization'],
    questionnaire: euQuestionnaire(eu.annex_iii_high_risk_areas),
    requirements: groups,
  };
}
