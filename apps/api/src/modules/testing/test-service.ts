import {
  testConditionProblems,
  type CreateTestingTest,
  type ListTestsQuery,
  type Page,
  type TestingTestDetail,
  type TestingTestListItem,
  type UpdateRiskAssignees,
  type UpdateTestingTest,
  type WorkItemStatus,
} from '@aegis/contracts';
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
import { conditionInWords } from './condition';
import { testRepository, type TestChangeValues, type TestForChange } from './test-repository';
import { iso, personOf } from './test-sql';
import { testItem, toListItem } from './test-view';

/** A 422 naming the field (`body.metric_id`), as validation failures do. */
export const fieldError = (path: string, message: string) => new AppError(422, `${path.replace(/^(body|querystring)\./, '')}: ${message}`, 'unprocessable_content', [{ path, message }]);

/** The fields of a test a change may move (what the lock rule guards and the activity records). */
const FIELDS = ['name', 'description', 'metric_id', 'operator', 'threshold', 'threshold_upper', 'aggregation', 'window_kind', 'window_size', 'lookback_days', 'schedule'] as const;
type Field = (typeof FIELDS)[number];

const contentOf = (row: TestForChange): Record<Field, unknown> => ({
  name: row.name,
  description: row.description,
  metric_id: row.metric_id,
  operator: row.operator,
  threshold: Number(row.threshold),
  threshold_upper: row.threshold_upper === null ? null : Number(row.threshold_upper),
  aggregation: row.aggregation,
  window_kind: row.window_kind,
  window_size: row.window_size,
  lookback_days: row.lookback_days,
  schedule: row.schedule,
});

/** A metric of another project (or none) is refused: 422 naming body.metric_id. */
async function assertOwnMetric(db: Executor, organizationId: string, projectId: string, metricId: string) {
  if (!(await testRepository.metricOfProject(db, organizationId, projectId, metricId))) throw fieldError('body.metric_id', `${metricId} is not a metric of this project`);
}

/** The project's tests (work items that judge a metric): list, detail, create, change within the life cycle, people, deletion. */
export function testService(deps: Pick<Deps, 'db' | 'clock'>) {
  const organizationOf = (ctx: RequestContext) => ctx.organizationId!;
  const now = () => deps.clock.now();

  async function allowedTransitions(db: Executor, organizationId: string, status: WorkItemStatus, rights: ReadonlySet<string> | undefined) {
    if (!rights?.has('testing_test:update')) return [];
    const transitions = manualTransitionsFrom(status);
    if (!isLocked(status)) return transitions;
    return rights.has(reopenRight('testing_test:update', await separationOfDuties(db, organizationId))) ? transitions : [];
  }

  async function detail(db: Executor, ctx: RequestContext, projectId: string, id: string): Promise<TestingTestDetail> {
    const organizationId = organizationOf(ctx);
    const at = now();
    const row = await testRepository.find(db, organizationId, projectId, id, at.toISOString());
    if (!row) throw notFound('Test');
    const [history, rights] = await Promise.all([workItems.statusHistory(db, organizationId, row.id), ctx.projectRights(projectId)]);
    return {
      ...toListItem(row, at),
      locked: isLocked(row.status),
      allowed_transitions: await allowedTransitions(db, organizationId, row.status, rights),
      out_of_scope_justification: row.out_of_scope_justification,
      status_history: history,
      created_by: personOf(row.created_by),
      created_at: iso(row.created_at),
    };
  }

  /** One transaction: the change, its activity and the open screens told; the detail read after the commit. */
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

  async function lockedTest(tx: Executor, ctx: RequestContext, projectId: string, id: string) {
    const row = await testRepository.findForChange(tx, organizationOf(ctx), projectId, id);
    if (!row) throw notFound('Test');
    return row;
  }

  /**
   * What a change asks of the test as read, through the lock rule and the life cycle, then the condition
   * it would have (422 naming the field): the row's new values (none when nothing would change) and the
   * activity entries, the status change's first.
   */
  async function planChange(db: Executor, ctx: RequestContext, projectId: string, row: TestForChange, input: UpdateTestingTest, options: { reopening?: boolean } = {}) {
    const item = testItem(organizationOf(ctx), projectId, row);
    const lockable = { status: row.status, concept: 'test' };
    const fields = [...FIELDS, 'tags' as const].filter((k) => input[k] !== undefined);
    if (fields.length > 0) assertChangeAllowed(lockable, { kind: 'content', fields });
    const values: TestChangeValues = {};
    const entries: Activity[] = [];
    if (options.reopening) {
      Object.assign(values, { status: 'in_progress', outOfScopeJustification: null });
    } else if (input.status !== undefined && input.status !== row.status) {
      assertChangeAllowed(lockable, { kind: 'status', to: input.status });
      assertManualTransition(row.status, input.status, input.justification);
      Object.assign(values, { status: input.status, outOfScopeJustification: input.status === 'out_of_scope' ? input.justification!.trim() : null });
      entries.push(workItems.statusChangeEntry(ctx.user.id, item, row.status, input.status, input.justification, 'manual'));
    }
    const before = contentOf(row);
    const after = { ...before };
    for (const field of FIELDS) if (input[field] !== undefined) (after as Record<string, unknown>)[field] = input[field];
    const merged = after as unknown as Parameters<typeof testConditionProblems>[0];
    const problems = testConditionProblems(merged);
    if (problems.length > 0) {
      throw new AppError(422, problems.map((p) => `${p.path}: ${p.message}`).join('; '), 'unprocessable_content', problems.map((p) => ({ path: `body.${p.path}`, message: p.message })));
    }
    const changed = FIELDS.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    if (changed.includes('metric_id')) await assertOwnMetric(db, organizationOf(ctx), projectId, after.metric_id as string);
    if (changed.length > 0) {
      Object.assign(values, {
        name: after.name,
        description: after.description,
        metricId: after.metric_id ?? undefined,
        operator: after.operator,
        threshold: after.threshold,
        thresholdUpper: after.threshold_upper,
        aggregation: after.aggregation,
        windowKind: after.window_kind,
        windowSize: after.window_size,
        lookbackDays: after.lookback_days,
        schedule: after.schedule,
      } as TestChangeValues);
      const pick = (v: Record<Field, unknown>) => Object.fromEntries(changed.map((k) => [k, v[k]]));
      const renamed = testItem(organizationOf(ctx), projectId, { ...row, name: after.name as string });
      entries.push({ ...workItems.activity(ctx, item, 'updated'), before: pick(before), after: { ...pick(after), label: renamed.label, condition: conditionInWords(merged) } });
    }
    return { item, renamed: testItem(organizationOf(ctx), projectId, { ...row, name: after.name as string }), values: Object.keys(values).length > 0 ? values : undefined, entries };
  }

  return {
    detail: (ctx: RequestContext, projectId: string, id: string) => detail(deps.db, ctx, projectId, id),

    async list(ctx: RequestContext, projectId: string, query: ListTestsQuery): Promise<Page<TestingTestListItem>> {
      const at = now();
      const filters = {
        name: query.name || undefined,
        statuses: query.status?.length ? query.status : undefined,
        resultStatuses: query.result_status?.length ? query.result_status : undefined,
        metricId: query.metric_id,
        assignedTo: query.is_assigned_to_me ? ctx.user.id : undefined,
      };
      const { items, total } = await testRepository.list(deps.db, organizationOf(ctx), projectId, at.toISOString(), filters, { sortBy: query.sort_by, descending: query.descending, page: query.page, size: query.size });
      return pageOf(items.map((row) => toListItem(row, at)), total, query.page, query.size);
    },

    /** A new test, numbered T-<n> under the project's numbering lock; it starts ready. */
    create: (ctx: RequestContext, projectId: string, input: CreateTestingTest) =>
      write(ctx, projectId, async (tx) => {
        const organizationId = organizationOf(ctx);
        const number = await testRepository.nextNumber(tx, organizationId, projectId);
        if (number === undefined) throw notFound('Project');
        await assertOwnMetric(tx, organizationId, projectId, input.metric_id);
        const id = await testRepository.insert(tx, {
          organizationId,
          projectId,
          number,
          name: input.name,
          description: input.description,
          metricId: input.metric_id,
          operator: input.operator,
          threshold: input.threshold,
          thresholdUpper: input.threshold_upper,
          aggregation: input.aggregation,
          windowKind: input.window_kind,
          windowSize: input.window_size,
          lookbackDays: input.lookback_days,
          schedule: input.schedule,
          createdBy: ctx.user.id,
        });
        const item = testItem(organizationId, projectId, { id, number, name: input.name });
        await recordActivity(tx, {
          ...workItems.activity(ctx, item, 'created'),
          after: { label: item.label, number, name: input.name, metric_id: input.metric_id, condition: conditionInWords(input), schedule: input.schedule },
        });
        if (input.tags.length > 0) await workItems.setTags(tx, ctx, item, input.tags);
        return item;
      }),

    /**
     * Fields and/or status within the life cycle, through the lock rule: an approved test takes only
     * reopening (status in_progress with a reason and the reopen right). The merged condition is checked
     * again (422 naming the field). A save of status and fields is one statement
     * (workItems.writeInOneStatement) guarded by the row's version; a reopening, tags, or a test that
     * keeps changing takes the locked transaction. The answer is the detail read after the commit.
     */
    async update(ctx: RequestContext, projectId: string, id: string, input: UpdateTestingTest): Promise<TestingTestDetail> {
      const organizationId = organizationOf(ctx);
      if (input.tags === undefined) {
        for (let attempt = 0; attempt < 3; attempt++) {
          const row = await testRepository.findForChange(deps.db, organizationId, projectId, id, { lock: false });
          if (!row) throw notFound('Test');
          if (row.status === 'approved' && input.status === 'in_progress') break;
          const plan = await planChange(deps.db, ctx, projectId, row, input);
          if (!plan.values) return detail(deps.db, ctx, projectId, row.id);
          const written = await workItems.writeInOneStatement<{ id: string }>(deps.db, {
            item: plan.renamed,
            write: testRepository.updateIfUnchanged(row.id, row.row_version, plan.values),
            entries: plan.entries,
            publish: true,
          });
          if (written) return detail(deps.db, ctx, projectId, row.id);
        }
      }
      return write(ctx, projectId, async (tx) => {
        const row = await lockedTest(tx, ctx, projectId, id);
        const reopening = row.status === 'approved' && input.status === 'in_progress';
        const plan = await planChange(tx, ctx, projectId, row, input, { reopening });
        if (reopening) {
          assertReopen({ status: row.status, concept: 'test' }, { reason: input.justification, rights: await ctx.projectRights(projectId), updateRight: 'testing_test:update', separationOfDuties: await separationOfDuties(tx, organizationId) });
        }
        if (plan.values) await testRepository.update(tx, row.id, plan.values);
        if (reopening) await workItems.recordReopening(tx, ctx, plan.item, input.justification!);
        for (const entry of plan.entries) await recordActivity(tx, entry);
        if (input.tags !== undefined) await workItems.setTags(tx, ctx, plan.renamed, input.tags);
        return plan.renamed;
      });
    },

    /**
     * Deletes a test with its results, control links, people, tags, thread and reviews (the log keeps it,
     * and its number). Approved: 409 `locked`; under review: 409 `review_pending`. The evidence its
     * results became stays on the controls.
     */
    async remove(ctx: RequestContext, projectId: string, id: string) {
      const organizationId = organizationOf(ctx);
      await deps.db.transaction(async (tx) => {
        const row = await lockedTest(tx, ctx, projectId, id);
        const item = testItem(organizationId, projectId, row);
        if (isLocked(row.status)) throw new AppError(409, 'This test is approved and locked: it cannot be deleted — reopen it first', 'locked');
        if (row.status === 'in_review' || (await testRepository.reviewPending(tx, organizationId, row.id))) {
          throw new AppError(409, 'A review of this test is pending: cancel it before deleting the test', 'review_pending');
        }
        await testRepository.delete(tx, organizationId, row.id);
        await recordActivity(tx, { ...workItems.activity(ctx, item, 'deleted'), before: { ...contentOf(row), status: row.status }, after: { label: item.label, number: row.number } });
        await workItems.published(tx, item);
      });
    },

    /** Replaces the assignees and reviewers (project members only); allowed on an approved test. */
    setAssignees: (ctx: RequestContext, projectId: string, id: string, input: UpdateRiskAssignees) =>
      write(ctx, projectId, async (tx) => {
        const row = await lockedTest(tx, ctx, projectId, id);
        assertChangeAllowed({ status: row.status, concept: 'test' }, { kind: 'people' });
        const item = testItem(organizationOf(ctx), projectId, row);
        await workItems.setPeople(tx, ctx, item, input);
        return item;
      }),
  };
}
