import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgEnum, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ACCEPTANCE_STATUSES, CURRENCIES, RISK_CATEGORIES, RISK_LEVELS, STRATEGY_STATUSES, TREATMENT_OPTIONS } from '@aegis/contracts';
import { projectControls, workItemStatus } from './frameworks';
import { organizations } from './organizations';
import { projects } from './projects';
import { users } from './users';

/** Declared low → critical: PostgreSQL orders an enum as declared, so `order by inherent_level` ranks risks. */
export const riskLevel = pgEnum('risk_level', RISK_LEVELS);
export const riskCategory = pgEnum('risk_category', RISK_CATEGORIES);
export const currencyCode = pgEnum('currency_code', CURRENCIES);
export const treatmentOption = pgEnum('treatment_option', TREATMENT_OPTIONS);
export const acceptanceStatus = pgEnum('risk_acceptance_status', ACCEPTANCE_STATUSES);
export const strategyStatus = pgEnum('treatment_strategy_status', STRATEGY_STATUSES);

/** An organization's 5×5 scoring matrix (`matrix[likelihood-1][impact-1]` = a level) and risk appetite. No row: the defaults. */
export const organizationRiskSettings = pgTable('organization_risk_settings', {
  organizationId: uuid('organization_id').primaryKey().references(() => organizations.id, { onDelete: 'cascade' }),
  matrix: jsonb('matrix').notNull(),
  appetite: riskLevel('appetite').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A risk of a project: a work item (status, people and tags in the shared work-item tables). The scores'
 * products and levels are stored, written with the scores (and again when the organization changes its
 * matrix), so that the register filters and sorts on indexed columns. The residual columns hold the
 * treatment's residual scores, or the inherent ones while the treatment assesses none.
 */
export const risks = pgTable(
  'risks',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    /** R-<number>: per project, in order of creation, never reused. */
    number: integer('number').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: riskCategory('category'),
    affected: jsonb('affected').notNull().default(sql`'[]'::jsonb`),
    likelihood: smallint('likelihood').notNull(),
    impact: smallint('impact').notNull(),
    inherentScore: smallint('inherent_score').notNull(),
    inherentLevel: riskLevel('inherent_level').notNull(),
    residualLikelihood: smallint('residual_likelihood').notNull(),
    residualImpact: smallint('residual_impact').notNull(),
    residualScore: smallint('residual_score').notNull(),
    residualLevel: riskLevel('residual_level').notNull(),
    monetaryImpact: numeric('monetary_impact', { precision: 15, scale: 2 }),
    currency: currencyCode('currency').notNull().default('EUR'),
    /** Entered by a person; null: estimated from the monetary impact when read. */
    expectedAnnualLoss: numeric('expected_annual_loss', { precision: 15, scale: 2 }),
    status: workItemStatus('status').notNull().default('ready'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    needsAttention: boolean('needs_attention').notNull().default(false),
    needsAttentionReason: text('needs_attention_reason'),
    outOfScopeJustification: text('out_of_scope_justification'),
    libraryId: text('library_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('risks_number_key').on(t.projectId, t.number),
    index('risks_org_idx').on(t.organizationId),
    index('risks_status_idx').on(t.projectId, t.status),
    index('risks_inherent_idx').on(t.projectId, t.inherentLevel, t.inherentScore),
    index('risks_residual_idx').on(t.projectId, t.residualLevel, t.residualScore),
    index('risks_name_idx').on(t.projectId, sql`lower(${t.name})`),
    index('risks_updated_idx').on(t.projectId, t.updatedAt),
    check('risks_scores', sql`likelihood between 1 and 5 and impact between 1 and 5 and residual_likelihood between 1 and 5 and residual_impact between 1 and 5`),
    check('risks_amounts', sql`coalesce(${t.monetaryImpact}, 0) >= 0 and coalesce(${t.expectedAnnualLoss}, 0) >= 0`),
  ],
);

/** A risk's treatment: one per risk, none until someone decides one. */
export const riskTreatments = pgTable(
  'risk_treatments',
  {
    riskId: uuid('risk_id').primaryKey().references(() => risks.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    option: treatmentOption('option').notNull(),
    plan: text('plan').notNull().default(''),
    residualLikelihood: smallint('residual_likelihood'),
    residualImpact: smallint('residual_impact'),
    acceptanceRationale: text('acceptance_rationale'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('risk_treatments_org_idx').on(t.organizationId, t.projectId, t.option),
    check('risk_treatments_residual', sql`(residual_likelihood is null) = (residual_impact is null) and coalesce(residual_likelihood between 1 and 5 and residual_impact between 1 and 5, true)`),
  ],
);

/**
 * A record of a risk's acceptance: who proposed and who accepted it, when, why, the risk's scores at
 * that moment and when to look at it again; revoked or superseded records stay as history.
 */
export const riskAcceptances = pgTable(
  'risk_acceptances',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    riskId: uuid('risk_id').notNull().references(() => risks.id, { onDelete: 'cascade' }),
    status: acceptanceStatus('status').notNull(),
    justification: text('justification').notNull(),
    acceptedLevel: riskLevel('accepted_level').notNull(),
    likelihood: smallint('likelihood').notNull(),
    impact: smallint('impact').notNull(),
    inherentLevel: riskLevel('inherent_level').notNull(),
    residualLikelihood: smallint('residual_likelihood').notNull(),
    residualImpact: smallint('residual_impact').notNull(),
    residualLevel: riskLevel('residual_level').notNull(),
    reviewDate: date('review_date').notNull(),
    proposedBy: uuid('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull().defaultNow(),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvalForced: boolean('approval_forced').notNull().default(false),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [
    index('risk_acceptances_risk_idx').on(t.riskId, t.proposedAt),
    index('risk_acceptances_org_idx').on(t.organizationId, t.projectId),
    // One acceptance in force or awaiting review per risk, enforced by the database as well as the service.
    uniqueIndex('risk_acceptances_current_key').on(t.riskId).where(sql`${t.status} in ('awaiting_review', 'active')`),
  ],
);

/** A concrete action of a risk's treatment, with an owner (a project member), a due date and a status. */
export const riskTreatmentStrategies = pgTable(
  'risk_treatment_strategies',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    riskId: uuid('risk_id').notNull().references(() => risks.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    dueDate: date('due_date'),
    status: strategyStatus('status').notNull().default('planned'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('risk_treatment_strategies_risk_idx').on(t.riskId, t.createdAt),
    index('risk_treatment_strategies_org_idx').on(t.organizationId, t.projectId),
    index('risk_treatment_strategies_owner_idx').on(t.ownerId),
  ],
);

/** A control of the project that reduces a risk. */
export const riskControls = pgTable(
  'risk_controls',
  {
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    riskId: uuid('risk_id').notNull().references(() => risks.id, { onDelete: 'cascade' }),
    projectControlId: uuid('project_control_id').notNull().references(() => projectControls.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.riskId, t.projectControlId] }),
    index('risk_controls_control_idx').on(t.projectControlId),
    index('risk_controls_org_idx').on(t.organizationId, t.projectId),
  ],
);

/**
 * The last R-number given in each project: risks are numbered from it, so a deleted risk's number is
 * never given again (max(number) + 1 would reuse the newest one's). Its row lock orders concurrent creations.
 */
export const riskNumberCounters = pgTable('risk_number_counters', {
  projectId: uuid('project_id').primaryKey().references(() => projects.id, { onDelete: 'cascade' }),
  organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull(),
}, (t) => [index('risk_number_counters_org_idx').on(t.organizationId)]);
