import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { FRAMEWORK_SOURCES, MAPPING_RELATIONSHIPS, WORK_ITEM_STATUSES } from '@aegis/contracts';
import { organizations } from './organizations';
import { projects } from './projects';
import { users } from './users';

export const frameworkSource = pgEnum('framework_source', FRAMEWORK_SOURCES);
export const mappingRelationship = pgEnum('mapping_relationship', MAPPING_RELATIONSHIPS);
export const workItemStatus = pgEnum('work_item_status', WORK_ITEM_STATUSES);

/**
 * One framework: a tree of requirements mapped to controls (GOVERNANCE-MODEL.md section 1). Platform
 * frameworks (built-in or uploaded by operators) have no organization; an organization's own templates
 * have its id. One table for every framework, so that one control serves requirements of several.
 */
export const frameworks = pgTable(
  'frameworks',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    source: frameworkSource('source').notNull(),
    name: text('name').notNull(),
    version: text('version').notNull(),
    publisher: text('publisher'),
    description: text('description'),
    notice: text('notice'),
    url: text('url'),
    projectTypes: text('project_types').array().notNull(),
    questionnaire: jsonb('questionnaire').notNull().default(sql`'[]'::jsonb`),
    /** Platform frameworks: whether an organization that never chose has it switched on (built-ins do). */
    enabledByDefault: boolean('enabled_by_default').notNull().default(true),
    /** SHA-256 of the template it was loaded from: the built-ins are reloaded only when their content changes. */
    contentHash: text('content_hash').notNull(),
    requirementCount: integer('requirement_count').notNull(),
    controlCount: integer('control_count').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('frameworks_platform_code_key').on(t.code).where(sql`${t.organizationId} is null`),
    uniqueIndex('frameworks_organization_code_key').on(t.organizationId, t.code).where(sql`${t.organizationId} is not null`),
  ],
);

/** A node of a framework's requirement tree; a node with children is a section. */
export const frameworkRequirements = pgTable(
  'framework_requirements',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    frameworkId: uuid('framework_id').notNull().references(() => frameworks.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    code: text('code').notNull(),
    title: text('title').notNull(),
    summary: text('summary'),
    reference: text('reference'),
    notes: jsonb('notes').notNull().default(sql`'[]'::jsonb`),
    appliesWhen: jsonb('applies_when'),
    appliesFrom: text('applies_from'),
    coverage: text('coverage'),
    coverageNote: text('coverage_note'),
    /** `authorities`: a duty of public authorities only, shown for reference and never applicable to a project. */
    binds: text('binds').notNull().default('operators'),
    /** `{ act, see? }`: deleted by an amending act (template `deleted_by`), shown for reference and never applicable to a project. */
    deletedBy: jsonb('deleted_by'),
    /** Template `applies_from_when`: `[{ date, when }]`, the first case that holds gives a project its date instead of `applies_from`. */
    appliesFromWhen: jsonb('applies_from_when'),
    /** Depth-first order of the tree, so one ordered read rebuilds it. */
    position: integer('position').notNull(),
    depth: integer('depth').notNull(),
  },
  (t) => [uniqueIndex('framework_requirements_code_key').on(t.frameworkId, t.code), index('framework_requirements_order_idx').on(t.frameworkId, t.position)],
);

/** A control: MFF-1's, or one a template defines. Platform controls have no organization. */
export const controlDefinitions = pgTable(
  'control_definitions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    /** The framework that defines it; its controls go with it. */
    frameworkId: uuid('framework_id').notNull().references(() => frameworks.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    title: text('title').notNull(),
    objective: text('objective'),
    guidance: text('guidance'),
    evidenceExamples: jsonb('evidence_examples').notNull().default(sql`'[]'::jsonb`),
    domain: text('domain'),
    lifecyclePhase: text('lifecycle_phase').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('control_definitions_platform_code_key').on(t.code).where(sql`${t.organizationId} is null`),
    uniqueIndex('control_definitions_organization_code_key').on(t.organizationId, t.code).where(sql`${t.organizationId} is not null`),
    index('control_definitions_framework_idx').on(t.frameworkId),
  ],
);

/** Requirement → control, with how well the control covers it and on what authority. */
export const requirementControls = pgTable(
  'requirement_controls',
  {
    requirementId: uuid('requirement_id').notNull().references(() => frameworkRequirements.id, { onDelete: 'cascade' }),
    controlId: uuid('control_id').notNull().references(() => controlDefinitions.id, { onDelete: 'cascade' }),
    relationship: mappingRelationship('relationship').notNull(),
    source: text('source').notNull(),
    rationale: text('rationale'),
    strength: integer('strength'),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.requirementId, t.controlId] }), index('requirement_controls_control_idx').on(t.controlId)],
);

/** An organization's choice about a platform framework; without a row, the framework's default holds. */
export const organizationFrameworks = pgTable(
  'organization_frameworks',
  {
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    frameworkId: uuid('framework_id').notNull().references(() => frameworks.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.frameworkId] })],
);

/** A requirement of a framework the project applies: where its applicability will be recorded. */
export const projectRequirements = pgTable(
  'project_requirements',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    frameworkId: uuid('framework_id').notNull().references(() => frameworks.id),
    requirementId: uuid('requirement_id').notNull().references(() => frameworkRequirements.id, { onDelete: 'cascade' }),
    applicable: boolean('applicable').notNull().default(true),
    applicabilityReason: text('applicability_reason'),
    /** A person's decision over the engine's (`include` / `exclude`), with its justification: the statement of applicability keeps both. */
    applicabilityDecision: text('applicability_decision').$type<'include' | 'exclude'>(),
    decisionJustification: text('decision_justification'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('project_requirements_key').on(t.projectId, t.requirementId),
    check('project_requirements_decision', sql`applicability_decision in ('include', 'exclude')`),
    index('project_requirements_framework_idx').on(t.organizationId, t.projectId, t.frameworkId),
  ],
);

/**
 * A control instantiated once in a project, whatever number of requirements and frameworks map to it.
 * Removing the last framework that maps to it detaches it (`detached_at`) instead of deleting the work.
 */
export const projectControls = pgTable(
  'project_controls',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    controlId: uuid('control_id').notNull().references(() => controlDefinitions.id),
    controlCode: text('control_code').notNull(),
    status: workItemStatus('status').notNull().default('ready'),
    notes: text('notes').notNull().default(''),
    dueDate: date('due_date'),
    /** Set by automated signals (a failing test, expired evidence); advises, never changes the status. */
    needsAttention: boolean('needs_attention').notNull().default(false),
    needsAttentionReason: text('needs_attention_reason'),
    outOfScopeJustification: text('out_of_scope_justification'),
    /**
     * Set when applicability (not a person) moved the control out of scope: the status it had, restored
     * when one of its requirements applies again. Null otherwise.
     */
    statusBeforeScope: workItemStatus('status_before_scope'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    detachedAt: timestamp('detached_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('project_controls_control_key').on(t.projectId, t.controlId),
    uniqueIndex('project_controls_code_key').on(t.projectId, t.controlCode),
    index('project_controls_status_idx').on(t.organizationId, t.projectId, t.status),
  ],
);
