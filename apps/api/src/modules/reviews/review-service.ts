import { PRODUCT_NAME, type ListReviewsQuery, type MyReview, type Page, type RequestReview, type Review, type ReviewDecision, type UpdateReviewers } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, conflict, forbidden, notFound, unprocessable } from '../../lib/errors';
import { pageOf } from '../../lib/paging';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity } from '../logs/record-activity';
import { publishChange } from '../notifications/live-events';
import { notifyUsers, resolveNotifications } from '../notifications/notify';
import { REVIEW_TRANSITIONS } from '../work-items/lifecycle';
import { workItems } from '../work-items/work-items';
import { conceptOrThrow } from './concept-registry';
import type { ReviewConcept, ReviewObject } from './review-concept';
import { reviewRepository, type ReviewRow } from './review-repository';
import { changesSinceRequest, contentHash, toReview } from './review-view';
import { recountReview, replaceReviewers } from './recount';
import { assertNamedReviewers, outcomeOf } from './reviewer-rules';
import { assertMayApprove } from './separation-of-duties';

type Mail = { to: string[]; subject: string; text: string };
const nameOf = (ctx: RequestContext) => `${ctx.user.firstname} ${ctx.user.lastname}`.trim() || ctx.user.email;

/**
 * Reviews of any work item (GOVERNANCE-MODEL.md section 4): request, change reviewers, decide, cancel,
 * force. Every change of the object's status happens in the same transaction as the review's.
 */
export function reviewService(deps: Pick<Deps, 'db' | 'mailer' | 'config'>) {
  const organizationOf = (ctx: RequestContext) => ctx.organizationId!;

  async function objectOrThrow(db: Executor, ctx: RequestContext, concept: ReviewConcept, projectId: string, objectId: string, lock: boolean) {
    const object = await concept.find(db, organizationOf(ctx), projectId, objectId, lock);
    if (!object) throw notFound(`${concept.name[0]!.toUpperCase()}${concept.name.slice(1)}`);
    return object;
  }

  async function view(db: Executor, ctx: RequestContext, concept: ReviewConcept, rows: ReviewRow[]): Promise<Review[]> {
    const described = await concept.describe(db, organizationOf(ctx), [...new Set(rows.map((r) => r.object_id))]);
    const pending = rows.filter((r) => r.status === 'in_review');
    const current = new Map<string, Record<string, unknown>>();
    for (const row of pending) {
      const object = await concept.find(db, organizationOf(ctx), row.project_id, row.object_id, false);
      if (object) current.set(row.id, object.content);
    }
    return rows.map((row) => toReview(row, described.get(row.object_id), current.get(row.id)));
  }

  /** Tells people (never the one acting) about the review, linking to the object. */
  async function notify(db: Executor, ctx: RequestContext, userIds: readonly string[], object: ReviewObject, name: string, message: string, reviewId: string) {
    const others = [...new Set(userIds)].filter((id) => id !== ctx.user.id);
    if (others.length > 0) await notifyUsers(db, { organizationId: organizationOf(ctx), userIds: others, name, message, link: object.link, objectType: 'review', objectId: reviewId });
  }

  /** The open screens of the project's people refresh the review (its lists, the queues, the object's panel). */
  async function changed(db: Executor, organizationId: string, projectId: string, objectId: string) {
    await publishChange(db, { organizationId, projectId, concept: 'review', objectId });
  }

  /** Settled: the review's notifications stop asking (of these reviewers only, when given). */
  async function resolve(db: Executor, organizationId: string, reviewId: string, userIds?: readonly string[]) {
    await resolveNotifications(db, { organizationId, objectType: 'review', objectId: reviewId, userIds });
  }

  /** E-mails after the commit, so a mail never announces a review that was rolled back. */
  async function send(mails: Mail[]) {
    if (!deps.mailer.enabled) return;
    for (const mail of mails) for (const to of mail.to) await deps.mailer.send({ to, subject: mail.subject, text: mail.text }).catch(() => false);
  }

  return {
    async request(ctx: RequestContext, projectId: string, conceptName: string, objectId: string, input: RequestReview, force: boolean): Promise<Review> {
      const concept = conceptOrThrow(conceptName);
      const organizationId = organizationOf(ctx);
      if (force) {
        const rights = await ctx.projectRights(projectId);
        if (!rights?.has('reviews:force_update_status')) throw forbidden('Missing permission reviews:force_update_status on this project');
        if (!input.justification) throw unprocessable('justification: a forced status needs a written justification; it is kept in the log');
      } else if (input.reviewers.length === 0) {
        throw unprocessable('reviewers: name at least one reviewer');
      }
      const { reviewId, mails } = await deps.db.transaction(async (tx) => {
        const object = await objectOrThrow(tx, ctx, concept, projectId, objectId, true);
        if (await reviewRepository.pendingLocked(tx, organizationId, concept.name, object.id)) throw conflict('A review of this is already pending: change its reviewers or cancel it first');
        const reviewerNames = await assertNamedReviewers(tx, organizationId, projectId, object, input.reviewers, ctx.user.id);
        if (force && input.reviewers.length === 0) await assertMayApprove(tx, organizationId, object, ctx.user.id, 'force-approve');
        const scope = { organizationId, projectId, actorId: ctx.user.id };
        let current = object;
        if (!REVIEW_TRANSITIONS.canRequestFrom(object.status)) {
          if (!force) throw new AppError(409, `This ${concept.name} is ${object.status.replace('_', ' ')}: reopen it, or force the status (force_update_status) to review it again`, 'review_not_allowed');
          // Forcing reopens an approved object first; the reopening is logged with the justification and its approvers are told.
          await concept.setStatus(tx, { ...scope, via: 'reopened' }, object, 'in_progress', input.justification ?? null);
          await workItems.tellApprovers(tx, ctx, { organizationId, projectId, itemType: concept.name, itemId: object.id, label: object.label, link: object.link }, input.justification ?? '');
          current = { ...object, status: 'in_progress' };
        }
        const forcedApproval = force && input.reviewers.length === 0;
        const reviewId = await reviewRepository.insert(tx, {
          organizationId,
          projectId,
          concept: concept.name,
          objectId: object.id,
          rule: input.rule,
          message: input.message ?? null,
          dueDate: input.due_date ?? null,
          requestedBy: ctx.user.id,
          statusBefore: current.status,
          statusRequested: REVIEW_TRANSITIONS.approve,
          contentHash: contentHash(current.content),
          contentSnapshot: current.content,
          forced: force,
          justification: input.justification ?? null,
        });
        await reviewRepository.addReviewers(tx, reviewId, input.reviewers);
        await changed(tx, organizationId, projectId, object.id);
        const activity = { organizationId, projectId, actorId: ctx.user.id, objectType: concept.name, objectId: object.id };
        if (forcedApproval) {
          // No reviewers and a forced status: the holder of reviews:force_update_status approves it now, with the reason on record.
          await concept.setStatus(tx, { ...scope, via: 'forced' }, current, REVIEW_TRANSITIONS.approve, input.justification ?? null);
          await reviewRepository.settle(tx, reviewId, 'approved', ctx.user.id);
          await recordActivity(tx, { ...activity, action: 'review_forced', after: { review_id: reviewId, status: 'approved', forced: true, justification: input.justification, label: object.label } });
          await notify(tx, ctx, object.watchers, object, `Approved (forced): ${object.label}`, `${nameOf(ctx)} set it to approved: ${input.justification}`, reviewId);
          return { reviewId, mails: [] };
        }
        await concept.setStatus(tx, scope, current, REVIEW_TRANSITIONS.request, null);
        await recordActivity(tx, { ...activity, action: 'review_requested', after: { review_id: reviewId, reviewers: input.reviewers, reviewer_names: reviewerNames, rule: input.rule, forced: force, justification: input.justification ?? null, label: object.label } });
        const message = `${nameOf(ctx)} asks you to review ${object.label}${input.message ? `: “${input.message}”` : '.'}`;
        await notify(tx, ctx, input.reviewers, object, `Review requested: ${object.label}`, message, reviewId);
        const emails = (await reviewRepository.emails(tx, input.reviewers)).filter(Boolean);
        const link = `${deps.config.publicUrl}${object.link}`;
        return { reviewId, mails: [{ to: emails, subject: `Review requested: ${object.label} — ${PRODUCT_NAME}`, text: `${message}\n\nOpen it: ${link}${input.due_date ? `\n\nDue ${input.due_date}.` : ''}` }] };
      });
      await send(mails);
      return (await view(deps.db, ctx, concept, [(await reviewRepository.find(deps.db, organizationId, reviewId))!]))[0]!;
    },

    async ofObject(ctx: RequestContext, projectId: string, conceptName: string, objectId: string): Promise<Review[]> {
      const concept = conceptOrThrow(conceptName);
      await objectOrThrow(deps.db, ctx, concept, projectId, objectId, false);
      return view(deps.db, ctx, concept, await reviewRepository.ofObject(deps.db, organizationOf(ctx), projectId, concept.name, objectId));
    },

    async ofConcept(ctx: RequestContext, projectId: string, conceptName: string, query: ListReviewsQuery): Promise<Page<Review>> {
      const concept = conceptOrThrow(conceptName);
      const { items, total } = await reviewRepository.ofConcept(deps.db, organizationOf(ctx), projectId, concept.name, {
        status: query.status,
        reviewerId: query.is_assigned_to_me ? ctx.user.id : undefined,
        sortBy: query.sort_by,
        descending: query.descending,
        page: query.page,
        size: query.size,
      });
      return pageOf(await view(deps.db, ctx, concept, items), total, query.page, query.size);
    },

    async awaitingMe(ctx: RequestContext, query: { sort_by?: 'requested_at' | 'due_date'; descending: boolean; page: number; size: number }): Promise<Page<MyReview>> {
      if (!ctx.organizationId) return pageOf([], 0, query.page, query.size);
      const { items, total } = await reviewRepository.awaiting(deps.db, ctx.organizationId, ctx.user.id, { sortBy: query.sort_by, descending: query.descending, page: query.page, size: query.size });
      const reviews: MyReview[] = [];
      for (const row of items) {
        const [review] = await view(deps.db, ctx, conceptOrThrow(row.concept), [row]);
        reviews.push({ ...review!, project_name: row.project_name });
      }
      return pageOf(reviews, total, query.page, query.size);
    },

    async updateReviewers(ctx: RequestContext, projectId: string, conceptName: string, objectId: string, input: UpdateReviewers): Promise<Review> {
      const concept = conceptOrThrow(conceptName);
      const organizationId = organizationOf(ctx);
      const reviewId = await deps.db.transaction(async (tx) => {
        const object = await objectOrThrow(tx, ctx, concept, projectId, objectId, true);
        const pending = await reviewRepository.pendingLocked(tx, organizationId, concept.name, object.id);
        if (!pending) throw conflict('No review of this is pending');
        const row = (await reviewRepository.find(tx, organizationId, pending.id))!;
        const reviewerNames = await assertNamedReviewers(tx, organizationId, projectId, object, input.reviewers, row.requested_by);
        const { before, added, removed } = await replaceReviewers(tx, pending.id, input.reviewers);
        await resolve(tx, organizationId, pending.id, removed);
        await changed(tx, organizationId, projectId, object.id);
        await reviewRepository.update(tx, pending.id, { message: input.message, dueDate: input.due_date });
        await recordActivity(tx, { organizationId, projectId, actorId: ctx.user.id, objectType: concept.name, objectId: object.id, action: 'review_updated', before: { reviewers: before }, after: { reviewers: input.reviewers, reviewer_names: reviewerNames, label: object.label } });
        await notify(tx, ctx, added, object, `Review requested: ${object.label}`, `${nameOf(ctx)} asks you to review ${object.label}.`, pending.id);
        // Decisions are recounted on every change: removing the last reviewer still to decide may settle it.
        await recountReview(tx, { id: ctx.user.id, name: nameOf(ctx) }, { organizationId, projectId }, concept, object, pending.id, { reason: 'reviewers_changed', removed });
        return pending.id;
      });
      return (await view(deps.db, ctx, concept, [(await reviewRepository.find(deps.db, organizationId, reviewId))!]))[0]!;
    },

    /** Cancels the pending review: the object returns to the status it had before. */
    async cancel(ctx: RequestContext, projectId: string, conceptName: string, objectId: string): Promise<Review> {
      const concept = conceptOrThrow(conceptName);
      const organizationId = organizationOf(ctx);
      const reviewId = await deps.db.transaction(async (tx) => {
        const object = await objectOrThrow(tx, ctx, concept, projectId, objectId, true);
        const pending = await reviewRepository.pendingLocked(tx, organizationId, concept.name, object.id);
        if (!pending) throw conflict('No review of this is pending');
        const row = (await reviewRepository.find(tx, organizationId, pending.id))!;
        await reviewRepository.settle(tx, pending.id, 'cancelled', ctx.user.id);
        await resolve(tx, organizationId, pending.id);
        await changed(tx, organizationId, projectId, object.id);
        if (object.status === 'in_review') await concept.setStatus(tx, { organizationId, projectId, actorId: ctx.user.id }, object, row.status_before, null);
        await recordActivity(tx, { organizationId, projectId, actorId: ctx.user.id, objectType: concept.name, objectId: object.id, action: 'review_cancelled', after: { review_id: pending.id, label: object.label } });
        const reviewers = (await reviewRepository.decisions(tx, pending.id)).map((d) => d.user_id);
        await notify(tx, ctx, [...reviewers, ...object.watchers, ...(row.requested_by ? [row.requested_by] : [])], object, `Review cancelled: ${object.label}`, `${nameOf(ctx)} cancelled the review of ${object.label}.`, pending.id);
        return pending.id;
      });
      return (await view(deps.db, ctx, concept, [(await reviewRepository.find(deps.db, organizationId, reviewId))!]))[0]!;
    },

    /**
     * A named reviewer's decision. Decisions on one request are serialized by its row lock: of two at
     * the same instant one settles it and the other gets 409. An approval applies only to the state
     * that was requested (409 when the object changed since).
     */
    async decide(ctx: RequestContext, projectId: string, conceptName: string, objectId: string, input: ReviewDecision): Promise<Review> {
      const concept = conceptOrThrow(conceptName);
      const organizationId = organizationOf(ctx);
      const reviewId = await deps.db.transaction(async (tx) => {
        const object = await objectOrThrow(tx, ctx, concept, projectId, objectId, true);
        const pending = await reviewRepository.pendingLocked(tx, organizationId, concept.name, object.id);
        if (!pending) throw conflict('No review of this is pending: it was decided or cancelled already');
        const row = (await reviewRepository.find(tx, organizationId, pending.id))!;
        if (row.requested_by === ctx.user.id) throw forbidden('You requested this review: someone else decides');
        const decisions = await reviewRepository.decisions(tx, pending.id);
        const mine = decisions.find((d) => d.user_id === ctx.user.id);
        if (!mine) throw forbidden('Only the named reviewers decide this review');
        if (input.decision === 'approved') await assertMayApprove(tx, organizationId, object, ctx.user.id, 'approve');
        if (mine.decision !== 'pending') throw conflict('You have decided this review already');
        const changes = input.decision === 'approved' ? changesSinceRequest(row, object.content) : [];
        if (changes.length > 0) {
          throw new AppError(409, `It changed since the review was requested (${changes.map((c) => c.field.replace(/_/g, ' ')).join(', ')}): an approval would not apply to what was reviewed. Reject it, or ask for a new request.`, 'review_stale');
        }
        await reviewRepository.decide(tx, pending.id, ctx.user.id, input.decision, input.comment);
        await resolve(tx, organizationId, pending.id, [ctx.user.id]);
        await changed(tx, organizationId, projectId, object.id);
        const after = decisions.map((d) => (d.user_id === ctx.user.id ? { ...d, decision: input.decision } : d));
        const outcome = input.decision === 'rejected' ? 'rejected' : outcomeOf(row.rule, after) === 'approved' ? 'approved' : undefined;
        const activity = { organizationId, projectId, actorId: ctx.user.id, objectType: concept.name, objectId: object.id };
        await recordActivity(tx, { ...activity, action: 'review_decided', after: { review_id: pending.id, decision: input.decision, comment: input.comment || null, outcome: outcome ?? null, label: object.label } });
        if (outcome) {
          await reviewRepository.settle(tx, pending.id, outcome, ctx.user.id);
          await resolve(tx, organizationId, pending.id);
          await concept.setStatus(tx, { organizationId, projectId, actorId: ctx.user.id }, object, outcome === 'approved' ? REVIEW_TRANSITIONS.approve : REVIEW_TRANSITIONS.reject, input.comment || null);
          const told = [...object.watchers, ...(row.requested_by ? [row.requested_by] : [])];
          const verb = outcome === 'approved' ? 'Approved' : 'Rejected';
          await notify(tx, ctx, told, object, `${verb}: ${object.label}`, `${nameOf(ctx)} ${outcome} ${object.label}${input.comment ? `: “${input.comment}”` : '.'}`, pending.id);
        }
        return pending.id;
      });
      return (await view(deps.db, ctx, concept, [(await reviewRepository.find(deps.db, organizationId, reviewId))!]))[0]!;
    },
  };
}
