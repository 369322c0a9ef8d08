import {
  LIKELIHOOD_LABELS,
  IMPACT_LABELS,
  type CreateRisk,
  type ListLightRisksQuery,
  type ListRisksQuery,
  type Page,
  type RiskDetail,
  type RiskHeatMap,
  type RiskLight,
  type RiskListItem,
  type RiskMatrix,
  type RiskScore,
  type UpdateRisk,
  type UpdateRiskAssignees,
  type WorkItemStatus,
} from '@aegis/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { retryOnConflict } from '../../lib/conflict-retry';
import { AppError, notFound } from '../../lib/errors';
import { pageOf } from '../../lib/paging';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity, type Activity } from '../logs/record-activity';
import { separationOfDuties } from '../organizations/config-service';
import { assertManualTransition, isLocked, manualTransitionsFrom } from '../work-items/lifecycle';
import { assertChangeAllowed, assertReopen, reopenRight } from '../work-items/lock-rule';
import { workItems, type WorkItem } from '../work-items/work-items';
import { fieldError } from './field-error';
import { libraryRisk } from './risk-library';
import { riskRepository, type RiskChangeValues, type RiskFilters, type RiskForChange } from './risk-repository';
import { riskSettingsRepository } from './risk-settings-repository';
import { riskRules } from './risk-settings-service';
import { riskItem, toLight, toListItem } from './risk-view';
import { expectedAnnualLoss, moneyColumn, moneyOf, rulesOf, scoreColumns } from './scoring';
import { iso, list, parsed, personOf, rowsOf } from './sql-helpers';


/** The register's query as repository filters; a tag of another organization is not found (404). */
async function filtersOf(db: Executor, ctx: RequestContext, query: Partial<ListRisksQuery>): Promise<RiskFilters> {
  if (query.tags?.length) {
    const own = rowsOf(await db.execute(sql`select id from tags where organization_id = ${ctx.organizationId!} and id in (${list(query.tags)})`));
    if (own.length !== new Set(query.tags).size) throw notFound('Tag');
  }
  return {
    name: query.name || undefined,
    statuses: query.status?.length ? query.status : undefined,
    assignedTo: query.is_assigned_to_me ? ctx.user.id : undefined,
    inherentLevels: query.inherent_level?.length ? query.inherent_level : undefined,
    residualLevels: query.residual_level?.length ? query.residual_level : undefined,
    categories: query.category?.length ? query.category : undefined,
    treatmentOptions: query.treatment_option?.length ? query.treatment_option : undefined,
    aboveAppetite: query.above_appetite,
    needsAttention: query.needs_attention,
    tagIds: query.tags?.length ? query.tags : undefined,
    likelihood: query.likelihood,
    impact: query.impact,
    residualLikelihood: query.residual_likelihood,
    residualImpact: query.residual_impact,
  };
}

/**
 * Inherent scores below the treatment's residual ones are refused (422 naming the field): a treatment
 * never makes a risk worse, so the residual must be lowered first.
 */
function assertResidualWithin(row: Pick<RiskForChange, 'treatment_residual_likelihood' | 'treatment_residual_impact'>, likelihood: number, impact: number) {
  if (row.treatment_residual_likelihood !== null && likelihood < row.treatment_residual_likelihood) {
    throw fieldError('body.likelihood', `${likelihood} (${LIKELIHOOD_LABELS[likelihood as RiskScore]}) is below the treatment's residual likelihood ${row.treatment_residual_likelihood}: lower the residual first`);
  }
  if (row.treatment_residual_impact !== null && impact < row.treatment_residual_impact) {
    throw fieldError('body.impact', `${impact} (${IMPACT_LABELS[impact as RiskScore]}) is below the treatment's residual impact ${row.treatment_residual_impact}: lower the residual first`);
  }
}

/** The content of a risk a change may move, as its activity entry records it. */
const contentOf = (row: Pick<RiskForChange, 'name' | 'description' | 'category' | 'affected' | 'likelihood' | 'impact' | 'monetary_impact' | 'currency' | 'expected_annual_loss'>) => ({
  name: row.name,
  description: row.description,
  category: row.category,
  affected: parsed<string[]>(row.affected),
  likelihood: row.likelihood,
  impact: row.impact,
  monetary_impact: moneyOf(row.monetary_impact),
  currency: row.currency,
  expected_annual_loss: moneyOf(row.expected_annual_loss),
});

/**
 * Adds a risk to the project in the caller's transaction: numbered under the project's lock, levelled
 * by the organization's matrix read after taking it, logged. Answers its id and work item. The demo seed
 * calls it too.
 */
export async function createRiskIn(tx: Executor, ctx: RequestContext, projectId: string, input: CreateRisk): Promise<WorkItem> {
  const organizationId = ctx.organizationId!;
  if (input.library_id !== null && !libraryRisk(input.library_id)) throw fieldError('body.library_id', `${input.library_id} is not an entry of the risk library`);
  const number = await riskRepository.nextNumber(tx, organizationId, projectId);
  if (number === undefined) throw notFound('Project');
  const { matrix } = await riskRules(tx, organizationId);
  const scores = scoreColumns(matrix, input, null);
  const id = await riskRepository.insert(tx, {
    ...scores,
    organizationId,
    projectId,
    number,
    name: input.name,
    description: input.description,
    category: input.category,
    affected: input.affected,
    monetaryImpact: moneyColumn(input.monetary_impact),
    currency: input.currency,
    expectedAnnualLoss: moneyColumn(input.expected_annual_loss),
    libraryId: input.library_id,
    createdBy: ctx.user.id,
  });
  const item = riskItem(ctx, projectId, { id, number, name: input.name });
  await recordActivity(tx, {
    ...workItems.activity(ctx, item, 'created'),
    after: { label: item.label, name: input.name, category: input.category, likelihood: input.likelihood, impact: input.impact, inherent_level: scores.inherentLevel, library_id: input.library_id },
  });
  if (input.tags.length > 0) await workItems.setTags(tx, ctx, item, input.tags);
  return item;
}

/** The project's risk register: list, detail, changes within the life cycle, people, heat map. */
export function riskService(deps: Pick<Deps, 'db'>) {
  const organizationOf = (ctx: RequestContext) => ctx.organizationId!;

  /** What the caller may move the risk to by hand: reopening an approved one needs the reopen right of the setting. */
  async function allowedTransitions(db: Executor, organizationId: string, status: WorkItemStatus, rights: ReadonlySet<string> | undefined) {
    if (!rights?.has('risks:update')) return [];
    const transitions = manualTransitionsFrom(status);
    if (!isLocked(status)) return transitions;
    return rights.has(reopenRight('risks:update', await separationOfDuties(db, organizationId))) ? transitions : [];
  }

  async function detail(db: Executor, ctx: RequestContext, projectId: string, id: string): Promise<RiskDetail> {
    const organizationId = organizationOf(ctx);
    const row = await riskRepository.find(db, organizationId, projectId, id);
    if (!row) throw notFound('Risk');
    const [history, rights] = await Promise.all([workItems.statusHistory(db, organizationId, row.id), ctx.projectRights(projectId)]);
    return {
      ...toListItem(row),
      description: row.description,
      affected: parsed<string[]>(row.affected),
      library_id: row.library_id,
      expected_annual_loss_source: expectedAnnualLoss(moneyOf(row.expected_annual_loss), moneyOf(row.monetary_impact), row.likelihood).source,
      out_of_scope_justification: row.out_of_scope_justification,
      locked: isLocked(row.status),
      allowed_transitions: await allowedTransitions(db, organizationId, row.status, rights),
      status_history: history,
      created_by: personOf(row.created_by),
      created_at: iso(row.created_at),
    };
  }

  /**
   * Writes a risk change in one transaction (row lock, writes, activity, and the open screens told: their
   * NOTIFY leaves with the commit, see work-items.ts) and answers the detail read after the commit.
   */
  async function write(ctx: RequestContext, projectId: string, change: (tx: Executor) => Promise<WorkItem>) {
    const item = await retryOnConflict(() =>
      deps.db.transaction(async (tx) => {
        const changed = await change(tx);
        await workItems.published(tx, changed);
        return changed;
      }),
    );
    return detail(deps.db, ctx, projectId, item.itemId);
  }

  async function lockedRisk(tx: Executor, ctx: RequestContext, projectId: string, id: string) {
    const row = await riskRepository.findForChange(tx, organizationOf(ctx), projectId, id);
    if (!row) throw notFound('Risk');
    return row;
  }

  /**
   * What a change asks of the risk as read, through the lock rule and the life cycle (refusals are
   * thrown, in the order the API documents them): the row's new values (none when nothing would change)
   * and the activity entries, the status change's first. New scores are levelled by the matrix `rules`
   * reads; `inForce`, when it gives one, is the condition under which that matrix is still the one in
   * force. A reopening (`reopening`) is the caller's to allow (assertReopen) and to log (recordReopening).
   */
  async function planChange(
    ctx: RequestContext,
    projectId: string,
    row: RiskForChange,
    input: UpdateRisk,
    rules: () => Promise<{ matrix: RiskMatrix; inForce?: SQL }>,
    options: { reopening?: boolean } = {},
  ) {
    const item = riskItem(ctx, projectId, row);
    const lockable = { status: row.status, concept: 'risk' };
    const fields = (Object.keys(input) as (keyof UpdateRisk)[]).filter((k) => k !== 'status' && k !== 'justification' && input[k] !== undefined);
    if (fields.length > 0) assertChangeAllowed(lockable, { kind: 'content', fields });
    const values: RiskChangeValues = {};
    const entries: Activity[] = [];
    if (options.reopening) {
      // Its reason and right are asked by assertReopen, after the lock rule's refusal of content changes.
      Object.assign(values, { status: 'in_progress', outOfScopeJustification: null });
    } else if (input.status !== undefined && input.status !== row.status) {
      assertChangeAllowed(lockable, { kind: 'status', to: input.status });
      assertManualTransition(row.status, input.status, input.justification);
      Object.assign(values, { status: input.status, outOfScopeJustification: input.status === 'out_of_scope' ? input.justification!.trim() : null });
      entries.push(workItems.statusChangeEntry(ctx.user.id, item, row.status, input.status, input.justification, 'manual'));
    }
    const likelihood = input.likelihood ?? row.likelihood;
    const impact = input.impact ?? row.impact;
    const rescored = likelihood !== row.likelihood || impact !== row.impact;
    if (rescored) assertResidualWithin(row, likelihood, impact);
    const before = contentOf(row);
    const after = {
      name: input.name ?? before.name,
      description: input.description ?? before.description,
      category: input.category === undefined ? before.category : input.category,
      affected: input.affected ?? before.affected,
      likelihood,
      impact,
      monetary_impact: input.monetary_impact === undefined ? before.monetary_impact : input.monetary_impact,
      currency: input.currency ?? before.currency,
      expected_annual_loss: input.expected_annual_loss === undefined ? before.expected_annual_loss : input.expected_annual_loss,
    };
    const renamed = riskItem(ctx, projectId, { ...row, name: after.name });
    const changed = (Object.keys(after) as (keyof typeof after)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    let inForce: SQL | undefined;
    if (changed.length > 0) {
      const residual = row.treatment_residual_likelihood !== null ? { likelihood: row.treatment_residual_likelihood, impact: row.treatment_residual_impact! } : null;
      let scores = {};
      if (rescored) {
        const matrix = await rules();
        scores = scoreColumns(matrix.matrix, { likelihood, impact }, residual);
        inForce = matrix.inForce;
      }
      Object.assign(values, {
        ...scores,
        name: after.name,
        description: after.description,
        category: after.category,
        affected: after.affected,
        monetaryImpact: moneyColumn(after.monetary_impact),
        currency: after.currency,
        expectedAnnualLoss: moneyColumn(after.expected_annual_loss),
      });
      const pick = (values: typeof before) => Object.fromEntries(changed.map((k) => [k, values[k]]));
      entries.push({ ...workItems.activity(ctx, item, 'updated'), before: pick(before), after: { ...pick(after), label: renamed.label } });
    }
    return { item, renamed, values: Object.keys(values).length > 0 ? values : undefined, entries, inForce };
  }

  return {
    detail: (ctx: RequestContext, projectId: string, id: string) => detail(deps.db, ctx, projectId, id),

    async list(ctx: RequestContext, projectId: string, query: ListRisksQuery): Promise<Page<RiskListItem>> {
      const filters = await filtersOf(deps.db, ctx, query);
      const { items, total } = await riskRepository.list(deps.db, organizationOf(ctx), projectId, filters, { sortBy: query.sort_by, descending: query.descending, page: query.page, size: query.size });
      return pageOf(items.map(toListItem), total, query.page, query.size);
    },

    async light(ctx: RequestContext, projectId: string, query: ListLightRisksQuery): Promise<Page<RiskLight>> {
      const filters = await filtersOf(deps.db, ctx, { name: query.name, status: query.status });
      const { items, total } = await riskRepository.light(deps.db, organizationOf(ctx), projectId, filters, { sortBy: query.sort_by, descending: query.descending, page: query.page, size: query.size });
      return pageOf(items.map(toLight), total, query.page, query.size);
    },

    /** Risks with their linked evidence: one list of up to 250, for pickers; the links in one query for the page. */
    async withEvidences(ctx: RequestContext, projectId: string, name?: string) {
      const { items, total } = await riskRepository.light(deps.db, organizationOf(ctx), projectId, { name }, { descending: false, page: 1, size: 250 });
      const evidences = await riskRepository.evidencesOf(deps.db, organizationOf(ctx), items.map((r) => r.id));
      return pageOf(items.map((row) => ({ ...toLight(row), evidences: evidences.get(row.id) ?? [] })), total, 1, 250);
    },

    /** Counts by level and on the 5×5 grid, inherent and residual, from one grouped query; out-of-scope risks are counted apart. */
    async heatMap(ctx: RequestContext, projectId: string): Promise<RiskHeatMap> {
      const organizationId = organizationOf(ctx);
      const [groups, rules] = await Promise.all([riskRepository.heatMap(deps.db, organizationId, projectId), riskRules(deps.db, organizationId)]);
      const grid = () => Array.from({ length: 5 }, () => [0, 0, 0, 0, 0]);
      const levels = () => ({ low: 0, medium: 0, high: 0, critical: 0 });
      const map: RiskHeatMap = { total: 0, out_of_scope: 0, above_appetite: 0, appetite: rules.appetite, matrix: rules.matrix, by_inherent_level: levels(), by_residual_level: levels(), inherent: grid(), residual: grid() };
      for (const g of groups) {
        const n = Number(g.n);
        if (g.out_of_scope) {
          map.out_of_scope += n;
          continue;
        }
        map.total += n;
        if (g.above_appetite) map.above_appetite += n;
        map.by_inherent_level[g.inherent_level] += n;
        map.by_residual_level[g.residual_level] += n;
        map.inherent[g.likelihood - 1]![g.impact - 1]! += n;
        map.residual[g.residual_likelihood - 1]![g.residual_impact - 1]! += n;
      }
      return map;
    },

    create: (ctx: RequestContext, projectId: string, input: CreateRisk) => write(ctx, projectId, (tx) => createRiskIn(tx, ctx, projectId, input)),

    /**
     * Content (name, description, category, affected, scores, money, tags) and/or status within the life
     * cycle, through the lock rule: an approved risk takes only reopening (status in_progress, with a
     * reason and the reopen right) until reopened. New scores are levelled by the organization's matrix,
     * the residual following them while the treatment assesses none.
     *
     * A change of status and content is one statement (workItems.writeInOneStatement), as a control's: the
     * risk as read with its version, checked against the lock rule and the life cycle, is written only
     * while it is unchanged (and, for new scores, while the matrix that levelled them is in force), with
     * its activity entries and the NOTIFY of the open screens; when another change came first it is read
     * and checked again. A reopening, a change of tags, or a risk that keeps changing takes a transaction
     * holding the risk's lock. Either way the answer is the detail read after the commit.
     */
    async update(ctx: RequestContext, projectId: string, id: string, input: UpdateRisk): Promise<RiskDetail> {
      const organizationId = organizationOf(ctx);
      if (input.tags === undefined) {
        for (let attempt = 0; attempt < 3; attempt++) {
          const row = await riskRepository.findForChange(deps.db, organizationId, projectId, id, { lock: false });
          if (!row) throw notFound('Risk');
          if (row.status === 'approved' && input.status === 'in_progress') break;
          const plan = await planChange(ctx, projectId, row, input, async () => {
            const stored = await riskSettingsRepository.find(deps.db, organizationId);
            return { matrix: rulesOf(stored).matrix, inForce: riskSettingsRepository.matrixUnchanged(organizationId, stored) };
          });
          if (!plan.values) return detail(deps.db, ctx, projectId, row.id);
          const written = await workItems.writeInOneStatement<{ id: string }>(deps.db, {
            item: plan.renamed,
            write: riskRepository.updateIfUnchanged(row.id, row.row_version, plan.values, plan.inForce),
            entries: plan.entries,
            publish: true,
          });
          if (written) return detail(deps.db, ctx, projectId, row.id);
        }
      }
      return write(ctx, projectId, async (tx) => {
        const row = await lockedRisk(tx, ctx, projectId, id);
        const reopening = row.status === 'approved' && input.status === 'in_progress';
        const plan = await planChange(ctx, projectId, row, input, async () => ({ matrix: (await riskRules(tx, organizationId)).matrix }), { reopening });
        if (reopening) {
          assertReopen({ status: row.status, concept: 'risk' }, { reason: input.justification, rights: await ctx.projectRights(projectId), updateRight: 'risks:update', separationOfDuties: await separationOfDuties(tx, organizationId) });
        }
        if (plan.values) await riskRepository.update(tx, row.id, plan.values);
        if (reopening) await workItems.recordReopening(tx, ctx, plan.item, input.justification!);
        for (const entry of plan.entries) await recordActivity(tx, entry);
        if (input.tags !== undefined) await workItems.setTags(tx, ctx, plan.item, input.tags);
        return plan.renamed;
      });
    },

    /**
     * Deletes a risk with its treatment, acceptances, strategies, links, people, tags, thread and reviews;
     * the log keeps that it existed. An approved risk is locked (409 `locked`: reopen it first), and one
     * under review waits for its review (409 `review_pending`).
     */
    async remove(ctx: RequestContext, projectId: string, id: string) {
      const organizationId = organizationOf(ctx);
      await deps.db.transaction(async (tx) => {
        const row = await lockedRisk(tx, ctx, projectId, id);
        const target = riskItem(ctx, projectId, row);
        if (isLocked(row.status)) throw new AppError(409, `This risk is approved and locked: it cannot be deleted — reopen it first`, 'locked');
        if (row.status === 'in_review' || (await riskRepository.reviewPending(tx, organizationId, row.id))) {
          throw new AppError(409, 'A review of this risk is pending: cancel it before deleting the risk', 'review_pending');
        }
        await riskRepository.delete(tx, organizationId, row.id);
        await recordActivity(tx, {
          ...workItems.activity(ctx, target, 'deleted'),
          before: { ...contentOf(row), status: row.status, inherent_level: row.inherent_level, residual_level: row.residual_level, treatment_option: row.treatment_option },
          after: { label: target.label },
        });
        await workItems.published(tx, target);
        return target;
      });
    },

    /** Replaces the assignees and reviewers (project members only); who works on it may change even when it is approved. */
    async setAssignees(ctx: RequestContext, projectId: string, id: string, input: UpdateRiskAssignees): Promise<RiskDetail> {
      return write(ctx, projectId, async (tx) => {
        const row = await lockedRisk(tx, ctx, projectId, id);
        assertChangeAllowed({ status: row.status, concept: 'risk' }, { kind: 'people' });
        const item = riskItem(ctx, projectId, row);
        await workItems.setPeople(tx, ctx, item, input);
        return item;
      });
    },
  };
}
