import { MAX_FRAMEWORK_TEMPLATE_BYTES, type NormalizedTemplate } from '@aegis/contracts';
import { findExcessNesting, MAX_NESTING_DEPTH } from '../../lib/nesting-guard';
import { decodeTemplateText, detectFormat, parseTemplateText } from './template-syntax';
import { MAX_PROBLEMS, validateTemplateValue, type ValidateOptions } from './template-validate';
import { formatPath } from './zod-problems';

export { MAX_FRAMEWORK_TEMPLATE_BYTES, MAX_PROBLEMS };
export type { ValidateOptions };

/** One reason a template is refused: where (`requirements[3].controls[0]`, `$` for the file) and why. */
export type TemplateProblem = { path: string; message: string; line?: number };

export type ParseTemplateInput = ValidateOptions & {
  bytes: Uint8Array;
  filename?: string;
  contentType?: string;
};

/** Refused: the first MAX_PROBLEMS problems, and how many there are in all. */
export type ParseTemplateResult = { ok: true; template: NormalizedTemplate } | { ok: false; problems: TemplateProblem[]; total: number };

/**
 * An uploaded framework template (JSON or YAML) → a normalized template, or every problem found.
 * Never throws: a hostile file is one more list of problems.
 */
export function parseFrameworkTemplate(input: ParseTemplateInput): ParseTemplateResult {
  if (input.bytes.byteLength > MAX_FRAMEWORK_TEMPLATE_BYTES) {
    return refuse([{ path: '$', message: `the file is ${input.bytes.byteLength} bytes; at most ${MAX_FRAMEWORK_TEMPLATE_BYTES} are allowed` }]);
  }
  const decoded = decodeTemplateText(input.bytes);
  if ('problem' in decoded) return refuse([{ path: '$', ...decoded.problem }]);
  if (decoded.text.trim() === '') return refuse([{ path: '$', message: 'the file is empty' }]);

  const format = detectFormat(decoded.text, input.filename, input.contentType);
  // The one nesting guard (lib/nesting-guard.ts), before the recursive YAML parser or zod sees the text.
  const excess = findExcessNesting(decoded.text, { format, maxDepth: MAX_NESTING_DEPTH });
  if (excess) return refuse([{ path: '$', message: `the file is nested too deeply: more than ${excess.maxDepth} levels at line ${excess.line}`, line: excess.line }]);

  const syntax = parseTemplateText(decoded.text, format);
  if ('problems' in syntax) return refuse(syntax.problems.map((p) => ({ path: '$', ...p })));

  const result = validateFrameworkTemplate(syntax.parsed.value, input);
  if (result.ok) return result;
  return refuse(
    result.problems.map((p, i) => {
      const line = syntax.parsed.lineOf(result.paths[i]!);
      return line === undefined ? p : { ...p, line };
    }),
    result.total,
  );
}

/** Validates an already-parsed value (the built-in templates, or a body sent as JSON). */
export function validateFrameworkTemplate(
  value: unknown,
  options: ValidateOptions,
): { ok: true; template: NormalizedTemplate } | { ok: false; problems: TemplateProblem[]; total: number; paths: (readonly PropertyKey[])[] } {
  const result = validateTemplateValue(value, options);
  if ('template' in result) return { ok: true, template: result.template };
  return {
    ok: false,
    problems: result.problems.map((p) => ({ path: formatPath(p.path), message: p.message })),
    total: result.total,
    paths: result.problems.map((p) => p.path),
  };
}

function refuse(problems: TemplateProblem[], total = problems.length): ParseTemplateResult {
  return { ok: false, problems: problems.map((p) => (p.line === undefined ? { path: p.path, message: p.message } : p)), total };
}
