import { BUILT_IN_FRAMEWORK_CODES } from '@aegis/contracts';
import type { Database, Executor } from '../../db/client';
import { AppError, conflict } from '../../lib/errors';
import { MFF1_CONTROL_CODES } from './built-in-templates';
import { loadPlan, type LoadPlan } from './framework-loader';
import { frameworkRepository } from './framework-repository';
import { MAX_PROBLEMS, type TemplateProblem } from './template-parser';
import { templatePool } from './template-pool';

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

const RESERVED = [...BUILT_IN_FRAMEWORK_CODES];
const KNOWN = [...MFF1_CONTROL_CODES];

const isUniqueViolation = (error: unknown) => (error as { code?: string; cause?: { code?: string } })?.code === '23505' || (error as { cause?: { code?: string } })?.cause?.code === '23505';

/** An upload read and checked, with the rows it will write: what `storeUploadedTemplate` takes. */
export type ReadTemplate = { plan: LoadPlan; contentHash: string; controlCodes: string[] };

/**
 * Decodes, guards, parses and validates an uploaded template in a worker thread (template-pool.ts), and
 * builds the rows to write: 422 listing every problem by path (and line), nothing stored. Call it
 * before opening the transaction that stores it, so no database connection waits on the parser.
 */
export async function readUploadedTemplate(file: TemplateFile, signal?: AbortSignal): Promise<ReadTemplate> {
  let result;
  try {
    result = await templatePool.run({ ...file, knownControlCodes: KNOWN, reservedFrameworkCodes: RESERVED }, signal);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The worker ran out of time or memory on this file: the file's fault, and only its worker's end.
    throw invalidTemplate([{ path: '$', message: 'the file could not be read within the limits (docs/framework-templates.md, "Limits")' }]);
  }
  if (!result.ok) throw invalidTemplate(result.problems, result.total);
  return { plan: result.plan, contentHash: result.contentHash, controlCodes: result.controlCodes };
}

/**
 * Stores a template read by `readUploadedTemplate` in the caller's transaction: 409 when the code is
 * taken, 422 when one of its own controls' codes is; nothing is stored otherwise. `organizationId` null
 * is a platform upload.
 */
export async function storeUploadedTemplate(
  db: Executor,
  read: ReadTemplate,
  scope: { organizationId: string | null; enabledByDefault: boolean; createdBy: string },
): Promise<{ frameworkId: string; code: string; name: string }> {
  const { template } = read.plan;
  if (await frameworkRepository.codeTaken(db, template.framework_code, scope.organizationId)) {
    throw conflict(`A framework with the code ${template.framework_code} already exists: choose another framework_code, or delete the existing one first`);
  }
  const taken = await frameworkRepository.takenControlCodes(db, read.controlCodes, scope.organizationId);
  if (taken.length > 0) {
    const problems = read.controlCodes
      .map((code, index) => ({ code, index }))
      .filter(({ code }) => taken.includes(code))
      .map(({ code, index }) => ({ path: `controls[${index}].code`, message: `${code} is already defined by another framework: give the template's own controls codes of their own` }));
    throw new AppError(422, `${problems[0]!.path}: ${problems[0]!.message}`, 'invalid_template', problems);
  }
  try {
    const frameworkId = await loadPlan(db, read.plan, {
      organizationId: scope.organizationId,
      source: scope.organizationId ? 'organization' : 'platform',
      enabledByDefault: scope.enabledByDefault,
      createdBy: scope.createdBy,
      contentHash: read.contentHash,
    });
    return { frameworkId, code: template.framework_code, name: template.name };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A framework with the code ${template.framework_code} was just created: choose another framework_code`);
    throw error;
  }
}

/**
 * After an upload: the embedded database has no autovacuum, and until its next minute's analyze the
 * planner would read a framework of thousands of fresh rows as empty (the crosswalk of the largest
 * template took 1.3 s instead of 20 ms). Analyzing the changed tables now costs less than one such read.
 * A no-op on PostgreSQL; a failure only leaves the statistics to the next run.
 */
export async function refreshStatistics(database: Pick<Database, 'analyzeChanged'>): Promise<void> {
  await database.analyzeChanged().catch(() => undefined);
}
