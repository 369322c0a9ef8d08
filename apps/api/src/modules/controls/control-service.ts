import {
  JUSTIFIED_STATUSES,
  type BulkControlsResult,
  type BulkRefusal,
  type BulkUpdateControls,
  type ControlAssessment,
  type ControlChange,
  type ControlDetail,
  type ControlLight,
  type ControlListItem,
  type CreateControlAssessment,
  type LifecyclePhase,
  type ListControlsQuery,
  type Page,
  type UpdateControl,
  type UpdateControlAssignees,
  type WorkItemStatus,
} from '@aegis/contracts';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, notFound, unprocessable } from '../../lib/errors';
import { retryOnConflict } from '../../lib/conflict-retry';
import { pageOf } from '../../lib/paging';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity, type Activity } from '../logs/record-activity';
import { separationOfDuties } from '../organizations/config-service';
import { assertManualTransition, isLocked, manualTransitionsFrom } from '../work-items/lifecycle';
import { assertChangeAllowed, assertReopen, lockRefusal, reopenRight } from '../work-items/lock-rule';
import { workItems, type WorkItem } from '../work-items/work-items';
import { controlFilters } from './control-filters';
import { controlRepository, dateOnly, toListItem, type ChangedRow, type ControlChangeValues, type ControlSort } from './control-repository';

const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

export const controlLink = (projectId: string, code: string) => `/projects/project-detail/${projectId}/control-detail/${encodeURIComponent(code)}`;

const toAssessment = (row: { id: string; result: ControlAssessment['result']; rationale: string; created_at: Date; by_id: string | null; by_name: string | null; by_email: string | null }): ControlAssessment => ({
  id: row.id,
  result: row.result,
  rationale: row.rationale,
  assessed_by: row.by_id ? { id: row.by_id, name: row.by_name ?? '', email: row.by_email ?? '' } : null,
  created_at: new Date(row.created_at).toISOString(),
});

/** The project's controls: the working surface of compliance (list, detail, changes within the life cycle, assessments). */
export function controlService(deps: Pick<Deps, 'db'>) {
  const organizationOf = (ctx: RequestContext) => ctx.organizationId!;
  const item = (ctx: RequestContext, projectId: string, row: { id: string; control_code: string; title: string }): WorkItem => ({
    organizationId: organizationOf(ctx),
    projectId,
    itemType: 'control',
    itemId: row.id,
    label: `${row.control_code} ${row.title}`,
    link: controlLink(projectId, row.control_code),
  });

  async function findOrThrow(db: Executor, ctx: RequestContext, projectId: string, code: string, lock = false) {
    const row = await controlRepository.findByCode(db, organizationOf(ctx), projectId, code, lock);
    if (!row) throw notFound(`Control ${code}`);
    return row;
  }

  async function detail(db: Executor, ctx: RequestContext, projectId: string, code: string): Promise<ControlDetail> {
    const row = await findOrThrow(db, ctx, projectId, code);
    const organizationId = organizationOf(ctx);
    const [satisfies, history, assessments, rights] = await Promise.all([
      controlRepository.satisfies(db, organizationId, projectId, row.control_id),
      workItems.statusHistory(db, organizationId, row.id),
      controlRepository.assessments(db, organizationId, row.id, 1, 1),
      ctx.projectRights(projectId),
    ]);
    return {
      ...toListItem(row),
      objective: row.objective,
      guidance: row.guidance,
      evidence_examples: parsed<string[]>(row.evidence_examples),
      lifecycle_phase: row.lifecycle_phase as LifecyclePhase[],
      defined_by: row.defined_by,
      notes: row.notes,
      out_of_scope_justification: row.out_of_scope_justification,
      locked: isLocked(row.status),
      allowed_transitions: rights?.has('controls:update') ? await allowedTransitions(db, organizationId, row.status, rights) : [],
      satisfies: satisfies.map((s) => ({ ...s, relationship: s.relationship as ControlDetail['satisfies'][number]['relationship'], applicable: Boolean(s.applicable) })),
      status_history: history,
      latest_assessment: assessments.items[0] ? toAssessment(assessments.items[0]) : null,
    };
  }

  /** What the caller may move the control to by hand: reopening an approved one needs the reopen right of the setting. */
  async function allowedTransitions(db: Executor, organizationId: string, status: WorkItemStatus, rights: ReadonlySet<string>) {
    const transitions = manualTransitionsFrom(status);
    if (!isLocked(status)) return transitions;
    return rights.has(reopenRight('controls:update', await separationOfDuties(db, organizationId))) ? transitions : [];
  }

  /**
   * Moves one control to `to` by hand, in the caller's transaction, with its log entry; false when it
   * was there already (nothing written); the open screens are told in the same statement as its log entry.
   */
  async function changeStatus(
    db: Executor,
    ctx: RequestContext,
    projectId: string,
    row: { id: string; control_code: string; title: string; status: WorkItemStatus },
    to: WorkItemStatus,
    justification?: string,
  ) {
    assertManualTransition(row.status, to, justification);
    if (row.status === to) return false;
    await controlRepository.update(db, row.id, { status: to, outOfScopeJustification: to === 'out_of_scope' ? justification!.trim() : null });
    await workItems.recordStatusChange(db, ctx.user.id, item(ctx, projectId, row), row.status, to, justification, 'manual');
    return true;
  }

  /**
   * The answer to a change, built after its commit: the fields a change moves — as its update returned
   * them (`written`), else read now — and the status history entry it wrote (at the time of the row's
   * status change: the entry's, as both take the transaction's time).
   */
  async function changed(
    ctx: RequestContext,
    projectId: string,
    id: string,
    statusChange: { from: WorkItemStatus; to: WorkItemStatus; justification: string | null } | null,
    written?: ChangedRow,
  ): Promise<ControlChange> {
    const organizationId = organizationOf(ctx);
    const row = written ?? (await controlRepository.changed(deps.db, organizationId, id));
    // Removed from the project between the commit and this read (its framework was taken away): as any read of it would say.
    if (!row) throw notFound('Control');
    const rights = await ctx.projectRights(projectId);
    const by = { id: ctx.user.id, name: `${ctx.user.firstname} ${ctx.user.lastname}`.trim() || ctx.user.email, email: ctx.user.email };
    return {
      id: row.id,
      control_code: row.control_code,
      status: row.status,
      notes: row.notes,
      due_date: dateOnly(row.due_date),
      out_of_scope_justification: row.out_of_scope_justification,
      tags: parsed(row.tags),
      review_status: row.review_status ?? null,
      approval_forced: Boolean(row.approval_forced),
      locked: isLocked(row.status),
      allowed_transitions: rights?.has('controls:update') ? await allowedTransitions(deps.db, organizationId, row.status, rights) : [],
      updated_at: new Date(row.updated_at).toISOString(),
      status_change: statusChange && { ...statusChange, at: new Date(row.status_changed_at ?? row.updated_at).toISOString(), by, forced: false },
    };
  }

  type ChangeRow = NonNullable<Awaited<ReturnType<typeof controlRepository.findForChange>>>;

  /**
   * What a change asks of the control as read, through the lock rule and the life cycle (refusals are
   * thrown): the row's new values (none when nothing would change), the status change and the activity
   * entries. A reopening (`reopening`) is the caller's to allow (assertReopen) and to log (recordReopening).
   */
  function planChange(ctx: RequestContext, projectId: string, row: ChangeRow, input: UpdateControl, options: { reopening?: boolean } = {}) {
    const target = item(ctx, projectId, row);
    const lockable = { status: row.status, concept: 'control' };
    const fields = (['notes', 'due_date', 'tags'] as const).filter((field) => input[field] !== undefined);
    if (fields.length > 0) assertChangeAllowed(lockable, { kind: 'content', fields });
    const values: ControlChangeValues = {};
    const entries: Activity[] = [];
    let statusChange: { from: WorkItemStatus; to: WorkItemStatus; justification: string | null } | null = null;
    if (options.reopening) {
      Object.assign(values, { status: 'in_progress', outOfScopeJustification: null });
      // Its reason is asked by assertReopen, after the lock rule's refusal of content changes.
      statusChange = { from: 'approved', to: 'in_progress', justification: input.justification?.trim() ?? '' };
    } else if (input.status !== undefined) {
      assertChangeAllowed(lockable, { kind: 'status', to: input.status });
      assertManualTransition(row.status, input.status, input.justification);
      if (input.status !== row.status) {
        Object.assign(values, { status: input.status, outOfScopeJustification: input.status === 'out_of_scope' ? input.justification!.trim() : null });
        statusChange = { from: row.status, to: input.status, justification: input.justification ?? null };
        entries.push(workItems.statusChangeEntry(ctx.user.id, target, row.status, input.status, input.justification, 'manual'));
      }
    }
    if (input.notes !== undefined) values.notes = input.notes;
    if (input.due_date !== undefined) values.dueDate = input.due_date;
    const before = { notes: row.notes, due_date: dateOnly(row.due_date) };
    const after = { notes: input.notes ?? row.notes, due_date: input.due_date === undefined ? before.due_date : input.due_date };
    if (JSON.stringify(before) !== JSON.stringify(after)) entries.push({ ...workItems.activity(ctx, target, 'updated'), before, after: { ...after, label: target.label } });
    return { target, values: Object.keys(values).length > 0 ? values : undefined, statusChange, entries };
  }

  return {
    detail: (ctx: RequestContext, projectId: string, code: string) => detail(deps.db, ctx, projectId, code),

    async list(ctx: RequestContext, projectId: string, query: ListControlsQuery): Promise<Page<ControlListItem>> {
      const filters = await controlFilters(deps.db, ctx, projectId, query);
      const { items, total } = await controlRepository.list(deps.db, organizationOf(ctx), projectId, filters, {
        sortBy: query.sort_by as ControlSort | undefined,
        descending: query.descending,
        page: query.page,
        size: query.size,
      });
      return pageOf(items.map(toListItem), total, query.page, query.size);
    },

    async light(ctx: RequestContext, projectId: string, query: { name?: string; status?: WorkItemStatus[]; sort_by?: 'control_code' | 'title'; descending: boolean; page: number; size: number }): Promise<Page<ControlLight>> {
      const filters = await controlFilters(deps.db, ctx, projectId, { name: query.name, status: query.status });
      const { items, total } = await controlRepository.light(deps.db, organizationOf(ctx), projectId, filters, { sortBy: query.sort_by, descending: query.descending, page: query.page, size: query.size });
      return pageOf(items.map(({ total: _total, ...rest }) => rest), total, query.page, query.size);
    },

    /**
     * Status within the life cycle, notes, due date and tags, through the lock rule: an approved control
     * takes only reopening (status in_progress, with a reason and the reopen right); its approvers are told.
     * A change of status, notes or due date is one statement (workItems.writeInOneStatement): the row as
     * read, checked against the lock rule and the life cycle, is written only while it is unchanged, with
     * its activity entries and the NOTIFY of the open screens; when another change came first, it is read
     * and checked again. A reopening, a change of tags, or a row that keeps changing takes a transaction
     * holding the row's lock, its writes and their entries. Either way the answer — the fields a change
     * moves, not the detail — comes back with the write and is built after the commit.
     */
    async update(ctx: RequestContext, projectId: string, code: string, input: UpdateControl): Promise<ControlChange> {
      const organizationId = organizationOf(ctx);
      if (input.tags === undefined) {
        for (let attempt = 0; attempt < 3; attempt++) {
          const row = await controlRepository.findForChange(deps.db, organizationId, projectId, code, { lock: false });
          if (!row) throw notFound(`Control ${code}`);
          if (row.status === 'approved' && input.status === 'in_progress') break;
          const plan = planChange(ctx, projectId, row, input);
          if (!plan.values) return changed(ctx, projectId, row.id, null);
          const answer = await workItems.writeInOneStatement<ChangedRow>(deps.db, {
            item: plan.target,
            write: controlRepository.updateIfUnchanged(row.id, row.version, plan.values),
            entries: plan.entries,
            publish: plan.statusChange !== null,
          });
          if (answer) return changed(ctx, projectId, row.id, plan.statusChange, answer);
        }
      }
      const written = await retryOnConflict(() =>
        deps.db.transaction(async (tx) => {
          const row = await controlRepository.findForChange(tx, organizationId, projectId, code);
          if (!row) throw notFound(`Control ${code}`);
          const reopening = row.status === 'approved' && input.status === 'in_progress';
          const plan = planChange(ctx, projectId, row, input, { reopening });
          if (reopening) {
            const sod = await separationOfDuties(tx, organizationId);
            assertReopen({ status: row.status, concept: 'control' }, { reason: input.justification, rights: await ctx.projectRights(projectId), updateRight: 'controls:update', separationOfDuties: sod });
          }
          const answer = plan.values ? await controlRepository.updateAnswering(tx, row.id, plan.values) : undefined;
          if (reopening) await workItems.recordReopening(tx, ctx, plan.target, input.justification!);
          else if (plan.statusChange) {
            const { from, to } = plan.statusChange;
            await workItems.recordStatusChange(tx, ctx.user.id, plan.target, from, to, input.justification, 'manual');
          }
          for (const entry of plan.entries.filter((e) => e.action !== 'status_changed')) await recordActivity(tx, entry);
          if (input.tags !== undefined) await workItems.setTags(tx, ctx, plan.target, input.tags);
          return { item: plan.target, statusChange: plan.statusChange, answer: input.tags === undefined ? answer : undefined };
        }),
      );
      return changed(ctx, projectId, written.item.itemId, written.statusChange, written.answer);
    },

    async setAssignees(ctx: RequestContext, projectId: string, code: string, input: UpdateControlAssignees): Promise<ControlDetail> {
      return deps.db.transaction(async (tx) => {
        const row = await findOrThrow(tx, ctx, projectId, code, true);
        // Who works on it may change even when it is approved: the lock rule lets people through.
        assertChangeAllowed({ status: row.status, concept: 'control' }, { kind: 'people' });
        await workItems.setPeople(tx, ctx, item(ctx, projectId, row), input);
        return detail(tx, ctx, projectId, code);
      });
    },

    /**
     * One status change and/or assignment for many controls. Each control takes the whole change or none
     * of it: the lock rule refuses approved ones (a bulk change never reopens: that is one at a time, with
     * a reason), the life cycle refuses what it does not allow; the others change. Says which were refused and why.
     */
    async bulkUpdate(ctx: RequestContext, projectId: string, input: BulkUpdateControls): Promise<BulkControlsResult> {
      if (input.status !== undefined && JUSTIFIED_STATUSES.includes(input.status) && !input.justification?.trim()) {
        throw unprocessable(`justification: say why they are ${input.status.replace(/_/g, ' ')}; the reason is kept in each control's history`);
      }
      return deps.db.transaction(async (tx) => {
        const codes = [...new Set(input.control_codes)];
        const rows = await controlRepository.findManyByCode(tx, organizationOf(ctx), projectId, codes);
        const missing = codes.filter((c) => !rows.some((r) => r.control_code === c));
        if (missing.length > 0) {
          throw new AppError(422, `Not controls of this project: ${missing.join(', ')}`, 'unprocessable_content', missing.map((c) => ({ path: 'body.control_codes', message: `${c} is not a control of this project` })));
        }
        const updated: string[] = [];
        const refused: BulkRefusal[] = [];
        for (const row of rows) {
          const lockable = { status: row.status, concept: 'control' };
          const refusal =
            (input.status !== undefined && input.status !== row.status ? lockRefusal(lockable, { kind: 'status', to: input.status }) : null) ??
            (input.add_assignees?.length ? lockRefusal(lockable, { kind: 'people' }) : null);
          if (refusal) {
            refused.push({ id: row.id, control_code: row.control_code, ...refusal });
            continue;
          }
          try {
            if (input.status !== undefined) assertManualTransition(row.status, input.status, input.justification);
          } catch (error) {
            if (!(error instanceof AppError) || error.statusCode !== 409) throw error;
            refused.push({ id: row.id, control_code: row.control_code, code: error.code, detail: error.detail });
            continue;
          }
          if (input.status !== undefined) await changeStatus(tx, ctx, projectId, row, input.status, input.justification);
          if (input.add_assignees?.length) {
            const { assignees, reviewers } = await currentPeople(tx, row.id);
            await workItems.setPeople(tx, ctx, item(ctx, projectId, row), { assignees: [...new Set([...assignees, ...input.add_assignees])], reviewers });
          }
          updated.push(row.id);
        }
        return { updated, refused };
      });
    },

    async assess(ctx: RequestContext, projectId: string, code: string, input: CreateControlAssessment): Promise<ControlAssessment> {
      return deps.db.transaction(async (tx) => {
        // Locked with the row, so that an approval cannot slip in between the check and the insert.
        const row = await findOrThrow(tx, ctx, projectId, code, true);
        assertChangeAllowed({ status: row.status, concept: 'control' }, { kind: 'assessment' });
        const created = await controlRepository.insertAssessment(tx, { organizationId: organizationOf(ctx), projectId, controlId: row.id, result: input.result, rationale: input.rationale, assessedBy: ctx.user.id });
        await recordActivity(tx, { ...workItems.activity(ctx, item(ctx, projectId, row), 'assessed'), after: { result: input.result, rationale: input.rationale, label: item(ctx, projectId, row).label } });
        const name = `${ctx.user.firstname} ${ctx.user.lastname}`.trim() || ctx.user.email;
        return { id: created.id, result: input.result, rationale: input.rationale, assessed_by: { id: ctx.user.id, name, email: ctx.user.email }, created_at: new Date(created.created_at).toISOString() };
      });
    },

    async assessments(ctx: RequestContext, projectId: string, code: string, page: number, size: number): Promise<Page<ControlAssessment>> {
      const row = await findOrThrow(deps.db, ctx, projectId, code);
      const { items, total } = await controlRepository.assessments(deps.db, organizationOf(ctx), row.id, page, size);
      return pageOf(items.map(toAssessment), total, page, size);
    },

    /** Controls with their linked evidence: one list of up to 250, for pickers; the links in one query for the page. */
    async withEvidences(ctx: RequestContext, projectId: string, name?: string) {
      const filters = await controlFilters(deps.db, ctx, projectId, { name });
      const { items, total } = await controlRepository.light(deps.db, organizationOf(ctx), projectId, filters, { descending: false, page: 1, size: 250 });
      const evidences = await controlRepository.evidencesOf(deps.db, organizationOf(ctx), items.map((c) => c.id));
      return pageOf(items.map(({ total: _total, ...rest }) => ({ ...rest, evidences: evidences.get(rest.id) ?? [] })), total, 1, 250);
    },
  };

  async function currentPeople(db: Executor, itemId: string) {
    return workItems.people(db, 'control', itemId);
  }
}
