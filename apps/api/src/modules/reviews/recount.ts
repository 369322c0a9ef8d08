import type { Executor } from '../../db/client';
import { conflict } from '../../lib/errors';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity } from '../logs/record-activity';
import { publishChange } from '../notifications/live-events';
import { notifyUsers, resolveNotifications } from '../notifications/notify';
import { REVIEW_TRANSITIONS } from '../work-items/lifecycle';
import { conceptOrThrow } from './concept-registry';
import type { ReviewConcept, ReviewObject } from './review-concept';
import { reviewRepository, type ReviewRow } from './review-repository';
import { changesSinceRequest } from './review-view';
import { reviewerRepository } from './reviewer-repository';
import { outcomeOf, whyNotReviewer } from './reviewer-rules';

/** Why a pending review's reviewers changed. */
export type RecountReason = 'reviewers_changed' | 'deactivated' | 'left_project' | 'lost_review_right';

type Actor = { id: string; name: string };
type Scope = { organizationId: string; projectId: string };

const actorOf = (ctx: RequestContext): Actor => ({ id: ctx.user.id, name: `${ctx.user.firstname} ${ctx.user.lastname}`.trim() || ctx.user.email });
const joined = (names: readonly string[]) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

function whatHappened(reason: RecountReason, names: readonly string[], actor: Actor): string {
  const who = joined(names);
  const plural = names.length > 1;
  switch (reason) {
    case 'deactivated':
      return `${who} ${plural ? 'were' : 'was'} deactivated in the organization`;
    case 'left_project':
      return `${who} left the project`;
    case 'lost_review_right':
      return `${who} no longer ${plural ? 'hold' : 'holds'} a project role that may decide reviews`;
    case 'reviewers_changed':
      return names.length > 0 ? `${actor.name} removed ${who} from the reviewers` : `${actor.name} changed the reviewers`;
  }
}

/** People told about the review (never the one acting), linking to the object. */
async function tell(db: Executor, scope: Scope, actor: Actor, userIds: readonly (string | null)[], object: ReviewObject, reviewId: string, name: string, message: string) {
  const others = [...new Set(userIds.filter((id): id is string => Boolean(id)))].filter((id) => id !== actor.id);
  if (others.length > 0) await notifyUsers(db, { organizationId: scope.organizationId, userIds: others, name, message, link: object.link, objectType: 'review', objectId: reviewId });
}

/**
 * Settled: the review's notifications stop asking for a decision, and the open screens refresh it —
 * as deciding and cancelling by hand do. With userIds, only those reviewers' notifications (they left it).
 */
async function settled(db: Executor, scope: Scope, reviewId: string, objectId: string, userIds?: readonly string[]) {
  await resolveNotifications(db, { organizationId: scope.organizationId, objectType: 'review', objectId: reviewId, userIds });
  await publishChange(db, { ...scope, concept: 'review', objectId });
}

/**
 * An object a pending review is about that its concept no longer finds (it left the project, e.g. its
 * framework was detached before pending reviews were cancelled with it): enough to settle the review.
 */
async function goneObject(db: Executor, concept: ReviewConcept, organizationId: string, objectId: string): Promise<ReviewObject> {
  const described = (await concept.describe(db, organizationId, [objectId])).get(objectId);
  // Nobody works on what left the project: no watchers, no assignees (cast: assignees is optional in some concepts).
  return { id: objectId, status: 'in_review', label: described?.label ?? 'A removed object', link: described?.link ?? '', content: {}, watchers: [], assignees: [] } as ReviewObject;
}

/**
 * Recounts a pending review whose reviewers just changed (named anew, removed, deactivated, gone from
 * the project); the caller has locked the object, then the review, and closed or removed the entries.
 *
 * What a GRC team expects, and what this does:
 * - Reviewers still to decide remain: the review waits for them (rule "any": the first decision
 *   settles it; rule "all": each must approve). The requester is told who dropped out.
 * - Rule "all" and everyone remaining approved: the review is approved, as the last of those approvals
 *   would have done — settled by the latest approver, so reports name someone who did approve it.
 *   Only when the object is unchanged since the request: approvals never cover content they did not see.
 * - Nobody remains who could decide (or the approvals given do not cover what changed): the review is
 *   cancelled and the object returns to the status it had before, as a cancellation by hand does. We
 *   do not leave it pending: a review nobody can decide keeps the object locked in review for nothing,
 *   and settling it any other way would be a decision no reviewer took. The requester, the assignees and
 *   the log say why, so a new review can be requested with other reviewers.
 * Answers the outcome, undefined while the review is still pending.
 */
export async function recountReview(
  db: Executor,
  actor: Actor,
  scope: Scope,
  concept: ReviewConcept,
  object: ReviewObject,
  reviewId: string,
  change: { reason: RecountReason; removed: readonly string[] },
): Promise<'approved' | 'cancelled' | undefined> {
  const row = (await reviewRepository.find(db, scope.organizationId, reviewId))!;
  const entries = await reviewerRepository.entries(db, reviewId);
  const counted = outcomeOf(row.rule, entries);
  // A rejection settles a review the moment it is given, so a pending review never holds one.
  let outcome = counted === 'rejected' ? undefined : counted;
  const stale = outcome === 'approved' && changesSinceRequest(row, object.content).length > 0;
  if (stale) outcome = 'cancelled';
  const names = await reviewerRepository.names(db, [...change.removed, ...entries.map((e) => e.user_id)]);
  const nameOf = (id: string) => names.get(id) ?? 'A former reviewer';
  const happened = whatHappened(change.reason, change.removed.map(nameOf), actor);
  const waiting = entries.filter((e) => e.decision === 'pending').map((e) => e.user_id);
  const statusScope = { ...scope, actorId: actor.id };

  if (outcome === 'approved') {
    const approvers = entries.filter((e) => e.decision === 'approved').sort((a, b) => new Date(b.decided_at ?? 0).getTime() - new Date(a.decided_at ?? 0).getTime());
    const settledBy = approvers[0]!.user_id;
    await reviewRepository.settle(db, reviewId, 'approved', settledBy);
    await settled(db, scope, reviewId, object.id);
    await concept.setStatus(db, { ...scope, actorId: settledBy }, object, REVIEW_TRANSITIONS.approve, null);
    const message = `${joined(approvers.map((a) => nameOf(a.user_id)))} approved ${object.label}; ${happened}, so no other decision was awaited.`;
    await tell(db, scope, actor, [...object.watchers, row.requested_by], object, reviewId, `Approved: ${object.label}`, message);
  } else if (outcome === 'cancelled') {
    await reviewRepository.settle(db, reviewId, 'cancelled', actor.id);
    await settled(db, scope, reviewId, object.id);
    if (object.status === 'in_review') await concept.setStatus(db, statusScope, object, row.status_before, null);
    const message = stale
      ? `${happened}; the approvals given do not cover what changed in ${object.label} since the request, so its review was cancelled. Request a new one.`
      : `${happened}, and no reviewer remains who can decide: the review of ${object.label} was cancelled and it is back to ${row.status_before.replace('_', ' ')}. Request a new one with other reviewers.`;
    await tell(db, scope, actor, [...object.watchers, row.requested_by], object, reviewId, `Review cancelled: ${object.label}`, message);
  } else if (change.reason !== 'reviewers_changed') {
    await settled(db, scope, reviewId, object.id, change.removed);
    const message = `${happened}: they no longer review ${object.label}. Still awaited: ${joined(waiting.map(nameOf))}.`;
    await tell(db, scope, actor, [row.requested_by], object, reviewId, `Reviewer removed: ${object.label}`, message);
  }

  // A change of reviewers by hand is already logged as review_updated; log the recount when it settled something.
  if (outcome || change.reason !== 'reviewers_changed') {
    await recordActivity(db, {
      ...scope,
      actorId: actor.id,
      objectType: concept.name,
      objectId: object.id,
      action: 'review_recounted',
      after: { review_id: reviewId, reason: change.reason, removed_reviewers: change.removed, removed_reviewer_names: change.removed.map(nameOf), outcome: outcome ?? null, stale, label: object.label },
    });
  }
  return outcome;
}

/**
 * Applies a new list of reviewers to a pending review: reviewers left out are removed (refused for one
 * who decided already: their decision stays on record), new ones added, and closed entries of people
 * named again opened anew. Answers who was there before, who was added (to notify) and who was removed.
 */
export async function replaceReviewers(db: Executor, reviewId: string, wanted: readonly string[]) {
  const entries = await reviewerRepository.entries(db, reviewId);
  const before = entries.map((e) => e.user_id);
  const removed = entries.filter((e) => !wanted.includes(e.user_id));
  if (removed.some((e) => e.decision === 'approved' || e.decision === 'rejected')) throw conflict('A reviewer who already decided cannot be removed');
  const reopened = entries.filter((e) => wanted.includes(e.user_id) && e.decision === 'cancelled').map((e) => e.user_id);
  const added = wanted.filter((id) => !before.includes(id));
  await reviewRepository.removeReviewers(db, reviewId, removed.map((e) => e.user_id));
  await reviewRepository.addReviewers(db, reviewId, added);
  await reviewerRepository.reopenEntries(db, reviewId, reopened);
  // Only those who had a pending entry left the review; closed entries leaving the list change nothing.
  return { before, added: [...added, ...reopened], removed: removed.filter((e) => e.decision === 'pending').map((e) => e.user_id) };
}

/**
 * After a person was deactivated in the organization, or their roles on a project changed: every
 * pending review still awaiting their decision that they may no longer decide is recounted (their entry
 * closes; see recountReview for what follows). Call it in the transaction of the change.
 */
export async function recountReviewsAwaiting(db: Executor, ctx: RequestContext, organizationId: string, userId: string, projectId?: string) {
  const awaiting = await reviewerRepository.awaiting(db, organizationId, userId, projectId);
  const reasonByProject = new Map<string, ReturnType<typeof whyNotReviewer>>();
  const actor = actorOf(ctx);
  for (const item of awaiting) {
    if (!reasonByProject.has(item.project_id)) {
      const [candidate] = await reviewerRepository.candidates(db, organizationId, item.project_id, [userId]);
      reasonByProject.set(item.project_id, whyNotReviewer(candidate));
    }
    const reason = reasonByProject.get(item.project_id);
    if (!reason) continue;
    const concept = conceptOrThrow(item.concept);
    // The object first, then the review: the order deciding locks them in.
    const object = (await concept.find(db, organizationId, item.project_id, item.object_id, true)) ?? (await goneObject(db, concept, organizationId, item.object_id));
    if (!(await reviewerRepository.lockPending(db, organizationId, item.id))) continue;
    await reviewerRepository.closeEntries(db, item.id, [userId]);
    await recountReview(db, actor, { organizationId, projectId: item.project_id }, concept, object, item.id, { reason, removed: [userId] });
  }
}

/** What removed objects from a project: said to the people told (after the actor's name), and kept in the log entry. */
export type Removal = { sentence: (actorName: string) => string; log: Record<string, unknown> };

/** Cancels a pending review whose object left the project, returning the object to its status before. */
async function cancelForRemoval(db: Executor, actor: Actor, scope: Scope, concept: ReviewConcept, object: ReviewObject, row: ReviewRow, because: Removal) {
  const waiting = (await reviewerRepository.entries(db, row.id)).filter((e) => e.decision === 'pending').map((e) => e.user_id);
  await reviewRepository.settle(db, row.id, 'cancelled', actor.id);
  await settled(db, scope, row.id, object.id);
  if (object.status === 'in_review') await concept.setStatus(db, { ...scope, actorId: actor.id }, object, row.status_before, null);
  await recordActivity(db, { ...scope, actorId: actor.id, objectType: concept.name, objectId: object.id, action: 'review_cancelled', after: { review_id: row.id, label: object.label, ...because.log } });
  const message = `${because.sentence(actor.name)}: ${object.label} left the project with it, so its pending review was cancelled.`;
  await tell(db, scope, actor, [...object.watchers, ...waiting, row.requested_by], object, row.id, `Review cancelled: ${object.label}`, message);
}

/**
 * Runs a change that removes objects from a project (detaching a framework detaches its controls) and
 * cancels, in the same transaction, the pending reviews of the objects it removed: nobody could decide
 * or cancel them afterwards. The objects under review are locked before the change (in the order a
 * decision locks them) and read as they were, so their status is restored and their assignees told.
 */
export async function cancelingReviewsOfRemovedObjects<T>(
  db: Executor,
  ctx: RequestContext,
  projectId: string,
  because: Removal,
  change: () => Promise<T>,
): Promise<T> {
  const organizationId = ctx.organizationId!;
  const scope = { organizationId, projectId };
  const before = new Map<string, ReviewObject>();
  for (const pending of await reviewerRepository.pendingOfProject(db, organizationId, projectId)) {
    const object = await conceptOrThrow(pending.concept).find(db, organizationId, projectId, pending.object_id, true);
    if (object) before.set(pending.id, object);
  }
  const result = await change();
  const actor = actorOf(ctx);
  for (const pending of await reviewerRepository.pendingOfProject(db, organizationId, projectId)) {
    const concept = conceptOrThrow(pending.concept);
    if (await concept.find(db, organizationId, projectId, pending.object_id, false)) continue;
    if (!(await reviewerRepository.lockPending(db, organizationId, pending.id))) continue;
    const object = before.get(pending.id) ?? (await goneObject(db, concept, organizationId, pending.object_id));
    await cancelForRemoval(db, actor, scope, concept, object, (await reviewRepository.find(db, organizationId, pending.id))!, because);
  }
  return result;
}
