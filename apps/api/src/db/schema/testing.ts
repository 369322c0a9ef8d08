import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, jsonb, pgEnum, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { METRIC_DIRECTIONS, TEST_AGGREGATIONS, TEST_OPERATORS, TEST_RESULT_STATUSES, TEST_RUN_TRIGGERS, TEST_SCHEDULES, TEST_WINDOW_KINDS, TESTING_SOURCE_KINDS } from '@aegis/contracts';
import { assetCards } from './asset-cards';
import { evidences } from './evidence';
import { projectControls, workItemStatus } from './frameworks';
import { organizations } from './organizations';
import { projects } from './projects';
import { users } from './users';

// Automated testing (issue 32): source → metric → values → test → result (GOVERNANCE-MODEL.md section 7).

export const testingSourceKind = pgEnum('testing_source_kind', TESTING_SOURCE_KINDS);
export const metricDirection = pgEnum('metric_direction', METRIC_DIRECTIONS);
export const testOperator = pgEnum('test_operator', TEST_OPERATORS);
export const testAggregation = pgEnum('test_aggregation', TEST_AGGREGATIONS);
export const testWindowKind = pgEnum('test_window_kind', TEST_WINDOW_KINDS);
export const testSchedule = pgEnum('test_schedule', TEST_SCHEDULES);
export const testResultStatus = pgEnum('test_result_status', TEST_RESULT_STATUSES);
export const testRunTrigger = pgEnum('test_run_trigger', TEST_RUN_TRIGGERS);

/** Where a project's metric values come from: a pipeline over the API, a file, a person, a model card. */
export const testingSources = pgTable(
  'testing_sources',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: testingSourceKind('kind').notNull(),
    description: text('description').notNull().default(''),
    assetCardId: uuid('asset_card_id').references(() => assetCards.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('testing_sources_name_key').on(t.projectId, sql`lower(${t.name})`), index('testing_sources_org_idx').on(t.organizationId)],
);

/**
 * A metric of a source. The latest value and the count are kept here, written with each push, so that
 * lists and the stale flag need no scan of the values.
 */
export const testingMetrics = pgTable(
  'testing_metrics',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    sourceId: uuid('source_id').notNull().references(() => testingSources.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    unit: text('unit').notNull().default(''),
    description: text('description').notNull().default(''),
    direction: metricDirection('direction').notNull().default('higher_is_better'),
    expectedEveryHours: integer('expected_every_hours'),
    valueCount: bigint('value_count', { mode: 'number' }).notNull().default(0),
    lastValue: doublePrecision('last_value'),
    lastValueAt: timestamp('last_value_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('testing_metrics_name_key').on(t.sourceId, sql`lower(${t.name})`),
    index('testing_metrics_org_idx').on(t.organizationId),
    index('testing_metrics_project_idx').on(t.projectId),
  ],
);

/** The values pushed for a metric: appended in batches (one statement per push), read by time. */
export const testingValues = pgTable(
  'testing_values',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // No foreign keys to the organization and the project: three checks per row were two thirds of a 1,000-value
    // push; the metric's key (cascading from its project and organization) takes the values with it.
    organizationId: uuid('organization_id').notNull(),
    projectId: uuid('project_id').notNull(),
    metricId: uuid('metric_id').notNull().references(() => testingMetrics.id, { onDelete: 'cascade' }),
    value: doublePrecision('value').notNull(),
    observedAt: timestamp('observed_at', { withTimezone: true }).notNull(),
    labels: jsonb('labels'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('testing_values_metric_idx').on(t.metricId, t.observedAt), index('testing_values_org_idx').on(t.organizationId)],
);

/**
 * A metric's values summed per minute, hour and day (level 1, 2, 3; the bucket's start in UTC), kept by the
 * push that adds them (value-repository.ts), so that a chart over any range reads at most a few thousand rows
 * whatever the number of values (metric-repository.ts `series`).
 */
export const testingValueRollups = pgTable(
  'testing_value_rollups',
  {
    organizationId: uuid('organization_id').notNull(),
    projectId: uuid('project_id').notNull(),
    metricId: uuid('metric_id').notNull().references(() => testingMetrics.id, { onDelete: 'cascade' }),
    level: smallint('level').notNull(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    n: integer('n').notNull(),
    total: doublePrecision('total').notNull(),
    min: doublePrecision('min').notNull(),
    max: doublePrecision('max').notNull(),
  },
  (t) => [primaryKey({ columns: [t.metricId, t.level, t.bucket] }), index('testing_value_rollups_org_idx').on(t.organizationId), check('testing_value_rollups_level', sql`${t.level} between 1 and 3`)],
);

/** The idempotency keys of pushes already stored: a retried push with the same key stores nothing. */
export const testingPushes = pgTable(
  'testing_pushes',
  {
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    valueCount: integer('value_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.idempotencyKey] }), index('testing_pushes_org_idx').on(t.organizationId)],
);

/**
 * A test: a work item (status, people and tags in the shared work-item tables, item type `test`) that
 * judges a metric by a condition. The latest result is kept here for lists and the controls' flag.
 */
export const testingTests = pgTable(
  'testing_tests',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    /** T-<number>: per project, in order of creation, never reused. */
    number: integer('number').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Null once its metric is deleted: the next run is an error. */
    metricId: uuid('metric_id').references(() => testingMetrics.id, { onDelete: 'set null' }),
    operator: testOperator('operator').notNull(),
    threshold: doublePrecision('threshold').notNull(),
    thresholdUpper: doublePrecision('threshold_upper'),
    aggregation: testAggregation('aggregation').notNull().default('latest'),
    windowKind: testWindowKind('window_kind'),
    windowSize: integer('window_size'),
    lookbackDays: integer('lookback_days').notNull().default(30),
    schedule: testSchedule('schedule').notNull().default('manual'),
    status: workItemStatus('status').notNull().default('ready'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    outOfScopeJustification: text('out_of_scope_justification'),
    lastResultId: uuid('last_result_id'),
    lastResultStatus: testResultStatus('last_result_status'),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('testing_tests_number_key').on(t.projectId, t.number),
    index('testing_tests_org_idx').on(t.organizationId),
    index('testing_tests_name_idx').on(t.projectId, sql`lower(${t.name})`),
    index('testing_tests_status_idx').on(t.projectId, t.status),
    index('testing_tests_result_idx').on(t.projectId, t.lastResultStatus),
    index('testing_tests_metric_idx').on(t.metricId),
    index('testing_tests_schedule_idx').on(t.schedule).where(sql`${t.schedule} in ('daily', 'weekly')`),
    check('testing_tests_window', sql`(${t.windowKind} is null) = (${t.windowSize} is null)`),
  ],
);

/** A run of a test: what was judged, against what, and the outcome. Never changed once written. */
export const testingResults = pgTable(
  'testing_results',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    testId: uuid('test_id').notNull().references(() => testingTests.id, { onDelete: 'cascade' }),
    resultStatus: testResultStatus('result_status').notNull(),
    observedValue: doublePrecision('observed_value'),
    condition: text('condition').notNull(),
    operator: testOperator('operator').notNull(),
    threshold: doublePrecision('threshold').notNull(),
    thresholdUpper: doublePrecision('threshold_upper'),
    valueCount: integer('value_count').notNull().default(0),
    dataFrom: timestamp('data_from', { withTimezone: true }),
    dataTo: timestamp('data_to', { withTimezone: true }),
    error: text('error'),
    trigger: testRunTrigger('trigger').notNull(),
    runBy: uuid('run_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('testing_results_test_idx').on(t.testId, t.createdAt),
    index('testing_results_project_idx').on(t.projectId, t.createdAt),
    index('testing_results_status_idx').on(t.projectId, t.resultStatus, t.createdAt),
    index('testing_results_org_idx').on(t.organizationId),
  ],
);

/** Which controls a test proves: a result becomes evidence on each. */
export const testingTestControls = pgTable(
  'testing_test_controls',
  {
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    testId: uuid('test_id').notNull().references(() => testingTests.id, { onDelete: 'cascade' }),
    controlId: uuid('control_id').notNull().references(() => projectControls.id, { onDelete: 'cascade' }),
    linkedBy: uuid('linked_by').references(() => users.id, { onDelete: 'set null' }),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.testId, t.controlId] }), index('testing_test_controls_control_idx').on(t.controlId), index('testing_test_controls_org_idx').on(t.organizationId)],
);

/** The evidence a result was stored as, one per linked control: generated, hashed, never edited. */
export const testingResultEvidences = pgTable(
  'testing_result_evidences',
  {
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    resultId: uuid('result_id').notNull().references(() => testingResults.id, { onDelete: 'cascade' }),
    evidenceId: uuid('evidence_id').notNull().references(() => evidences.id, { onDelete: 'cascade' }),
    controlId: uuid('control_id').references(() => projectControls.id, { onDelete: 'set null' }),
    /** True while the evidence is the generated record (its edits are refused). */
    generated: boolean('generated').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.resultId, t.evidenceId] }), uniqueIndex('testing_result_evidences_evidence_key').on(t.evidenceId), index('testing_result_evidences_org_idx').on(t.organizationId)],
);
