import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { frameworks } from './frameworks';
import { organizations } from './organizations';
import { projects } from './projects';
import { users } from './users';

/**
 * A project's EU AI Act settings: the eight answers of the settings form (GOVERNANCE-MODEL.md section 2),
 * by key, each an option value or a list of them. The classification is derived from them, never stored.
 */
export const projectEuAiActSettings = pgTable(
  'project_eu_ai_act_settings',
  {
    projectId: uuid('project_id').primaryKey().references(() => projects.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    settings: jsonb('settings').notNull().default(sql`'{}'::jsonb`),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_eu_ai_act_settings_org_idx').on(t.organizationId)],
);

/** An answer to a question of a framework's scoping questionnaire: always a list of option values. */
export const projectQuestionnaireAnswers = pgTable(
  'project_questionnaire_answers',
  {
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    frameworkId: uuid('framework_id').notNull().references(() => frameworks.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    answer: jsonb('answer').notNull(),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.frameworkId, t.questionId] }),
    index('project_questionnaire_answers_org_idx').on(t.organizationId, t.projectId),
  ],
);

/** A questionnaire marked complete (no row: not complete). Reopening deletes the row. */
export const projectQuestionnaires = pgTable(
  'project_questionnaires',
  {
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    frameworkId: uuid('framework_id').notNull().references(() => frameworks.id, { onDelete: 'cascade' }),
    completedBy: uuid('completed_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.frameworkId] }),
    index('project_questionnaires_org_idx').on(t.organizationId, t.projectId),
  ],
);
