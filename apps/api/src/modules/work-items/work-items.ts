import type { PersonRef, StatusChange, WorkItemStatus } from '@aegis/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { RequestContext } from '../../plugins/auth';
import { ACTIVITY_COLUMNS, activityInsert, activityValues, recordActivity, type Activity } from '../logs/record-activity';
import { notifyUsers } from '../notifications/notify';
import { noticesTo, publishChange, viewersOf, type Change } from '../notifications/live-events';
import { workItemRepository, type ItemRef } from './work-item-repository';

/** A work item as the shared pieces need it: where it is, what to call it, where it lives in the app. */
export type WorkItem = ItemRef & { label: string; link: string };

/** What the open screens are told about an item that changed (live-events.ts). */
const changeOf = (item: WorkItem): Change => ({ organizationId: item.organizationId, projectId: item.projectId, concept: item.itemType as Change['concept'], objectId: item.itemId });

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * The shared parts of every work item — controls now, risks and asset cards later: who works on it,
 * who reviews it, its tags, and its status changes with their log entries. Concepts call these inside
 * their own transaction.
 */
export const workItems = {
  /**
   * Replaces the assignees and reviewers. Everyone named must be a member of the project (422 naming
   * who is not; someone outside the organization is not found, 404). Newly named people are notified.
   */
  async setPeople(db: Executor, ctx: RequestContext, item: WorkItem, next: { assignees: readonly string[]; reviewers: readonly string[] }) {
    const wanted = [...new Set([...next.assignees, ...next.reviewers])];
    const { members, outsideProject } = await workItemRepository.projectMembers(db, item.organizationId, item.projectId, wanted);
    const known = new Set([...members, ...outsideProject].map((p) => p.id));
    if (wanted.some((id) => !known.has(id))) throw notFound('User');
    if (outsideProject.length > 0) {
      throw new AppError(
        422,
        `Only members of the project can be assigned: ${outsideProject.map((p) => p.name).join(', ')} ${outsideProject.length === 1 ? 'is' : 'are'} not`,
        'not_project_member',
        outsideProject.map((p) => ({ path: next.assignees.includes(p.id) ? 'body.assignees' : 'body.reviewers', message: `${p.name} is not a member of the project` })),
      );
    }
    const before = {
      assignees: await workItemRepository.people(db, item.itemType, item.itemId, 'assignee'),
      reviewers: await workItemRepository.people(db, item.itemType, item.itemId, 'reviewer'),
    };
    await workItemRepository.replacePeople(db, item, 'assignee', next.assignees);
    await workItemRepository.replacePeople(db, item, 'reviewer', next.reviewers);
    const newAssignees = next.assignees.filter((id) => !before.assignees.includes(id) && id !== ctx.user.id);
    const newReviewers = next.reviewers.filter((id) => !before.reviewers.includes(id) && id !== ctx.user.id);
    const actor = `${ctx.user.firstname} ${ctx.user.lastname}`.trim() || ctx.user.email;
    if (newAssignees.length > 0) {
      await notifyUsers(db, { organizationId: item.organizationId, userIds: newAssignees, name: `Assigned to you: ${item.label}`, message: `${actor} assigned you to ${item.label}.`, link: item.link, objectType: item.itemType, objectId: item.itemId });
    }
    if (newReviewers.length > 0) {
      await notifyUsers(db, { organizationId: item.organizationId, userIds: newReviewers, name: `You will review: ${item.label}`, message: `${actor} named you a reviewer of ${item.label}.`, link: item.link, objectType: item.itemType, objectId: item.itemId });
    }
    if (JSON.stringify(before) !== JSON.stringify({ assignees: [...next.assignees], reviewers: [...next.reviewers] })) {
      const nameOf = (id: string) => members.find((m) => m.id === id)?.name ?? id;
      // Who was there before, by name too, so the activity says who was unassigned (a former member keeps '').
      const earlier = await workItemRepository.projectMembers(db, item.organizationId, item.projectId, [...new Set([...before.assignees, ...before.reviewers])]);
      const earlierName = (id: string) => [...earlier.members, ...earlier.outsideProject].find((p) => p.id === id)?.name ?? '';
      await recordActivity(db, {
        ...this.activity(ctx, item, 'assignees_changed'),
        before: { ...before, assignee_names: before.assignees.map(earlierName), reviewer_names: before.reviewers.map(earlierName) },
        after: { label: item.label, assignees: next.assignees, reviewers: next.reviewers, assignee_names: next.assignees.map(nameOf), reviewer_names: next.reviewers.map(nameOf) },
      });
    }
  },

  /** Replaces the tags; a tag of another organization is not found (404). */
  async setTags(db: Executor, ctx: RequestContext, item: WorkItem, tagIds: readonly string[]) {
    const own = await workItemRepository.organizationTags(db, item.organizationId, tagIds);
    if (own.length !== new Set(tagIds).size) throw notFound('Tag');
    const before = await workItemRepository.tagIds(db, item.itemType, item.itemId);
    await workItemRepository.replaceTags(db, item, tagIds);
    if (JSON.stringify(before) !== JSON.stringify([...tagIds].sort())) {
      const sorted = [...tagIds].sort();
      // The names on both sides, so the activity says which tags came and went.
      const names = (ids: readonly string[]) => workItemRepository.tagNames(db, item.organizationId, ids);
      await recordActivity(db, { ...this.activity(ctx, item, 'tags_changed'), before: { tags: before, tag_names: await names(before) }, after: { label: item.label, tags: sorted, tag_names: await names(sorted) } });
    }
  },

  /**
   * Logs a status change; the status history is read back from these entries. The open screens are told
   * in the same transaction, unless `live: 'by_caller'`: the caller calls `published` once, later in the
   * same transaction, for everything it changed.
   *
   * Always within the transaction, never after its commit: every write transaction NOTIFYs already (the
   * read cache's trigger, migration 0022), and PostgreSQL lets the commits of notifying transactions
   * through one at a time — a NOTIFY after the commit would be a second such commit for every write, which
   * is what the 10-writer status bench measured (p50 29 → 37 ms).
   */
  async recordStatusChange(db: Executor, actorId: string | null, item: WorkItem, from: WorkItemStatus, to: WorkItemStatus, justification?: string | null, via = 'manual', live: 'in_transaction' | 'by_caller' = 'in_transaction') {
    const entry = this.statusChangeEntry(actorId, item, from, to, justification, via);
    // Every path that changes a status comes here: the screens that show it refresh (lists, chips, counts).
    // The entry and the NOTIFY go in one statement: a round trip less for every status change.
    if (live === 'in_transaction') await publishChange(db, changeOf(item), { alongWith: activityInsert(entry) });
    else await recordActivity(db, entry);
  },

  /** The log entry of a status change (what `recordStatusChange` writes; the status history is read back from these). */
  statusChangeEntry(actorId: string | null, item: WorkItem, from: WorkItemStatus, to: WorkItemStatus, justification?: string | null, via = 'manual'): Activity {
    return {
      organizationId: item.organizationId,
      projectId: item.projectId,
      actorId,
      objectType: item.itemType,
      objectId: item.itemId,
      action: 'status_changed',
      before: { status: from },
      after: { status: to, justification: justification ?? null, via, label: item.label },
    };
  },

  /**
   * A change of an item's row, its activity entries and the NOTIFY of the open screens (when `publish`) in
   * one statement, which PostgreSQL runs as a transaction of its own: all of it commits or none, in one
   * round trip. `write` is an UPDATE … RETURNING guarded by what the caller read — the row's version,
   * whose lock rule and life cycle the caller checked — so the entries are written only with it; the
   * returned row, or undefined when the guard let nothing through (the row changed since: read it again).
   */
  async writeInOneStatement<T>(db: Executor, change: { item: WorkItem; write: SQL; entries: readonly Activity[]; publish: boolean }): Promise<T | undefined> {
    const entries = change.entries.length > 0
      ? sql`, logged as (insert into activity_logs (${ACTIVITY_COLUMNS}) select v.* from (values ${sql.join(change.entries.map(activityValues), sql`, `)}) v
                           where exists (select 1 from changed))`
      : sql``;
    // The NOTIFYs are a plain WITH part: run only when the final select reads it, which it does for a changed row.
    const notices = change.publish
      ? { parts: sql`, viewers as (${viewersOf(changeOf(change.item))}), told as (${noticesTo(changeOf(change.item))})`, read: sql`, (select count(*) from told)::int as told` }
      : { parts: sql``, read: sql`` };
    const rows = rowsOf<T & { told?: number }>(
      await db.execute(sql`with changed as (${change.write}) ${entries} ${notices.parts} select changed.* ${notices.read} from changed`),
    );
    const [row] = rows;
    if (!row) return undefined;
    delete row.told;
    return row;
  },

  /** Tells the open screens of the project's people that the item changed (a NOTIFY: sent when the surrounding transaction commits). */
  async published(db: Executor, item: WorkItem) {
    await publishChange(db, changeOf(item));
  },

  /**
   * Reopening an approved item (approved → in_progress, the status already written by the caller): logs
   * it with its reason (`via: reopened`) and tells the people who approved it. The reopen rule itself —
   * the reason, the right — is `assertReopen` of lock-rule.ts, asked before the caller writes.
   */
  async recordReopening(db: Executor, ctx: RequestContext, item: WorkItem, reason: string) {
    await this.recordStatusChange(db, ctx.user.id, item, 'approved', 'in_progress', reason.trim(), 'reopened');
    await this.tellApprovers(db, ctx, item, reason);
  },

  /** Tells the people who approved the item (never the one acting) that it was reopened, and why. */
  async tellApprovers(db: Executor, ctx: RequestContext, item: WorkItem, reason: string) {
    const approvers = (await workItemRepository.approvers(db, item.organizationId, item.itemType, item.itemId)).filter((id) => id !== ctx.user.id);
    if (approvers.length === 0) return;
    const actor = `${ctx.user.firstname} ${ctx.user.lastname}`.trim() || ctx.user.email;
    await notifyUsers(db, {
      organizationId: item.organizationId,
      userIds: approvers,
      name: `Reopened: ${item.label}`,
      message: `${actor} reopened ${item.label}, which you approved: “${reason.trim()}”`,
      link: item.link,
      objectType: item.itemType,
      objectId: item.itemId,
    });
  },

  /** The project's reopenings of one item type, with who, when and why: for the export. */
  async reopenings(db: Executor, organizationId: string, projectId: string, itemType: string) {
    const rows = await workItemRepository.reopenings(db, organizationId, projectId, itemType);
    return rows.map((row) => {
      const after = parsed<{ justification?: string | null; label?: string }>(row.after);
      return { objectId: row.object_id, label: after.label ?? '', reason: after.justification ?? '', at: new Date(row.created_at), by: row.actor_name };
    });
  },

  async statusHistory(db: Executor, organizationId: string, itemId: string): Promise<StatusChange[]> {
    const rows = await workItemRepository.statusHistory(db, organizationId, itemId);
    return rows.map((row) => {
      const before = parsed<{ status?: WorkItemStatus } | null>(row.before);
      const after = parsed<{ status: WorkItemStatus; justification?: string | null; via?: string }>(row.after);
      const by: PersonRef | null = row.actor_id ? { id: row.actor_id, name: row.actor_name || row.actor_email || '', email: row.actor_email ?? '' } : null;
      return { from: before?.status ?? null, to: after.status, at: new Date(row.created_at).toISOString(), by, justification: after.justification ?? null, forced: after.via === 'forced' };
    });
  },

  async people(db: Executor, itemType: string, itemId: string) {
    return {
      assignees: await workItemRepository.people(db, itemType, itemId, 'assignee'),
      reviewers: await workItemRepository.people(db, itemType, itemId, 'reviewer'),
    };
  },

  activity(ctx: RequestContext, item: WorkItem, action: string) {
    return { organizationId: item.organizationId, projectId: item.projectId, actorId: ctx.user.id, objectType: item.itemType, objectId: item.itemId, action };
  },
};
