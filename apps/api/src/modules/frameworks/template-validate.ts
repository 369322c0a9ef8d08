import {
  BUILT_IN_MAPPING_SOURCES,
  frameworkTemplate,
  MAX_REQUIREMENT_DEPTH,
  MAX_REQUIREMENTS,
  MFF1_FRAMEWORK_CODE,
  SHARED_SCOPING_FIELDS,
  type AppliesWhen,
  type FrameworkTemplate,
  type NormalizedMapping,
  type NormalizedRequirement,
  type NormalizedTemplate,
  type TemplateRequirement,
} from '@aegis/contracts';
import { problemsFromIssues, type RawProblem } from './zod-problems';

export type ValidateOptions = {
  /** Codes of the MFF-1 controls; a requirement may map to these or to the template's own controls. */
  knownControlCodes: ReadonlySet<string>;
  /** Framework codes an upload may not take (the built-ins). */
  reservedFrameworkCodes: ReadonlySet<string>;
};

/** Nesting of the plain value; a real template needs about 25 (requirements, children, conditions). */
export const MAX_VALUE_DEPTH = 64;
const MAX_PROBLEMS = 100;

export function validateTemplateValue(value: unknown, options: ValidateOptions): { template: NormalizedTemplate } | { problems: RawProblem[] } {
  const shape = checkPlainValue(value);
  if (shape.length) return { problems: shape };
  const parsed = frameworkTemplate.safeParse(value);
  if (!parsed.success) return { problems: problemsFromIssues(parsed.error.issues).slice(0, MAX_PROBLEMS) };
  const problems = checkSemantics(parsed.data, options);
  if (problems.length) return { problems: problems.slice(0, MAX_PROBLEMS) };
  return { template: normalize(parsed.data) };
}

/** Depth, and strings free of control characters and lone surrogates: checked before zod walks the value. */
function checkPlainValue(root: unknown): RawProblem[] {
  const problems: RawProblem[] = [];
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value: root, path: [] }];
  while (stack.length && problems.length < MAX_PROBLEMS) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (hasControlCharacter(value)) problems.push({ path, message: 'contains a control character' });
      else if (/[\ud800-\udfff]/u.test(value)) problems.push({ path, message: 'contains an unpaired surrogate (invalid Unicode)' });
    } else if (value !== null && typeof value === 'object') {
      if (path.length >= MAX_VALUE_DEPTH) {
        problems.push({ path, message: `is nested too deeply (at most ${MAX_VALUE_DEPTH} levels)` });
        continue;
      }
      const entries: [PropertyKey, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
      for (const [key, child] of entries) {
        if (typeof key === 'string' && (hasControlCharacter(key) || /[\n\r\t\ud800-\udfff]/u.test(key))) problems.push({ path: [...path, key], message: 'field name contains an invalid character' });
        stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return problems;
}

/** Tab, line feed and carriage return are the only control characters prose needs. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 9 && code !== 10 && code !== 13) || code === 0x7f) return true;
  }
  return false;
}

type Visit = { node: TemplateRequirement; path: PropertyKey[]; depth: number };

function walk(requirements: TemplateRequirement[]): Visit[] {
  const out: Visit[] = [];
  const stack: Visit[] = requirements.map((node, i) => ({ node, path: ['requirements', i], depth: 1 })).reverse();
  while (stack.length) {
    const visit = stack.pop()!;
    out.push(visit);
    const children = visit.node.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, path: [...visit.path, 'children', i], depth: visit.depth + 1 });
  }
  return out;
}

function checkSemantics(t: FrameworkTemplate, options: ValidateOptions): RawProblem[] {
  const problems: RawProblem[] = [];
  if (options.reservedFrameworkCodes.has(t.framework_code)) {
    problems.push({ path: ['framework_code'], message: `${t.framework_code} is a built-in framework code; choose another` });
  }

  const ownControls = new Map<string, number>();
  (t.controls ?? []).forEach((control, i) => {
    const path = ['controls', i, 'code'];
    const first = ownControls.get(control.code);
    if (first !== undefined) problems.push({ path, message: `duplicate control code ${control.code} (first at controls[${first}])` });
    else ownControls.set(control.code, i);
    // An own control may not shadow MFF-1: a mapping to that code would become ambiguous.
    if (options.knownControlCodes.has(control.code) || (control.code.startsWith(`${MFF1_FRAMEWORK_CODE}.`) && t.framework_code !== MFF1_FRAMEWORK_CODE)) {
      problems.push({ path, message: `${control.code} is an MFF-1 control code; map to it instead of defining it` });
    }
  });

  const sources = new Set<string>(BUILT_IN_MAPPING_SOURCES);
  (t.sources ?? []).forEach((source, i) => {
    if (sources.has(source.id)) problems.push({ path: ['sources', i, 'id'], message: `duplicate or reserved source id ${source.id}` });
    sources.add(source.id);
  });

  const questions = new Map<string, Set<string>>();
  (t.questionnaire ?? []).forEach((question, i) => {
    if (questions.has(question.id)) problems.push({ path: ['questionnaire', i, 'id'], message: `duplicate question id ${question.id}` });
    const values = new Set<string>();
    question.options.forEach((option, j) => {
      if (values.has(option.value)) problems.push({ path: ['questionnaire', i, 'options', j, 'value'], message: `duplicate option ${option.value}` });
      values.add(option.value);
    });
    questions.set(question.id, values);
  });

  const visits = walk(t.requirements);
  if (visits.length > MAX_REQUIREMENTS) problems.push({ path: ['requirements'], message: `has ${visits.length} requirements; at most ${MAX_REQUIREMENTS} are allowed` });
  const seen = new Map<string, PropertyKey[]>();
  for (const { node, path, depth } of visits) {
    if (depth > MAX_REQUIREMENT_DEPTH) {
      problems.push({ path, message: `is nested too deeply (at most ${MAX_REQUIREMENT_DEPTH} levels of requirements)` });
      continue;
    }
    const first = seen.get(node.code);
    if (first) problems.push({ path: [...path, 'code'], message: `duplicate requirement code ${node.code} (first at ${formatShort(first)})` });
    else seen.set(node.code, path);

    const controls = node.controls ?? [];
    if (controls.length === 0 && !(node.children?.length)) {
      problems.push({ path: [...path, 'controls'], message: 'a requirement without children must map to at least one control' });
    }
    const mapped = new Set<string>();
    controls.forEach((ref, j) => {
      const code = typeof ref === 'string' ? ref : ref.code;
      const at = [...path, 'controls', j];
      if (!options.knownControlCodes.has(code) && !ownControls.has(code)) problems.push({ path: at, message: `unknown control ${code}` });
      if (mapped.has(code)) problems.push({ path: at, message: `control ${code} is mapped twice` });
      mapped.add(code);
      if (typeof ref !== 'string' && ref.source !== undefined && !sources.has(ref.source)) {
        problems.push({ path: [...at, 'source'], message: `unknown source ${ref.source}; declare it in sources or use author or derived` });
      }
    });
    if (node.applies_when) checkCondition(node.applies_when, [...path, 'applies_when'], questions, problems);
    if (problems.length >= MAX_PROBLEMS) break;
  }
  return problems;
}

const SHARED = new Set<string>(SHARED_SCOPING_FIELDS);

function checkCondition(root: AppliesWhen, rootPath: PropertyKey[], questions: Map<string, Set<string>>, problems: RawProblem[]) {
  const stack: { c: AppliesWhen; path: PropertyKey[] }[] = [{ c: root, path: rootPath }];
  while (stack.length) {
    const { c, path } = stack.pop()!;
    if ('all' in c) c.all.forEach((sub, i) => stack.push({ c: sub, path: [...path, 'all', i] }));
    else if ('any' in c) c.any.forEach((sub, i) => stack.push({ c: sub, path: [...path, 'any', i] }));
    else if ('not' in c) stack.push({ c: c.not, path: [...path, 'not'] });
    else {
      const options = questions.get(c.field);
      if (!options && !SHARED.has(c.field)) {
        problems.push({ path: [...path, 'field'], message: `unknown field ${c.field}: not a question of this template nor a shared scoping field` });
        continue;
      }
      if (!options) continue;
      const values = 'in' in c ? c.in : [c.equals];
      values.forEach((v, i) => {
        if (typeof v !== 'string' || !options.has(v)) {
          problems.push({ path: 'in' in c ? [...path, 'in', i] : [...path, 'equals'], message: `${JSON.stringify(v)} is not an option of question ${c.field}` });
        }
      });
    }
  }
}

function formatShort(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i ? `.${String(p)}` : String(p))).join('');
}

function normalize(t: FrameworkTemplate): NormalizedTemplate {
  const { $schema: _schema, requirements, controls, questionnaire, sources, ...rest } = t;
  return { ...rest, sources: sources ?? [], questionnaire: questionnaire ?? [], controls: controls ?? [], requirements: requirements.map(normalizeRequirement) };
}

function normalizeRequirement(r: TemplateRequirement): NormalizedRequirement {
  const { controls, children, ...rest } = r;
  const mappings: NormalizedMapping[] = (controls ?? []).map((ref) =>
    typeof ref === 'string' ? { code: ref, relationship: 'equal', source: 'author' } : { ...ref, source: ref.source ?? 'author' },
  );
  return { ...rest, controls: mappings, children: (children ?? []).map(normalizeRequirement) };
}
