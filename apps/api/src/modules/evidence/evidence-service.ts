import {
  EVIDENCE_FILE_TYPE_LABELS,
  type EvidenceDetail,
  type EvidenceFileTypes,
  type EvidenceLight,
  type EvidenceListItem,
  type ListEvidenceQuery,
  type Page,
  type UpdateEvidence,
  type UpdateRiskAssignees,
  type WorkItemStatus,
} from '@aegis/contracts';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { retryOnConflict } from '../../lib/conflict-retry';
import { AppError, notFound } from '../../lib/errors';
import { pageOf } from '../../lib/paging';
import { runPurges, schedulePurge } from '../../lib/storage/purges';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity, type Activity } from '../logs/record-activity';
import { separationOfDuties } from '../organizations/config-service';
import { assertManualTransition, isLocked, manualTransitionsFrom } from '../work-items/lifecycle';
import { assertChangeAllowed, assertReopen, reopenRight, type Holder } from '../work-items/lock-rule';
import { workItems, type WorkItem } from '../work-items/work-items';
import { releaseControls } from './evidence-expiry';
import { evidencePrefix } from './evidence-files';
import { changeLinkIn, distinctItems, replaceLinksIn } from './evidence-link-service';
import { evidenceLinkRepository } from './evidence-link-repository';
import { evidenceListRepository, type EvidenceFilters } from './evidence-list-repository';
import { evidenceRepository, type EvidenceChangeValues, type EvidenceForChange } from './evidence-repository';
import { assertNotHeld, assertValidity, fieldError } from './evidence-rules';
import { evidenceItem, toListItem } from './evidence-view';
import { generatedRefusal } from './generated-evidence';
import { refreshSearch } from './search-vector';
import { iso, parsed, personOf, todayOf } from './sql-helpers';

type Log = { warn(details: object, message: string): void };
export type EvidenceDeps = Pick<Deps, 'db' | 'clock' | 'storage'> & { log?: Log };

/** The list's query as repository filters (start after end: 422 naming end_date). */
function filtersOf(ctx: RequestContext, today: string, query: Partial<ListEvidenceQuery>): EvidenceFilters {
  if (query.start_date && query.end_date && query.end_date < query.start_date) throw fieldError('querystring.end_date', `must not be before start_date (${query.start_date})`);
  return {
    today,
    name: query.name || undefined,
    controlCodes: query.associated_controls?.length ? query.associated_controls : undefined,
    riskRefs: query.associated_risks?.length ? query.associated_risks : undefined,
    startDate: query.start_date,
    endDate: query.end_date,
    fileTypes: query.file_type?.length ? query.file_type : undefined,
    statuses: query.status?.length ? query.status : undefined,
    expiryStates: query.expiry_state?.length ? query.expiry_state : undefined,
    assignedTo: query.is_assigned_to_me ? ctx.user.id : undefined,
    unlinked: query.unlinked,
  };
}

/** The content fields of PATCH (what the lock rule guards). */
const CONTENT = ['name', 'description', 'effective_date', 'expires_on', 'tags'] as const;

/** A project's evidence: lists, detail, changes within the life cycle, people, deletion. Uploads: evidence-upload-service.ts. */
export function evidenceService(deps: EvidenceDeps) {
  const organizationOf = (ctx: RequestContext) => ctx.organizationId!;
  const today = () => todayOf(deps.clock.now());

  /** What the caller may move the evidence to by hand: reopening an approved one needs the reopen right of the setting. */
  async function allowedTransitions(db: Executor, organizationId: string, status: WorkItemStatus, rights: ReadonlySet<string> | undefined) {
    if (!rights?.has('evidences:update')) return [];
    const transitions = manualTransitionsFrom(status);
    if (!isLocked(status)) return transitions;
    return rights.has(reopenRight('evidences:update', await separationOfDuties(db, organizationId))) ? transitions : [];
  }

  async function detail(db: Executor, ctx: RequestContext, projectId: string, id: string): Promise<EvidenceDetail> {
    const organizationId = organizationOf(ctx);
    const row = await evidenceListRepository.find(db, organizationId, projectId, id);
    if (!row) throw notFound('Evidence');
    const [versions, history, rights] = await Promise.all([evidenceRepository.versions(db, organizationId, row.id), workItems.statusHistory(db, organizationId, row.id), ctx.projectRights(projectId)]);
    const item = toListItem(row, today());
    return {
      ...item,
      versions: versions.map((v) => ({
        id: v.id,
        version: Number(v.version),
        file_name: v.file_name,
        size: Number(v.size),
        content_type: v.content_type,
        file_type: v.file_type,
        sha256: v.sha256,
        text_status: v.text_status,
        text_error: v.text_error,
        uploaded_by: personOf(v.uploaded_by),
        uploaded_at: iso(v.uploaded_at),
      })),
      locked: isLocked(row.status),
      held_by_approved_controls: item.controls.filter((c) => c.status === 'approved').map((c) => c.control_code),
      allowed_transitions: await allowedTransitions(db, organizationId, row.status, rights),
      status_history: history,
      reviewers: parsed(row.reviewers),
      created_by: personOf(row.created_by),
    };
  }

  /**
   * Writes an evidence change in one transaction (row lock, writes, activity, and the open screens told:
   * their NOTIFY leaves with the commit, see work-items.ts) and answers the detail read after the commit.
   */
  async function write(ctx: RequestContext, projectId: string, evidenceId: string, change: (tx: Executor) => Promise<WorkItem[]>) {
    await retryOnConflict(() =>
      deps.db.transaction(async (tx) => {
        const items = await change(tx);
        for (const item of distinctItems(items)) await workItems.published(tx, item);
      }),
    );
    return detail(deps.db, ctx, projectId, evidenceId);
  }

  /**
   * The approved controls that hold an evidence (linked to it): what they were approved on stays as it was
   * until they are reopened (lock-rule.ts). Read locked in the locked path, so that a control's approval
   * settling meanwhile either comes first (and this change is refused) or waits until this change has
   * committed; the one-statement path reads them unlocked and its statement locks them
   * (evidenceRepository.updateIfUnchanged, `unlessHeld`).
   */
  async function approvedHolders(db: Executor, organizationId: string, projectId: string, evidenceId: string, lock: boolean): Promise<Holder[]> {
    const { controls } = await evidenceLinkRepository.targetsOf(db, evidenceId);
    const live = await evidenceLinkRepository.controlsById(db, organizationId, projectId, controls.map((c) => c.id), lock);
    return live.filter((c) => c.status === 'approved').map((c) => ({ concept: 'control', code: c.control_code }));
  }

  /**
   * What a change asks of the evidence as read, through the lock rule and the life cycle (refusals are
   * thrown, in the order the API documents them): the row's new values (none when nothing would change),
   * the activity entries (the status change's first), whether it is a content change (`content`: the
   * approved controls holding it refuse it; `holders` reads them), whether the search document follows
   * (`search`: the new name and description) and whether the controls its expiry flagged are looked at
   * again (`releases`). A reopening is the caller's to allow (assertReopen) and to log (recordReopening).
   */
  async function planChange(ctx: RequestContext, projectId: string, row: EvidenceForChange, input: UpdateEvidence, holders: () => Promise<Holder[]>, options: { reopening?: boolean } = {}) {
    if (row.generated) throw generatedRefusal(row.name, 'edited, relinked or moved to another status');
    const item = evidenceItem(ctx, projectId, row);
    const lockable = { status: row.status, concept: 'evidence' };
    const fields = CONTENT.filter((k) => input[k] !== undefined);
    const content = fields.length > 0 && !isLocked(row.status);
    if (fields.length > 0) assertChangeAllowed({ ...lockable, heldBy: content ? await holders() : [] }, { kind: 'content', fields });
    if (input.control_ids !== undefined || input.risk_ids !== undefined) assertChangeAllowed(lockable, { kind: 'link', target: 'controls or risks' });
    const values: EvidenceChangeValues = {};
    const entries: Activity[] = [];
    let status = row.status;
    if (options.reopening) {
      // Its reason and right are asked by assertReopen, after the lock rule's refusals.
      Object.assign(values, { status: 'in_progress', outOfScopeJustification: null });
      status = 'in_progress';
    } else if (input.status !== undefined && input.status !== row.status) {
      assertChangeAllowed(lockable, { kind: 'status', to: input.status });
      assertManualTransition(row.status, input.status, input.justification);
      Object.assign(values, { status: input.status, outOfScopeJustification: input.status === 'out_of_scope' ? input.justification!.trim() : null });
      entries.push(workItems.statusChangeEntry(ctx.user.id, item, row.status, input.status, input.justification, 'manual'));
      status = input.status;
    }
    const before = { name: row.name, description: row.description, effective_date: row.effective_date, expires_on: row.expires_on };
    const after = {
      name: input.name ?? before.name,
      description: input.description ?? before.description,
      effective_date: input.effective_date ?? before.effective_date,
      expires_on: input.expires_on === undefined ? before.expires_on : input.expires_on,
    };
    if (input.effective_date !== undefined || input.expires_on !== undefined) assertValidity(after.effective_date, after.expires_on, input.expires_on !== undefined ? 'body.expires_on' : 'body.effective_date');
    const moved = (Object.keys(after) as (keyof typeof after)[]).filter((k) => before[k] !== after[k]);
    const expiryMoved = moved.includes('expires_on');
    if (moved.length > 0) {
      Object.assign(values, { name: after.name, description: after.description, effectiveDate: after.effective_date, expiresOn: after.expires_on, resetExpiry: expiryMoved });
      const pick = (values: typeof before) => Object.fromEntries(moved.map((k) => [k, values[k]]));
      entries.push({ ...workItems.activity(ctx, item, 'updated'), before: pick(before), after: { ...pick(after), label: after.name } });
    }
    return {
      item,
      renamed: { ...row, name: after.name, status },
      values: Object.keys(values).length > 0 ? values : undefined,
      entries,
      content,
      search: moved.includes('name') || moved.includes('description') ? { name: after.name, description: after.description } : undefined,
      releases: expiryMoved && row.expired_at !== null,
    };
  }

  async function lockedEvidence(tx: Executor, ctx: RequestContext, projectId: string, id: string) {
    const row = await evidenceRepository.findForChange(tx, organizationOf(ctx), projectId, id);
    if (!row) throw notFound('Evidence');
    return row;
  }

  return {
    detail: (ctx: RequestContext, projectId: string, id: string) => detail(deps.db, ctx, projectId, id),

    async list(ctx: RequestContext, projectId: string, query: ListEvidenceQuery): Promise<Page<EvidenceListItem>> {
      const day = today();
      const { items, total } = await evidenceListRepository.list(deps.db, organizationOf(ctx), projectId, filtersOf(ctx, day, query), { sortBy: query.sort_by, descending: query.descending, page: query.page, size: query.size });
      return pageOf(items.map((row) => toListItem(row, day)), total, query.page, query.size);
    },

    /** The light list for pickers: up to 250 by name. */
    async light(ctx: RequestContext, projectId: string, name?: string): Promise<Page<EvidenceLight>> {
      const size = 250;
      const { items, total } = await evidenceListRepository.light(deps.db, organizationOf(ctx), projectId, { today: today(), name: name || undefined }, size);
      return pageOf(items.map((row) => ({ id: row.id, name: row.name, file_name: row.file_name, file_type: row.file_type, status: row.status, size: Number(row.size) })), total, 1, size);
    },

    async fileTypes(ctx: RequestContext, projectId: string): Promise<EvidenceFileTypes> {
      const rows = await evidenceListRepository.fileTypes(deps.db, organizationOf(ctx), projectId);
      return { items: rows.map((row) => ({ file_type: row.file_type, label: EVIDENCE_FILE_TYPE_LABELS[row.file_type], count: Number(row.count) })) };
    },

    /**
     * Content (name, description, validity, tags), links (the whole lists of control and risk ids) and/or
     * status within the life cycle, through the lock rule: an approved evidence takes only reopening
     * (status in_progress, with a reason and the reopen right) until reopened. A new expiry date starts
     * its reminders again and lifts what its expiry flagged.
     *
     * A change of status, name, description or validity is one statement (workItems.writeInOneStatement),
     * as a control's: the evidence as read with its version, checked against the lock rule (approved
     * controls holding it included) and the life cycle, is written only while it is unchanged — and, for
     * a content change, while no control holding it is approved — with its search document, its activity
     * entries and the NOTIFY of the open screens; when another change came first it is read and checked
     * again. A reopening, tags, links, a new expiry date of an expired evidence (the controls it flagged
     * are looked at again), or an evidence that keeps changing takes a transaction holding its lock.
     * Either way the answer is the detail read after the commit.
     */
    async update(ctx: RequestContext, projectId: string, id: string, input: UpdateEvidence): Promise<EvidenceDetail> {
      const organizationId = organizationOf(ctx);
      if (input.tags === undefined && input.control_ids === undefined && input.risk_ids === undefined) {
        for (let attempt = 0; attempt < 3; attempt++) {
          const row = await evidenceRepository.findForChange(deps.db, organizationId, projectId, id, { lock: false });
          if (!row) throw notFound('Evidence');
          if (row.status === 'approved' && input.status === 'in_progress') break;
          const plan = await planChange(ctx, projectId, row, input, () => approvedHolders(deps.db, organizationId, projectId, row.id, false));
          if (plan.releases) break;
          if (!plan.values) return detail(deps.db, ctx, projectId, row.id);
          const written = await workItems.writeInOneStatement<{ id: string }>(deps.db, {
            item: plan.item,
            write: evidenceRepository.updateIfUnchanged(row.id, row.row_version, plan.values, { search: plan.search, unlessHeld: plan.content }),
            entries: plan.entries,
            publish: true,
          });
          if (written) return detail(deps.db, ctx, projectId, row.id);
        }
      }
      return write(ctx, projectId, id, async (tx) => {
        const row = await lockedEvidence(tx, ctx, projectId, id);
        const reopening = row.status === 'approved' && input.status === 'in_progress';
        const plan = await planChange(ctx, projectId, row, input, () => approvedHolders(tx, organizationId, projectId, row.id, true), { reopening });
        if (reopening) {
          assertReopen({ status: row.status, concept: 'evidence' }, { reason: input.justification, rights: await ctx.projectRights(projectId), updateRight: 'evidences:update', separationOfDuties: await separationOfDuties(tx, organizationId) });
        }
        const changed: WorkItem[] = [plan.item];
        if (plan.values) await evidenceRepository.update(tx, row.id, plan.values);
        if (reopening) await workItems.recordReopening(tx, ctx, plan.item, input.justification!);
        for (const entry of plan.entries) await recordActivity(tx, entry);
        if (plan.search) await refreshSearch(tx, row.id);
        if (plan.releases) changed.push(...(await releaseControls(tx, (await evidenceLinkRepository.targetsOf(tx, row.id)).controls.map((c) => c.id), ctx.user.id)));
        if (input.tags !== undefined) await workItems.setTags(tx, ctx, evidenceItem(ctx, projectId, plan.renamed), input.tags);
        if (input.control_ids !== undefined || input.risk_ids !== undefined) changed.push(...(await replaceLinksIn(tx, ctx, projectId, plan.renamed, input)));
        return changed;
      });
    },

    /** Replaces the assignees (its owners) and reviewers (project members only); who works on it may change even when it is approved. */
    setAssignees: (ctx: RequestContext, projectId: string, id: string, input: UpdateRiskAssignees) =>
      write(ctx, projectId, id, async (tx) => {
        const row = await lockedEvidence(tx, ctx, projectId, id);
        assertChangeAllowed({ status: row.status, concept: 'evidence' }, { kind: 'people' });
        const item = evidenceItem(ctx, projectId, row);
        await workItems.setPeople(tx, ctx, item, input);
        return [item];
      }),

    /**
     * Deletes an evidence with its versions, links, people, tags, thread and reviews; its files are purged
     * through the purge record once the deletion commits (the log keeps that it existed). Refused while it
     * is approved (409 `locked`), under review (409 `review_pending`) or linked to an approved control
     * (409 `held_by_approved_control`) or risk (409 `locked`).
     */
    async remove(ctx: RequestContext, projectId: string, id: string) {
      const organizationId = organizationOf(ctx);
      await retryOnConflict(() =>
        deps.db.transaction(async (tx) => {
          const row = await lockedEvidence(tx, ctx, projectId, id);
          const item = evidenceItem(ctx, projectId, row);
          if (row.generated) throw generatedRefusal(row.name, 'deleted');
          if (isLocked(row.status)) throw new AppError(409, `Evidence “${row.name}” is approved and locked: it cannot be deleted — reopen it first`, 'locked');
          if (row.status === 'in_review' || (await evidenceRepository.reviewPending(tx, organizationId, row.id))) {
            throw new AppError(409, 'A review of this evidence is pending: cancel it before deleting the evidence', 'review_pending');
          }
          const targets = await evidenceLinkRepository.targetsOf(tx, row.id);
          const lockedControls = await evidenceLinkRepository.controlsById(tx, organizationId, projectId, targets.controls.map((c) => c.id), true);
          const lockedRisks = await evidenceLinkRepository.risksById(tx, organizationId, projectId, targets.risks.map((r) => r.id), true);
          assertNotHeld(row.name, lockedControls, 'deleted');
          const changed: WorkItem[] = [item];
          // The links go with the evidence: each end is changed, logged and told, through the lock rule.
          for (const control of lockedControls) changed.push(...(await changeLinkIn(tx, ctx, projectId, row, { kind: 'control', control }, false)));
          for (const risk of lockedRisks) changed.push(...(await changeLinkIn(tx, ctx, projectId, row, { kind: 'risk', risk }, false)));
          await evidenceRepository.delete(tx, organizationId, row.id);
          await schedulePurge(tx, evidencePrefix(organizationId, projectId, row.id));
          await recordActivity(tx, {
            ...workItems.activity(ctx, item, 'deleted'),
            before: { name: row.name, description: row.description, status: row.status, version: Number(row.version), file_name: row.file_name, sha256: row.sha256 },
            after: { label: item.label },
          });
          for (const touched of distinctItems(changed)) await workItems.published(tx, touched);
          return changed;
        }),
      );
      // The files go now; when the storage is down the purge job finishes it later.
      await runPurges(deps).catch((error: unknown) => deps.log?.warn({ err: error instanceof Error ? error.message : String(error) }, 'evidence files not removed yet; the purge job will retry'));
    },
  };
}
