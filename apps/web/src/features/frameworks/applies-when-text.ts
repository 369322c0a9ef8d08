import { PROJECT_TYPE_LABELS, type AppliesWhen, type TemplateQuestion } from '@aegis/contracts';

/** Short names of the scoping fields every template may read (their questions are in the EU AI Act's questionnaire). */
const SHARED_FIELD_NAMES: Record<string, string> = {
  'project.project_type': 'the project type',
  'eu_ai_act.role': 'the EU AI Act role',
  'eu_ai_act.risk_category': 'the EU AI Act risk category',
  'eu_ai_act.high_risk_basis': 'the high-risk basis',
  'eu_ai_act.annex_iii_area': 'the Annex III area',
  'eu_ai_act.annex_iii_use_case': 'the Annex III use case',
  'eu_ai_act.establishment': 'the establishment',
  'eu_ai_act.model_property': 'the model property',
  'eu_ai_act.transparency_trigger': 'the transparency trigger',
  'eu_ai_act.organization_context': 'the organization context',
};

type Scalar = string | number | boolean;

const humanize = (id: string) => id.replace(/[._]+/g, ' ').trim();

/** An option's label without its explanation: "Provider (develops it, …)" reads "Provider". */
const shortLabel = (label: string) => label.replace(/\s*\(.*\)\s*$/, '').trim() || label;

function joinAlternatives(items: string[], word: 'or' | 'nor'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${word} ${items[items.length - 1]}`;
}

/** Reads conditions in words, naming fields and values as the framework's questionnaire does. */
export function appliesWhenReader(questionnaire: readonly TemplateQuestion[]) {
  const questions = new Map(questionnaire.map((q) => [q.id, q]));
  const fieldName = (field: string) => SHARED_FIELD_NAMES[field] ?? (questions.has(field) ? `the answer to “${questions.get(field)!.text}”` : `“${humanize(field)}”`);
  const valueName = (field: string, value: Scalar) => {
    if (typeof value === 'boolean') return value ? 'yes' : 'no';
    if (field === 'project.project_type' && value in PROJECT_TYPE_LABELS) return PROJECT_TYPE_LABELS[value as keyof typeof PROJECT_TYPE_LABELS];
    const option = questions.get(field)?.options.find((o) => o.value === String(value));
    return option ? shortLabel(option.label) : humanize(String(value));
  };

  const compare = (field: string, values: Scalar[], negated: boolean) => {
    const names = values.map((v) => valueName(field, v));
    if (!negated) return `${fieldName(field)} is ${joinAlternatives(names, 'or')}`;
    return names.length === 1 ? `${fieldName(field)} is not ${names[0]}` : `${fieldName(field)} is neither ${joinAlternatives(names, 'nor')}`;
  };

  const read = (condition: AppliesWhen, nested = false): string => {
    if ('all' in condition || 'any' in condition) {
      const parts = 'all' in condition ? condition.all : condition.any;
      const text = parts.map((part) => read(part, true)).join('all' in condition ? ' and ' : ' or ');
      return nested && parts.length > 1 ? `(${text})` : text;
    }
    if ('not' in condition) {
      const inner = condition.not;
      if ('field' in inner) return compare(inner.field, 'in' in inner ? inner.in : [inner.equals], true);
      return `not ${read(inner, true)}`;
    }
    return compare(condition.field, 'in' in condition ? condition.in : [condition.equals], false);
  };

  return (condition: unknown): string | null => {
    if (condition === null || condition === undefined || typeof condition !== 'object') return null;
    try {
      return read(condition as AppliesWhen);
    } catch {
      // A shape this reader does not know: better no sentence than a wrong one.
      return null;
    }
  };
}
