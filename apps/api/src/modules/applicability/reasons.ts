import { PROJECT_TYPE_LABELS, type AppliesWhen, type TemplateQuestion } from '@aegis/contracts';
import { evaluateAppliesWhen, type ScopingAnswers } from '../frameworks/applies-when';
import { euAiActClauses, euAiActExcludedClause, type HeldAnswer } from './reason-words-eu-ai-act';

/** What the reasons call a question and its options: the questionnaires' own words. */
export type QuestionLabels = ReadonlyMap<string, { name: string; options: ReadonlyMap<string, string> }>;

/**
 * Short names of the shared scoping fields, for a sentence ("Applies when the EU AI Act role is …"):
 * the EU_AI_ACT questionnaire's texts are questions, not names.
 */
const SHARED_FIELD_NAMES: Record<string, string> = {
  'project.project_type': 'the project type',
  'eu_ai_act.role': 'the EU AI Act role',
  'eu_ai_act.risk_category': 'the EU AI Act risk category',
  'eu_ai_act.high_risk_basis': 'the high-risk basis',
  'eu_ai_act.annex_iii_area': 'the Annex III area',
  'eu_ai_act.annex_iii_use_case': 'the Annex III use case',
  'eu_ai_act.establishment': 'the establishment',
  'eu_ai_act.model_property': 'the model property',
  'eu_ai_act.transparency_trigger': 'the Art. 50 transparency case',
  'eu_ai_act.organization_context': 'the organization context',
};

/**
 * An option's label up to its first parenthesis: "Provider (develops it, …)" reads "Provider". A label
 * that says nothing without its parenthesis keeps it: "None of these (minimal risk)" stays whole.
 */
const shortLabel = (label: string) => {
  const short = label.replace(/\s+\(.*$/s, '').replace(/[.;:]$/, '').trim();
  return !short || /^(none|other|no|not)\b/i.test(short) ? label.replace(/[.;:]$/, '').trim() : short;
};

/**
 * Options whose label only reads beside the option before it in the questionnaire ("The same for a product
 * under Annex I Section B …"): their words in a sentence of their own.
 */
const OPTION_WORDS: Record<string, Record<string, string>> = {
  'eu_ai_act.high_risk_basis': { annex_i_section_b_product: 'Safety component of, or itself, a product under Annex I Section B legislation' },
};

/** The labels of the template questionnaires (and the project type), keyed by field id. */
export function questionLabels(questionnaires: readonly (readonly TemplateQuestion[])[]): QuestionLabels {
  const labels = new Map<string, { name: string; options: Map<string, string> }>();
  labels.set('project.project_type', { name: SHARED_FIELD_NAMES['project.project_type']!, options: new Map(Object.entries(PROJECT_TYPE_LABELS)) });
  for (const questions of questionnaires) {
    for (const question of questions) {
      if (labels.has(question.id)) continue;
      const name = SHARED_FIELD_NAMES[question.id] ?? `the answer to “${question.text}”`;
      labels.set(question.id, { name, options: new Map(question.options.map((o) => [o.value, OPTION_WORDS[question.id]?.[o.value] ?? shortLabel(o.label)])) });
    }
  }
  return labels;
}

type Leaf = Extract<AppliesWhen, { field: string }>;
const isLeaf = (c: AppliesWhen): c is Leaf => 'field' in c;

function describer(labels: QuestionLabels) {
  const name = (field: string) => labels.get(field)?.name ?? SHARED_FIELD_NAMES[field] ?? field;
  const value = (field: string, v: string | number | boolean) => labels.get(field)?.options.get(String(v)) ?? String(v);
  const values = (field: string, vs: readonly (string | number | boolean)[]) => vs.map((v) => value(field, v)).join(' or ');

  /** The condition in words, e.g. "the EU AI Act role is Provider or Importer". */
  function phrase(c: AppliesWhen, nested = false): string {
    if (isLeaf(c)) return `${name(c.field)} is ${values(c.field, 'in' in c ? c.in : [c.equals])}`;
    if ('not' in c) return isLeaf(c.not) ? `${name(c.not.field)} is not ${values(c.not.field, 'in' in c.not ? c.not.in : [c.not.equals])}` : `not (${phrase(c.not, true)})`;
    const text = ('all' in c ? c.all : c.any).map((part) => phrase(part, true)).join('all' in c ? ' and ' : ' or ');
    return nested ? `(${text})` : text;
  }
  return { name, value, phrase };
}

/** The fields a condition reads, in order of appearance. */
function fieldsOf(c: AppliesWhen, out: string[] = []): string[] {
  if (isLeaf(c)) {
    if (!out.includes(c.field)) out.push(c.field);
  } else if ('not' in c) fieldsOf(c.not, out);
  else for (const part of 'all' in c ? c.all : c.any) fieldsOf(part, out);
  return out;
}

/** The smallest part of a definitely false condition that makes it false: the first false part of an `all`. */
function failingPart(c: AppliesWhen, answers: ScopingAnswers): AppliesWhen {
  if ('all' in c) {
    const part = c.all.find((p) => evaluateAppliesWhen(p, answers) === false);
    return part ? failingPart(part, answers) : c;
  }
  return c;
}

/**
 * Why a requirement does not apply, in words, from the first definitely false condition of its chain
 * (its ancestors' first, then its own): "Applies when the EU AI Act role is Provider or Importer; this
 * project's answer: Deployer". Null when every condition holds or is unknown.
 */
export function notApplicableReason(conditions: readonly (AppliesWhen | undefined)[], answers: ScopingAnswers, labels: QuestionLabels): string | null {
  const failing = conditions.find((c): c is AppliesWhen => c !== undefined && evaluateAppliesWhen(c, answers) === false);
  if (!failing) return null;
  const { name, value, phrase } = describer(labels);
  const part = failingPart(failing, answers);
  const given = (field: string) => {
    const answer = answers[field];
    const list = Array.isArray(answer) ? answer : answer === null || answer === undefined ? [] : [answer];
    return list.length === 0 ? 'not answered' : list.map((v) => value(field, v)).join(', ');
  };
  const fields = fieldsOf(part);
  const said = fields.length === 1 ? `this project's answer: ${given(fields[0]!)}` : `this project's answers: ${fields.map((f) => `${name(f).replace(/^the /, '')}: ${given(f)}`).join('; ')}`;
  return `Applies when ${phrase(part)}; ${said}`;
}

/** A person's exclusion, as the lists show it. */
export const excludedByPersonReason = (justification: string | null) => `Excluded by a person: ${justification?.trim() || 'no justification given'}`;

/** The article a requirement's reference names, without the act: "Regulation (EU) 2024/1689, Art. 26(1)" reads "Art. 26(1)". */
export function articleOf(reference: string | null | undefined, code: string): string {
  const cited = (reference ?? '').replace(/^Regulation \(EU\) \d{4}\/\d+,\s*/, '').replace(/^Article\s+/, 'Art. ').trim();
  return cited || code;
}

/** The parts of a condition that hold on these answers (and the unanswered ones), leaf by leaf. */
function heldLeaves(c: AppliesWhen, answers: ScopingAnswers, out: { held: AppliesWhen[]; unknown: AppliesWhen[] }) {
  const verdict = evaluateAppliesWhen(c, answers);
  if (isLeaf(c) || ('not' in c && isLeaf(c.not))) {
    if (verdict === true) out.held.push(c);
    else if (verdict === 'unknown') out.unknown.push(c);
    return out;
  }
  if ('not' in c) {
    if (verdict === true) out.held.push(c);
    return out;
  }
  if ('all' in c) for (const part of c.all) heldLeaves(part, answers, out);
  else {
    const part = c.any.find((p) => evaluateAppliesWhen(p, answers) === true) ?? c.any.find((p) => evaluateAppliesWhen(p, answers) !== false);
    if (part) heldLeaves(part, answers, out);
  }
  return out;
}

const fieldOfLeaf = (c: AppliesWhen) => (isLeaf(c) ? c.field : 'not' in c && isLeaf(c.not) ? `not:${c.not.field}` : JSON.stringify(c));

/**
 * Why a requirement of the statement of applicability applies, with its legal basis: the conditions of
 * its chain that hold (the most specific per question, with the project's answers that make them hold),
 * then its article. "Applies: you are the deployer of an Annex III point 4(a) system — Art. 26(1)" (the
 * EU AI Act's answers in one sentence, `reason-words-eu-ai-act.ts`; other answers "the … is …"). An unconditional requirement applies to every system in the Regulation's scope
 * (`everyone`); an unanswered question is said as such (it never hides a requirement).
 */
export function appliesReason(conditions: readonly (AppliesWhen | undefined)[], answers: ScopingAnswers, labels: QuestionLabels, article: string, everyone: string): string {
  const found = { held: [] as AppliesWhen[], unknown: [] as AppliesWhen[] };
  for (const c of conditions) if (c) heldLeaves(c, answers, found);
  const { name, value, phrase } = describer(labels);
  const latest = (leaves: AppliesWhen[]) => [...new Map(leaves.map((l) => [fieldOfLeaf(l), l])).values()];
  // What makes it apply is what the project is; a condition that only rules something out is said when nothing else is.
  const positive = found.held.filter(isLeaf);
  const chosen = latest(positive.length ? positive : found.held);
  const heldAnswers: HeldAnswer[] = chosen.filter(isLeaf).map((leaf) => {
    const wanted = ('in' in leaf ? leaf.in : [leaf.equals]).map(String);
    const answer = answers[leaf.field];
    const given = (Array.isArray(answer) ? answer : answer === null || answer === undefined ? [] : [answer]).map(String).filter((v) => wanted.includes(v));
    return { field: leaf.field, values: given.length ? given : wanted };
  });
  // The EU AI Act's answers read as one sentence about this operator and this system; other answers clause by clause.
  const answered = (field: string) => {
    const answer = answers[field];
    return (Array.isArray(answer) ? answer : answer === null || answer === undefined ? [] : [answer]).map(String);
  };
  const eu = euAiActClauses(heldAnswers, answered, (v) => value('eu_ai_act.annex_iii_area', v));
  const generic = (h: HeldAnswer) => `${name(h.field)} is ${h.values.map((v) => value(h.field, v)).join(' and ')}`;
  const said = [...(eu?.clauses ?? []), ...(eu?.rest ?? heldAnswers).map(generic), ...chosen.filter((leaf) => !isLeaf(leaf)).map((leaf) => phrase(leaf))];
  const open = latest(found.unknown).map((leaf) => phrase(leaf));
  if (said.length === 0 && open.length === 0) return `Applies: ${everyone} — ${article}`;
  const until = open.length ? `until answered, as it applies only when ${open.join(' and ')} (not answered yet)` : '';
  return `Applies: ${[...said, until].filter(Boolean).join('; ')} — ${article}`;
}

/**
 * Why a requirement does not apply, for the statement of applicability: the failing condition, the
 * project's answer naming its question, and the article: "Does not apply: it applies when the EU AI Act
 * role is Provider; this project's EU AI Act role: Deployer — Art. 16". Null when no condition fails.
 */
export function excludedReason(conditions: readonly (AppliesWhen | undefined)[], answers: ScopingAnswers, labels: QuestionLabels, article: string): string | null {
  const failing = conditions.find((c): c is AppliesWhen => c !== undefined && evaluateAppliesWhen(c, answers) === false);
  if (!failing) return null;
  const { name, value, phrase } = describer(labels);
  const part = failingPart(failing, answers);
  const given = (field: string) => {
    const answer = answers[field];
    const list = Array.isArray(answer) ? answer : answer === null || answer === undefined ? [] : [answer];
    return list.length === 0 ? 'not answered' : list.map((v) => value(field, v)).join(', ');
  };
  // One EU AI Act question the words know: what it binds, and what this project is.
  const leaf = isLeaf(part) ? { c: part, negated: false } : 'not' in part && isLeaf(part.not) ? { c: part.not, negated: true } : null;
  if (leaf) {
    const answer = answers[leaf.c.field];
    const list = (Array.isArray(answer) ? answer : answer === null || answer === undefined ? [] : [answer]).map(String);
    const words = euAiActExcludedClause(leaf.c.field, ('in' in leaf.c ? leaf.c.in : [leaf.c.equals]).map(String), list, leaf.negated, (v) => value('eu_ai_act.annex_iii_area', v));
    if (words) return `Does not apply: ${words} — ${article}`;
  }
  const said = fieldsOf(part).map((f) => `this project's ${name(f).replace(/^the /, '')}: ${given(f)}`).join('; ');
  return `Does not apply: it applies when ${phrase(part)}; ${said} — ${article}`;
}
