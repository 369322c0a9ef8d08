import { sql } from 'drizzle-orm';
import { bigint, check, customType, date, index, integer, pgEnum, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { EVIDENCE_FILE_TYPES, EVIDENCE_SCORE_RESULTS, SUGGESTION_SOURCES, SUGGESTION_STATUSES, TEXT_STATUSES } from '@aegis/contracts';
import { projectControls, workItemStatus } from './frameworks';
import { organizations } from './organizations';
import { projects } from './projects';
import { risks } from './risks';
import { users } from './users';

/** PostgreSQL's full-text document type; written with to_tsvector/setweight in SQL, never read as a value. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const evidenceFileType = pgEnum('evidence_file_type', EVIDENCE_FILE_TYPES);
export const evidenceTextStatus = pgEnum('evidence_text_status', TEXT_STATUSES);
export const evidenceScoreResult = pgEnum('evidence_score_result', EVIDENCE_SCORE_RESULTS);
export const evidenceSuggestionStatus = pgEnum('evidence_suggestion_status', SUGGESTION_STATUSES);
export const evidenceSuggestionSource = pgEnum('evidence_suggestion_source', SUGGESTION_SOURCES);

/**
 * An evidence of a project: a work item (status, people and tags in the shared work-item tables, item
 * type `evidence`) whose file has versions. The current version's file columns are copied here so that
 * the list filters and sorts on indexed columns of one table; `search` holds the name (weight A), the
 * description (B) and the current version's extracted text (C).
 */
export const evidences = pgTable(
  'evidences',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: workItemStatus('status').notNull().default('ready'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    outOfScopeJustification: text('out_of_scope_justification'),
    /** The current version (the highest number). */
    currentVersionId: uuid('current_version_id'),
    version: integer('version').notNull().default(1),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    fileType: evidenceFileType('file_type').notNull(),
    sha256: text('sha256').notNull(),
    textStatus: evidenceTextStatus('text_status').notNull().default('pending'),
    effectiveDate: date('effective_date').notNull(),
    expiresOn: date('expires_on'),
    /** Set by the daily expiry job once expires_on has passed; cleared when the date moves or a new version comes. */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** Reminders already sent for the current expiry date: 0 none, 1 a week ahead, 2 the day before too. */
    expiryRemindersSent: integer('expiry_reminders_sent').notNull().default(0),
    search: tsvector('search'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('evidences_org_idx').on(t.organizationId),
    index('evidences_name_idx').on(t.projectId, sql`lower(${t.name})`),
    index('evidences_effective_idx').on(t.projectId, t.effectiveDate),
    index('evidences_uploaded_idx').on(t.projectId, t.uploadedAt),
    index('evidences_updated_idx').on(t.projectId, t.updatedAt),
    index('evidences_type_idx').on(t.projectId, t.fileType),
    index('evidences_status_idx').on(t.projectId, t.status),
    index('evidences_expiry_idx').on(t.expiresOn).where(sql`${t.expiresOn} is not null`),
    index('evidences_search_idx').using('gin', t.search),
    check('evidences_size', sql`${t.size} > 0`),
  ],
);

/** Every file an evidence has had, kept with its hash; the storage key is the server's, never the user's. */
export const evidenceVersions = pgTable(
  'evidence_versions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    evidenceId: uuid('evidence_id').notNull().references(() => evidences.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    fileType: evidenceFileType('file_type').notNull(),
    sha256: text('sha256').notNull(),
    textStatus: evidenceTextStatus('text_status').notNull().default('pending'),
    textError: text('text_error'),
    /** The extracted text (capped), for snippets and suggestions' reasons. */
    content: text('content'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('evidence_versions_number_key').on(t.evidenceId, t.version),
    index('evidence_versions_org_idx').on(t.organizationId),
    index('evidence_versions_text_idx').on(t.textStatus).where(sql`${t.textStatus} = 'pending'`),
    check('evidence_versions_sha256', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    check('evidence_versions_size', sql`${t.size} > 0`),
  ],
);

/**
 * A link from an evidence to a control or a risk of its project (exactly one of the two). With
 * organization evidence scoring on, the link carries how well the file answers the control.
 */
export const evidenceLinks = pgTable(
  'evidence_links',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    evidenceId: uuid('evidence_id').notNull().references(() => evidences.id, { onDelete: 'cascade' }),
    controlId: uuid('control_id').references(() => projectControls.id, { onDelete: 'cascade' }),
    riskId: uuid('risk_id').references(() => risks.id, { onDelete: 'cascade' }),
    score: real('score'),
    scoreResult: evidenceScoreResult('score_result'),
    scoreReason: text('score_reason'),
    linkedBy: uuid('linked_by').references(() => users.id, { onDelete: 'set null' }),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('evidence_links_control_key').on(t.evidenceId, t.controlId).where(sql`${t.controlId} is not null`),
    uniqueIndex('evidence_links_risk_key').on(t.evidenceId, t.riskId).where(sql`${t.riskId} is not null`),
    index('evidence_links_control_idx').on(t.controlId).where(sql`${t.controlId} is not null`),
    index('evidence_links_risk_idx').on(t.riskId).where(sql`${t.riskId} is not null`),
    index('evidence_links_org_idx').on(t.organizationId, t.projectId),
    check('evidence_links_one_target', sql`(${t.controlId} is null) <> (${t.riskId} is null)`),
  ],
);

/** A proposed link from evidence to a control, computed for a person to accept or dismiss (GOVERNANCE-MODEL section 8). */
export const evidenceSuggestions = pgTable(
  'evidence_suggestions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    controlId: uuid('control_id').notNull().references(() => projectControls.id, { onDelete: 'cascade' }),
    evidenceId: uuid('evidence_id').notNull().references(() => evidences.id, { onDelete: 'cascade' }),
    relevance: real('relevance').notNull(),
    reason: text('reason').notNull(),
    source: evidenceSuggestionSource('source').notNull(),
    status: evidenceSuggestionStatus('status').notNull().default('proposed'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('evidence_suggestions_pair_key').on(t.controlId, t.evidenceId),
    index('evidence_suggestions_org_idx').on(t.organizationId, t.projectId),
    index('evidence_suggestions_evidence_idx').on(t.evidenceId),
    check('evidence_suggestions_relevance', sql`${t.relevance} between 0 and 1`),
  ],
);

/** When suggestions were last computed for a control, and whether a model reranked them. */
export const evidenceSuggestionRuns = pgTable(
  'evidence_suggestion_runs',
  {
    controlId: uuid('control_id').primaryKey().references(() => projectControls.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    modelUsed: text('model_used'),
    ranBy: uuid('ran_by').references(() => users.id, { onDelete: 'set null' }),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('evidence_suggestion_runs_org_idx').on(t.organizationId)],
);
