import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ASSESSMENT_RESULTS } from '@aegis/contracts';
import { projectControls } from './frameworks';
import { organizations } from './organizations';
import { projects } from './projects';
import { tags } from './tags';
import { users } from './users';

export const workItemRole = pgEnum('work_item_role', ['assignee', 'reviewer']);
export const assessmentResult = pgEnum('assessment_result', ASSESSMENT_RESULTS);

/**
 * Who works on a work item and who will review it — for every concept (control, risk, asset card), in
 * one table, so "assigned to me" is one query across them.
 */
export const workItemPeople = pgTable(
  'work_item_people',
  {
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    itemType: text('item_type').notNull(),
    itemId: uuid('item_id').notNull(),
    role: workItemRole('role').notNull(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemType, t.itemId, t.role, t.userId] }),
    index('work_item_people_user_idx').on(t.organizationId, t.userId, t.role, t.projectId),
  ],
);

/** The organization's tags on work items. */
export const workItemTags = pgTable(
  'work_item_tags',
  {
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    itemType: text('item_type').notNull(),
    itemId: uuid('item_id').notNull(),
    tagId: uuid('tag_id').notNull().references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.itemType, t.itemId, t.tagId] }), index('work_item_tags_tag_idx').on(t.tagId)],
);

/** A person's judgement of whether a control is met, with why; the history is kept. */
export const controlAssessments = pgTable(
  'control_assessments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    controlId: uuid('project_control_id').notNull().references(() => projectControls.id, { onDelete: 'cascade' }),
    result: assessmentResult('result').notNull(),
    rationale: text('rationale').notNull(),
    assessedBy: uuid('assessed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('control_assessments_control_idx').on(t.controlId, t.createdAt)],
);
