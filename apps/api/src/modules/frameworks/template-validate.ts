import {
  BUILT_IN_MAPPING_SOURCES,
  frameworkTemplate,
  MAX_REQUIREMENT_DEPTH,
  MAX_REQUIREMENTS,
  MAX_TEMPLATE_MAPPINGS,
  MFF1_FRAMEWORK_CODE,
  SHARED_SCOPING_FIELDS,
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

/** Nesting of the plain value; a real template needs about 20 (requirements, children, conditions). */
export const MAX_VALUE_DEPTH = 64;
/** Problems listed at most in one answer; the rest are counted ("and N more"). */
export const MAX_PROBLEMS = 100;

/** The first MAX_PROBLEMS problems, and how many were found in all. */
export type ProblemReport = { problems: RawProblem[]; total: number };

function collector() {
  const problems: RawProblem[] = [];
  const seen = new Set<string>();
  let total = 0;
  return {
    problems,
    get total() {
      return total;
    },
    add(problem: RawProblem) {
      const key = `${problem.path.map(String).join('\u0000')}\u0001${problem.message}`;
      if (seen.has(key)) return;
      seen.add(key);
      total++;
      if (problems.length < MAX_PROBLEMS) problems.push(problem);
    },
  };
}
type Collector = ReturnType<typeof collector>;

/**
 * Every problem of a template in one report: its shape (zod) and its references (unknown controls,
 * sources, questions, duplicate codes) are checked independently, so a file with both kinds hears of
 * both at once. Sizes are checked first, on the plain value, so an oversized template is refused
 * before zod walks it.
 */
export function validateTemplateValue(value: unknown, options: ValidateOptions): { template: NormalizedTemplate } | ProblemReport {
  const found = collector();
  checkPlainValue(value, found);
  if (found.total) return { problems: found.problems, total: found.total };
  const sizes = checkSizes(value);
  if (sizes.length) return { problems: sizes, total: sizes.length };
  const parsed = frameworkTemplate.safeParse(value);
  if (!parsed.success) for (const problem of problemsFromIssues(parsed.error.issues)) found.add(problem);
  checkSemantics(value, options, found);
  if (found.total || !parsed.success) return { problems: found.problems, total: found.total };
  return { template: normalize(parsed.data) };
}

/** Depth, and strings free of control characters and lone surrogates: checked before zod walks the value. */
function checkPlainValue(root: unknown, found: Collector): void {
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value: root, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (hasControlCharacter(value)) found.add({ path, message: 'contains a control character' });
      else if (/[\ud800-\udfff]/u.test(value)) found.add({ path, message: 'contains an unpaired surrogate (invalid Unicode)' });
    } else if (value !== null && typeof value === 'object') {
      if (path.length >= MAX_VALUE_DEPTH) {
        found.add({ path, message: `is nested too deeply (at most ${MAX_VALUE_DEPTH} levels)` });
        continue;
      }
      const entries: [PropertyKey, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
      for (const [key, child] of entries) {
        if (typeof key === 'string' && (hasControlCharacter(key) || /[\n\r\t\ud800-\udfff]/u.test(key))) found.add({ path: [...path, key], message: 'field name contains an invalid character' });
        stack.push({ value: child, path: [...path, key] });
      }
    }
  }
}

/** The documented size limits (requirements, mappings), counted on the plain value. */
function checkSizes(value: unknown): RawProblem[] {
  let requirements = 0;
  let mappings = 0;
  const stack = [...arr(obj(value)?.requirements)];
  while (stack.length) {
    const node = obj(stack.pop());
    if (!node) continue;
    requirements++;
    mappings += arr(node.controls).length;
    stack.push(...arr(node.children));
  }
  const problems: RawProblem[] = [];
  if (requirements > MAX_REQUIREMENTS) problems.push({ path: ['requirements'], message: `has ${requirements} requirements; at most ${MAX_REQUIREMENTS} are allowed` });
  if (mappings > MAX_TEMPLATE_MAPPINGS) problems.push({ path: ['requirements'], message: `maps controls ${mappings} times; at most ${MAX_TEMPLATE_MAPPINGS} mappings are allowed in one template` });
  return problems;
}

const obj = (v: unknown): Record<string, unknown> | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Tab, line feed and carriage return are the only control characters prose needs. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 9 && code !== 10 && code !== 13) || code === 0x7f) return true;
  }
  return false;
}

type Visit = { node: Record<string, unknown>; path: PropertyKey[]; depth: number };

function walk(requirements: unknown): Visit[] {
  const out: Visit[] = [];
  const roots = arr(requirements);
  const stack: { node: unknown; path: PropertyKey[]; depth: number }[] = roots.map((node, i) => ({ node, path: ['requirements', i], depth: 1 })).reverse();
  while (stack.length) {
    const visit = stack.pop()!;
    const node = obj(visit.node);
    if (!node) continue;
    out.push({ node, path: visit.path, depth: visit.depth });
    const children = arr(node.children);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], path: [...visit.path, 'children', i], depth: visit.depth + 1 });
  }
  return out;
}

/**
 * Cross-references, read from the plain value so they are checked even when its shape is wrong: whatever
 * has the expected type is checked, whatever does not was reported by zod.
 */
function checkSemantics(value: unknown, options: ValidateOptions, found: Collector): void {
  const t = obj(value) ?? {};
  const frameworkCode = str(t.framework_code);
  if (frameworkCode !== undefined && options.reservedFrameworkCodes.has(frameworkCode)) {
    found.add({ path: ['framework_code'], message: `${frameworkCode} is a built-in framework code; choose another` });
  }

  const ownControls = new Map<string, number>();
  arr(t.controls).forEach((control, i) => {
    const code = str(obj(control)?.code);
    if (code === undefined) return;
    const path = ['controls', i, 'code'];
    const first = ownControls.get(code);
    if (first !== undefined) found.add({ path, message: `duplicate control code ${code} (first at controls[${first}])` });
    else ownControls.set(code, i);
    // An own control may not shadow MFF-1: a mapping to that code would become ambiguous.
    if (options.knownControlCodes.has(code) || (code.startsWith(`${MFF1_FRAMEWORK_CODE}.`) && frameworkCode !== MFF1_FRAMEWORK_CODE)) {
      found.add({ path, message: `${code} is an MFF-1 control code; map to it instead of defining it` });
    }
  });

  const sources = new Set<string>(BUILT_IN_MAPPING_SOURCES);
  arr(t.sources).forEach((source, i) => {
    const id = str(obj(source)?.id);
    if (id === undefined) return;
    if (sources.has(id)) found.add({ path: ['sources', i, 'id'], message: `duplicate or reserved source id ${id}` });
    sources.add(id);
  });

  const questions = new Map<string, Set<unknown>>();
  arr(t.questionnaire).forEach((question, i) => {
    const id = str(obj(question)?.id);
    if (id === undefined) return;
    if (questions.has(id)) found.add({ path: ['questionnaire', i, 'id'], message: `duplicate question id ${id}` });
    const values = new Set<unknown>();
    arr(obj(question)?.options).forEach((option, j) => {
      const v = obj(option)?.value;
      if (values.has(v)) found.add({ path: ['questionnaire', i, 'options', j, 'value'], message: `duplicate option ${String(v)}` });
      values.add(v);
    });
    questions.set(id, values);
  });

  const seen = new Map<string, PropertyKey[]>();
  for (const { node, path, depth } of walk(t.requirements)) {
    if (depth > MAX_REQUIREMENT_DEPTH) {
      found.add({ path, message: `is nested too deeply (at most ${MAX_REQUIREMENT_DEPTH} levels of requirements)` });
      continue;
    }
    const code = str(node.code);
    if (code !== undefined) {
      const first = seen.get(code);
      if (first) found.add({ path: [...path, 'code'], message: `duplicate requirement code ${code} (first at ${formatShort(first)})` });
      else seen.set(code, path);
    }

    const controls = arr(node.controls);
    if (controls.length === 0 && arr(node.children).length === 0) {
      found.add({ path: [...path, 'controls'], message: 'a requirement without children must map to at least one control' });
    }
    // A deleted provision is one row shown apart (its controls say what it was about); a section is not deleted as a whole.
    if (node.deleted_by !== undefined && arr(node.children).length > 0) {
      found.add({ path: [...path, 'deleted_by'], message: 'only a requirement without children can be deleted; mark the requirements under it instead' });
    }
    const mapped = new Set<string>();
    controls.forEach((ref, j) => {
      const code = typeof ref === 'string' ? ref : str(obj(ref)?.code);
      if (code === undefined) return;
      const at = [...path, 'controls', j];
      if (!options.knownControlCodes.has(code) && !ownControls.has(code)) found.add({ path: at, message: `unknown control ${code}` });
      if (mapped.has(code)) found.add({ path: at, message: `control ${code} is mapped twice` });
      mapped.add(code);
      const source = str(obj(ref)?.source);
      if (source !== undefined && !sources.has(source)) {
        found.add({ path: [...at, 'source'], message: `unknown source ${source}; declare it in sources or use author or derived` });
      }
    });
    if (obj(node.applies_when)) checkCondition(node.applies_when, [...path, 'applies_when'], questions, found);
    const cases = arr(node.applies_from_when);
    if (cases.length > 0 && str(node.applies_from) === undefined) {
      found.add({ path: [...path, 'applies_from_when'], message: 'applies_from_when needs applies_from, the date when no case holds' });
    }
    cases.forEach((c, j) => {
      const when = obj(c)?.when;
      if (obj(when)) checkCondition(when, [...path, 'applies_from_when', j, 'when'], questions, found);
    });
  }
}

const SHARED = new Set<string>(SHARED_SCOPING_FIELDS);

function checkCondition(root: unknown, rootPath: PropertyKey[], questions: Map<string, Set<unknown>>, found: Collector) {
  const stack: { c: unknown; path: PropertyKey[] }[] = [{ c: root, path: rootPath }];
  while (stack.length) {
    const { c: value, path } = stack.pop()!;
    const c = obj(value);
    if (!c) continue;
    if ('all' in c) arr(c.all).forEach((sub, i) => stack.push({ c: sub, path: [...path, 'all', i] }));
    else if ('any' in c) arr(c.any).forEach((sub, i) => stack.push({ c: sub, path: [...path, 'any', i] }));
    else if ('not' in c) stack.push({ c: c.not, path: [...path, 'not'] });
    else {
      const field = str(c.field);
      if (field === undefined) continue;
      const options = questions.get(field);
      if (!options && !SHARED.has(field)) {
        found.add({ path: [...path, 'field'], message: `unknown field ${field}: not a question of this template nor a shared scoping field` });
        continue;
      }
      if (!options) continue;
      const values = 'in' in c ? arr(c.in) : 'equals' in c ? [c.equals] : [];
      values.forEach((v, i) => {
        if (typeof v !== 'string' || !options.has(v)) {
          found.add({ path: 'in' in c ? [...path, 'in', i] : [...path, 'equals'], message: `${JSON.stringify(v)} is not an option of question ${field}` });
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
