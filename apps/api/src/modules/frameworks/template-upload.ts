import { BUILT_IN_FRAMEWORK_CODES } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { createHash } from 'node:crypto';
import { AppError, conflict } from '../../lib/errors';
import { MFF1_CONTROL_CODES } from './built-in-templates';
import { loadTemplate } from './framework-loader';
import { frameworkRepository } from './framework-repository';
import { MAX_PROBLEMS, parseFrameworkTemplate, type TemplateProblem } from './template-parser';

/**
 * The 422 for a refused template: every problem listed (up to MAX_PROBLEMS), each with path and line;
 * beyond that the answer says how many more there are.
 */
export function invalidTemplate(problems: TemplateProblem[], total = problems.length): AppError {
  const first = problems[0]!;
  const more = total - problems.length;
  const detail =
    `The template has ${total} problem${total === 1 ? '' : 's'}; the first: ${first.path}: ${first.message}${first.line ? ` (line ${first.line})` : ''}` +
    (more > 0 ? `. The first ${problems.length} are listed, and ${more} more` : '');
  const errors = more > 0 ? [...problems, { path: '$', message: `and ${more} more problem${more === 1 ? '' : 's'} (at most ${MAX_PROBLEMS} are listed)` }] : problems;
  return new AppError(422, detail, 'invalid_template', errors);
}

/** An uploaded file, read whole (templates are small: MAX_FRAMEWORK_TEMPLATE_BYTES). */
export type TemplateFile = { bytes: Uint8Array; filename?: string; contentType?: string };

const RESERVED = new Set<string>(BUILT_IN_FRAMEWORK_CODES);

const isUniqueViolation = (error: unknown) => (error as { code?: string; cause?: { code?: string } })?.code === '23505' || (error as { cause?: { code?: string } })?.cause?.code === '23505';

/**
 * Parses, checks and stores an uploaded template in the caller's transaction: refused whole with 422
 * listing every problem by path (and line), 409 when the code is taken; nothing is stored otherwise.
 * `organizationId` null is a platform upload.
 */
export async function storeUploadedTemplate(
  db: Executor,
  file: TemplateFile,
  scope: { organizationId: string | null; enabledByDefault: boolean; createdBy: string },
): Promise<{ frameworkId: string; code: string; name: string }> {
  const parsed = parseFrameworkTemplate({ ...file, knownControlCodes: MFF1_CONTROL_CODES, reservedFrameworkCodes: RESERVED });
  if (!parsed.ok) {
    throw invalidTemplate(parsed.problems, parsed.total);
  }
  const { template } = parsed;
  if (await frameworkRepository.codeTaken(db, template.framework_code, scope.organizationId)) {
    throw conflict(`A framework with the code ${template.framework_code} already exists: choose another framework_code, or delete the existing one first`);
  }
  const taken = await frameworkRepository.takenControlCodes(db, template.controls.map((c) => c.code), scope.organizationId);
  if (taken.length > 0) {
    const problems = template.controls
      .map((control, index) => ({ control, index }))
      .filter(({ control }) => taken.includes(control.code))
      .map(({ control, index }) => ({ path: `controls[${index}].code`, message: `${control.code} is already defined by another framework: give the template's own controls codes of their own` }));
    throw new AppError(422, `${problems[0]!.path}: ${problems[0]!.message}`, 'invalid_template', problems);
  }
  try {
    const frameworkId = await loadTemplate(db, template, {
      organizationId: scope.organizationId,
      source: scope.organizationId ? 'organization' : 'platform',
      enabledByDefault: scope.enabledByDefault,
      createdBy: scope.createdBy,
      contentHash: createHash('sha256').update(file.bytes).digest('hex'),
    });
    return { frameworkId, code: template.framework_code, name: template.name };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A framework with the code ${template.framework_code} was just created: choose another framework_code`);
    throw error;
  }
}
