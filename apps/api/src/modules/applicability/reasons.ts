import { PROJECT_TYPE_LABELS, type AppliesWhen, type TemplateQuestion } from '@aegis/contracts';
import { evaluateAppliesWhen, type ScopingAnswers } from '../frameworks/applies-when';

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

/** An option's label up to its first parenthesis: "Provider (develops it, …)" reads "Provider". */
const shortLabel = (label: string) => label.replace(/\s+\(.*$/s, '').replace(/[.;:]$/, '').trim() || label;

/** The labels of the template questionnaires (and the project type), keyed by field id. */
export function questionLabels(questionnaires: readonly (readonly TemplateQuestion[])[]): QuestionLabels {
  const labels = new Map<string, { name: string; options: Map<string, string> }>();
  labels.set('project.project_type', { name: SHARED_FIELD_NAMES['project.project_type']!, options: new Map(Object.entries(PROJECT_TYPE_LABELS)) });
  for (const questions of questionnaires) {
    for (const question of questions) {
      if (labels.has(question.id)) continue;
      const name = SHARED_FIELD_NAMES[question.id] ?? `the answer to “${question.text}”`;
      labels.set(question.id, { name, options: new Map(question.options.map((o) => [o.value, shortLabel(o.label)])) });
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
