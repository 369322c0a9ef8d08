import { sql } from 'drizzle-orm';
import { boolean, date, index, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { REVIEW_RULES, REVIEW_STATUSES } from '@aegis/contracts';
import { workItemStatus } from './frameworks';
import { organizations } from './organizations';
import { projects } from './projects';
import { users } from './users';

export const reviewStatus = pgEnum('review_status', REVIEW_STATUSES);
export const reviewRule = pgEnum('review_rule', REVIEW_RULES);
export const reviewerDecision = pgEnum('reviewer_decision', ['pending', 'approved', 'rejected', 'cancelled']);

/**
 * A request to review one object of a concept (control, risk, evidence, asset card…). It records the
 * object's status before and the status an approval gives, and a snapshot and hash of the object's
 * content when requested: the decision applies to that state.
 */
export const reviewRequests = pgTable(
  'review_requests',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    concept: text('concept').notNull(),
    objectId: uuid('object_id').notNull(),
    status: reviewStatus('status').notNull().default('in_review'),
    rule: reviewRule('rule').notNull().default('any'),
    message: text('message'),
    dueDate: date('due_date'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    statusBefore: workItemStatus('status_before').notNull(),
    statusRequested: workItemStatus('status_requested').notNull(),
    contentHash: text('content_hash').notNull(),
    contentSnapshot: jsonb('content_snapshot').notNull(),
    forced: boolean('forced').notNull().default(false),
    justification: text('justification'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    settledBy: uuid('settled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One pending review per object, enforced by the database as well as the service.
    uniqueIndex('review_requests_pending_key').on(t.concept, t.objectId).where(sql`${t.status} = 'in_review'`),
    index('review_requests_object_idx').on(t.organizationId, t.concept, t.objectId, t.createdAt),
    index('review_requests_project_idx').on(t.organizationId, t.projectId, t.concept, t.status),
  ],
);

/** A named reviewer of a request and their decision. */
export const reviewReviewers = pgTable(
  'review_reviewers',
  {
    reviewId: uuid('review_id').notNull().references(() => reviewRequests.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    decision: reviewerDecision('decision').notNull().default('pending'),
    comment: text('comment'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] }), index('review_reviewers_user_idx').on(t.userId, t.decision)],
);
