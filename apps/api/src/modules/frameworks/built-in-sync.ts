import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { BUILT_IN_FRAMEWORK_CODES, MFF1_FRAMEWORK_CODE, type NormalizedTemplate } from '@aegis/contracts';
import type { Db } from '../../db/client';
import { frameworks, projectFrameworks } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { reevaluateApplicability } from '../applicability/applicability-engine';
import { BUILT_IN_TEMPLATES, MFF1_CONTROL_CODES } from './built-in-templates';
import { loadTemplate } from './framework-loader';
import { attachUnloadedProjectFrameworks } from './project-framework-service';
import { validateFrameworkTemplate } from './template-parser';

/** Any fixed number: instances starting together load the built-ins one at a time. */
const SYNC_LOCK_KEY = 72_417_011;

function normalized(code: (typeof BUILT_IN_FRAMEWORK_CODES)[number]): NormalizedTemplate {
  // MFF-1 defines the controls the others map to.
  const knownControlCodes = code === MFF1_FRAMEWORK_CODE ? new Set<string>() : MFF1_CONTROL_CODES;
  const result = validateFrameworkTemplate(BUILT_IN_TEMPLATES[code], { knownControlCodes, reservedFrameworkCodes: new Set() });
  if (!result.ok) throw new Error(`Built-in template ${code} is invalid: ${result.problems[0]?.path} ${result.problems[0]?.message}`);
  return result.template;
}

/**
 * Makes the database hold the built-in frameworks as shipped: MFF-1 first (every other maps to its
 * controls), then the three AI frameworks. A framework whose content did not change is left alone, so
 * a restart costs one query per framework. Then projects that chose frameworks before they were
 * loaded get their requirements and controls, and the projects that apply a framework loaded now are
 * decided again by their answers: a new version may bring questions or change its `applies_when`.
 */
export async function syncBuiltInFrameworks(db: Db): Promise<{ loaded: string[] }> {
  const loaded: string[] = [];
  for (const code of BUILT_IN_FRAMEWORK_CODES) {
    // Hash what ships, and validate only what has to be loaded: a restart stays cheap.
    const contentHash = sha256(JSON.stringify(BUILT_IN_TEMPLATES[code]));
    const current = async (executor: Pick<Db, 'select'>) =>
      (await executor.select({ hash: frameworks.contentHash }).from(frameworks).where(and(isNull(frameworks.organizationId), eq(frameworks.code, code))))[0]?.hash;
    if ((await current(db)) === contentHash) continue;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SYNC_LOCK_KEY})`);
      if ((await current(tx)) === contentHash) return;
      await loadTemplate(tx, normalized(code), { organizationId: null, source: 'builtin', enabledByDefault: true, createdBy: null, contentHash });
      loaded.push(code);
    });
  }
  await attachUnloadedProjectFrameworks(db);
  if (loaded.length > 0) await reevaluateProjectsApplying(db, loaded);
  return { loaded };
}

/**
 * Each project that applies one of the built-ins just loaded, re-evaluated in a transaction of its own
 * (applicability-engine.ts: only what changed is written, and a change that moves something is logged
 * on the project with this cause). Unanswered new questions move nothing; changed conditions over
 * existing answers do.
 */
async function reevaluateProjectsApplying(db: Db, codes: string[]) {
  const projects = await db
    .selectDistinct({ organizationId: projectFrameworks.organizationId, projectId: projectFrameworks.projectId })
    .from(projectFrameworks)
    .innerJoin(frameworks, eq(frameworks.id, projectFrameworks.frameworkId))
    .where(and(isNull(frameworks.organizationId), inArray(frameworks.code, codes)));
  const cause = `framework_updated: ${codes.join(', ')}`;
  for (const project of projects) await db.transaction((tx) => reevaluateApplicability(tx, { ...project, actorId: null, cause }));
}
