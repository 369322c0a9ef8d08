import type { Page, ProjectFramework, StatusCounts } from '@aegis/contracts';
import type { Db, Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, conflict, notFound } from '../../lib/errors';
import { pageOf } from '../../lib/paging';
import type { RequestContext } from '../../plugins/auth';
import { reevaluateApplicability } from '../applicability/applicability-engine';
import { controlCountsByFramework } from '../controls/control-counts';
import { recordActivity } from '../logs/record-activity';
import { requirementTotals } from '../requirements/requirement-counts';
import { cancelingReviewsOfRemovedObjects } from '../reviews/recount';
import { assertNoneLocked } from '../work-items/lock-rule';
import { workItems } from '../work-items/work-items';
import { frameworkRepository } from './framework-repository';
import { projectFrameworkRepository, type AppliedQuery, type AppliedRow, type ReopenedControl } from './project-framework-repository';
import { refreshStatistics } from './template-upload';

/**
 * In a project, a framework's requirements and controls are counted as the requirements and controls
 * lists count them (the project's own rows), not from the template: the screens then agree.
 */
const toProjectFramework = (row: AppliedRow, counts: StatusCounts, requirements: number): ProjectFramework => ({
  framework_code: row.code,
  name: row.name,
  version: row.version,
  source: row.source,
  requirement_count: requirements,
  control_count: Object.values(counts).reduce((sum, n) => sum + n, 0),
  controls_by_status: counts,
  applied_at: new Date(row.applied_at).toISOString(),
});

/** Who applies, to which project of which organization. */
export type ApplyScope = { organizationId: string; projectId: string; actorId: string };

/**
 * Logs, in each control's status history, that it came back in progress rather than approved: it had been
 * detached while approved (removal refuses that since issue 29), so its approval no longer stands.
 */
async function logReopened(db: Executor, scope: { organizationId: string; projectId: string; actorId: string | null }, reopened: readonly ReopenedControl[], names: readonly string[]) {
  const reason = `Detached from the project while approved, then brought back by applying ${names.join(', ')}: what it held may have changed meanwhile, so it is in progress until a new review has approved it`;
  for (const control of reopened) {
    const item = {
      organizationId: scope.organizationId,
      projectId: scope.projectId,
      itemType: 'control',
      itemId: control.id,
      label: `${control.control_code} ${control.title}`,
      link: `/projects/project-detail/${scope.projectId}/control-detail/${encodeURIComponent(control.control_code)}`,
    };
    await recordActivity(db, workItems.statusChangeEntry(scope.actorId, item, 'approved', 'in_progress', reason, 'reopened'));
  }
}

/**
 * Applies frameworks to a project in the caller's transaction (creating a project with frameworks
 * calls it too). Every code must be a framework the organization has switched on; codes already
 * applied are left as they are; the applicability of the new requirements is evaluated in the same
 * transaction (applicability/applicability-engine.ts). Returns the codes applied now.
 */
export async function applyFrameworks(db: Executor, scope: ApplyScope, codes: readonly string[]): Promise<string[]> {
  const already = new Set(await projectFrameworkRepository.appliedCodes(db, scope.organizationId, scope.projectId));
  const wanted = [...new Set(codes)].filter((code) => !already.has(code));
  if (wanted.length === 0) return [];
  const found = await frameworkRepository.findVisibleMany(db, scope.organizationId, wanted);
  const usable = new Map(found.filter((f) => f.enabled).map((f) => [f.code, f]));
  const refused = wanted.filter((code) => !usable.has(code));
  if (refused.length > 0) {
    const errors = refused.map((code) => ({ path: `frameworks.${code}`, message: `${code} is not a framework your organization can apply` }));
    throw new AppError(422, `Unknown or switched-off framework${refused.length === 1 ? '' : 's'}: ${refused.join(', ')}`, 'unknown_framework', errors);
  }
  const frameworks = wanted.map((code) => usable.get(code)!);
  const result = await projectFrameworkRepository.instantiate(db, scope.organizationId, scope.projectId, frameworks);
  await logReopened(db, scope, result.reopened, frameworks.map((f) => f.name));
  for (const framework of frameworks) {
    await recordActivity(db, {
      organizationId: scope.organizationId,
      projectId: scope.projectId,
      actorId: scope.actorId,
      objectType: 'project',
      objectId: scope.projectId,
      action: 'framework_applied',
      after: { framework_code: framework.code, name: framework.name, requirements: Number(framework.requirement_count), controls_added: result.added, controls_shared: result.shared },
    });
  }
  // The new requirements are decided by the project's answers at once, as every other one is.
  await reevaluateApplicability(db, { ...scope, cause: `frameworks_applied: ${wanted.join(', ')}` });
  return wanted;
}

/** The frameworks a project applies (id, code, name), for features that filter by framework. */
export const appliedFrameworks = (db: Executor, organizationId: string, projectId: string) => projectFrameworkRepository.applied(db, organizationId, projectId);

/** At start-up: projects that chose frameworks before they were loaded get their requirements and controls. */
export async function attachUnloadedProjectFrameworks(db: Db) {
  const rows = await projectFrameworkRepository.unloaded(db);
  const byProject = new Map<string, { organizationId: string; codes: string[] }>();
  for (const row of rows) {
    const entry = byProject.get(row.project_id) ?? { organizationId: row.organization_id, codes: [] };
    entry.codes.push(row.framework_code);
    byProject.set(row.project_id, entry);
  }
  for (const [projectId, { organizationId, codes }] of byProject) {
    await db.transaction(async (tx) => {
      const found = await frameworkRepository.findVisibleMany(tx, organizationId, codes);
      if (found.length === 0) return;
      const { reopened } = await projectFrameworkRepository.instantiate(tx, organizationId, projectId, found);
      await logReopened(tx, { organizationId, projectId, actorId: null }, reopened, found.map((f) => f.name));
    });
  }
}

export function projectFrameworkService(deps: Pick<Deps, 'db' | 'database'>) {
  const organizationOf = (ctx: RequestContext) => ctx.organizationId!;

  async function page(ctx: RequestContext, projectId: string, query: AppliedQuery, db: Executor = deps.db): Promise<Page<ProjectFramework>> {
    const organizationId = organizationOf(ctx);
    const { items, total } = await projectFrameworkRepository.list(db, organizationId, projectId, query);
    const counts = await controlCountsByFramework(db, organizationId, projectId, items.map((i) => i.framework_id));
    const requirements = await requirementTotals(db, organizationId, projectId);
    return pageOf(items.map((row) => toProjectFramework(row, counts.get(row.framework_id)!, requirements.of(row.framework_id))), total, query.page, query.size);
  }

  const ALL: AppliedQuery = { descending: false, page: 1, size: 250 };

  /**
   * The answer is read after the commit, so the transaction holds only the writes. A framework adds
   * thousands of rows to the project tables; on the embedded database (no autovacuum) the planner would
   * read them as empty until the next minute's analyze, and counting them took 0.8 s instead of
   * milliseconds on the largest template (docs/benchmarks.md, "Availability").
   */
  const afterApply = () => refreshStatistics(deps.database);

  return {
    list: (ctx: RequestContext, projectId: string, query: AppliedQuery) => page(ctx, projectId, query),

    /** POST …/frameworks: one framework; 409 when the project applies it already. */
    async applyOne(ctx: RequestContext, projectId: string, code: string): Promise<ProjectFramework> {
      const organizationId = organizationOf(ctx);
      await deps.db.transaction(async (tx) => {
        const applied = await applyFrameworks(tx, { organizationId, projectId, actorId: ctx.user.id }, [code]);
        if (applied.length === 0) throw conflict(`The project applies ${code} already`);
      });
      await afterApply();
      return (await page(ctx, projectId, ALL)).items.find((f) => f.framework_code === code)!;
    },

    /** POST /api/v1/…/frameworks: several codes; those already applied are left as they are. */
    async applyMany(ctx: RequestContext, projectId: string, codes: readonly string[]): Promise<ProjectFramework[]> {
      const organizationId = organizationOf(ctx);
      await deps.db.transaction(async (tx) => {
        await applyFrameworks(tx, { organizationId, projectId, actorId: ctx.user.id }, codes);
      });
      await afterApply();
      return (await page(ctx, projectId, ALL)).items;
    },

    /**
     * Removes a framework from the project. Refused (409 `locked`, naming how many and which) while a
     * control it alone maps to is approved: an approval is left only by reopening — with a reason, the
     * reopen right and the approvers told — never by detaching the control and bringing it back.
     */
    async remove(ctx: RequestContext, projectId: string, code: string): Promise<void> {
      const organizationId = organizationOf(ctx);
      await deps.db.transaction(async (tx) => {
        const applied = await projectFrameworkRepository.appliedCodes(tx, organizationId, projectId);
        const row = applied.includes(code) ? await frameworkRepository.findVisible(tx, organizationId, code) : undefined;
        if (!row) throw notFound(`Framework ${code} in this project`);
        const leaving = await projectFrameworkRepository.leavingWith(tx, organizationId, projectId, row.id);
        assertNoneLocked(leaving.map((c) => ({ ...c, concept: 'control' })), { kind: 'detach', with: row.name }, `${row.name} cannot be removed`);
        // The pending reviews of the controls it detaches are cancelled with it: nobody could settle them afterwards.
        const removal = { sentence: (actor: string) => `${actor} removed ${row.name} from the project`, log: { reason: 'framework_removed', framework_code: code, framework_name: row.name } };
        // The controls the framework's applicable requirements served: those its removal leaves with only
        // requirements that do not apply go out of scope, as if those requirements had left it.
        const served = await projectFrameworkRepository.controlsServedByApplicable(tx, organizationId, projectId, row.id);
        const detached = await cancelingReviewsOfRemovedObjects(tx, ctx, projectId, removal, () => projectFrameworkRepository.remove(tx, organizationId, projectId, row.id, code));
        await recordActivity(tx, {
          organizationId,
          projectId,
          actorId: ctx.user.id,
          objectType: 'project',
          objectId: projectId,
          action: 'framework_removed',
          before: { framework_code: code, name: row.name },
          after: { controls_detached: detached.length, detached_controls: detached.slice(0, 50) },
        });
        await reevaluateApplicability(tx, { organizationId, projectId, actorId: ctx.user.id, cause: `framework_removed: ${code}`, leftControlIds: served });
      });
    },
  };
}
