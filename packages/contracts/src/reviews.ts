import { z } from 'zod';
import { booleanQuery, isoDateTime, pageQuery, uuid } from './common';
import { calendarDate, personRef, workItemStatus } from './work-items';

/** Review statuses (GOVERNANCE-MODEL.md section 4). */
export const REVIEW_STATUSES = ['in_review', 'approved', 'rejected', 'cancelled'] as const;
export const reviewStatus = z.enum(REVIEW_STATUSES);
export type ReviewStatus = z.infer<typeof reviewStatus>;

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = { in_review: 'In review', approved: 'Approved', rejected: 'Rejected', cancelled: 'Cancelled' };

/** `any`: the first decision settles the request; `all`: every reviewer must approve, one rejection rejects. */
export const REVIEW_RULES = ['any', 'all'] as const;
export const reviewRule = z.enum(REVIEW_RULES);

export const REVIEW_DECISIONS = ['approved', 'rejected'] as const;
export const reviewDecisionValue = z.enum(REVIEW_DECISIONS, { error: 'decision must be approved or rejected' });

const reviewerIds = z
  .array(uuid)
  .max(20)
  .refine((ids) => new Set(ids).size === ids.length, 'Name each reviewer once');

export const requestReview = z.strictObject({
  reviewers: reviewerIds,
  message: z.string().trim().max(2000).optional(),
  due_date: calendarDate.optional(),
  rule: reviewRule.default('any'),
  /** Why the status is forced: required with force_update_status=true, kept in the log. */
  justification: z.string().trim().max(2000).optional(),
});
export type RequestReview = z.infer<typeof requestReview>;

export const requestReviewQuery = z.object({ force_update_status: booleanQuery.default(false) });

export const updateReviewers = z.strictObject({
  reviewers: reviewerIds.min(1, 'Name at least one reviewer'),
  message: z.string().trim().max(2000).optional(),
  due_date: calendarDate.nullable().optional(),
});
export type UpdateReviewers = z.infer<typeof updateReviewers>;

export const reviewDecision = z
  .strictObject({ decision: reviewDecisionValue, comment: z.string().trim().max(5000).default('') })
  .refine((v) => v.decision !== 'rejected' || v.comment.length > 0, { message: 'Say why: a rejection needs a comment', path: ['comment'] });
export type ReviewDecision = z.infer<typeof reviewDecision>;

export const reviewerEntry = z.object({
  reviewer: personRef,
  decision: z.enum(['pending', 'approved', 'rejected', 'cancelled']),
  comment: z.string().nullable(),
  decided_at: isoDateTime.nullable(),
});

/** What changed in the object since the review was requested: the reviewer sees it before deciding. */
export const reviewChange = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });

export const review = z.object({
  id: uuid,
  concept: z.string(),
  object_id: uuid,
  /** The object's name as its concept shows it (e.g. "MFF-1.RSK.01 Risk management process"). */
  object_label: z.string(),
  /** Where the object lives in the app. */
  object_link: z.string(),
  project_id: uuid,
  status: reviewStatus,
  rule: reviewRule,
  message: z.string().nullable(),
  due_date: z.string().nullable(),
  requested_by: personRef.nullable(),
  requested_at: isoDateTime,
  /** The object's status when the review was requested, and the one an approval gives it. */
  status_before: workItemStatus,
  status_requested: workItemStatus,
  forced: z.boolean(),
  justification: z.string().nullable(),
  reviewers: z.array(reviewerEntry),
  /** Pending and the object changed since the request: an approval would not apply to what was reviewed. */
  stale: z.boolean(),
  changes: z.array(reviewChange),
  settled_at: isoDateTime.nullable(),
});
export type Review = z.infer<typeof review>;

export const reviewParams = z.object({ project_id: uuid, concept: z.string().min(1).max(40), object_id: uuid });
export const conceptParams = z.object({ project_id: uuid, concept: z.string().min(1).max(40) });

export const listReviewsQuery = pageQuery(['requested_at', 'due_date', 'status']).extend({
  status: reviewStatus.optional(),
  /** Only reviews where the caller is a named reviewer. */
  is_assigned_to_me: booleanQuery.default(false),
});
export type ListReviewsQuery = z.infer<typeof listReviewsQuery>;

/** What awaits the signed-in user across their projects: pending reviews where their decision is due. */
export const myReviewsQuery = pageQuery(['requested_at', 'due_date']);
export const myReview = review.extend({ project_name: z.string() });
export type MyReview = z.infer<typeof myReview>;
