import { z } from 'zod';
import { booleanQuery, isoDateTime, pageQuery, uuid } from './common';
import { statusChange, tagRef } from './controls';
import { reviewStatus } from './reviews';
import { personRef, workItemStatus, WORK_ITEM_STATUSES } from './work-items';

// Automated testing (issue 32, GOVERNANCE-MODEL.md section 7): source → metric → values → test → result.
// Every call lives under /api/v1/projects/{project_id}/testing.

/** Where a metric's values come from. */
export const TESTING_SOURCE_KINDS = ['api', 'file', 'manual', 'asset_card'] as const;
export const testingSourceKind = z.enum(TESTING_SOURCE_KINDS);
export type TestingSourceKind = z.infer<typeof testingSourceKind>;
export const TESTING_SOURCE_KIND_LABELS: Record<TestingSourceKind, string> = {
  api: 'API (pushed by a pipeline)',
  file: 'File upload (CSV or JSON)',
  manual: 'Typed in by hand',
  asset_card: 'Model card results',
};

/** Which way a metric is better: shown beside the value, and the default condition of a new test. */
export const METRIC_DIRECTIONS = ['higher_is_better', 'lower_is_better', 'neither'] as const;
export const metricDirection = z.enum(METRIC_DIRECTIONS);
export type MetricDirection = z.infer<typeof metricDirection>;

export const TEST_OPERATORS = ['>', '>=', '<', '<=', '==', 'between'] as const;
export const testOperator = z.enum(TEST_OPERATORS);
export type TestOperator = z.infer<typeof testOperator>;

/** What a test judges: the latest value, or an aggregate of a window. */
export const TEST_AGGREGATIONS = ['latest', 'mean', 'min', 'max'] as const;
export const testAggregation = z.enum(TEST_AGGREGATIONS);
export type TestAggregation = z.infer<typeof testAggregation>;

/** A window of the last N values or of the last N days (for an aggregate). */
export const TEST_WINDOW_KINDS = ['values', 'days'] as const;
export const testWindowKind = z.enum(TEST_WINDOW_KINDS);
export type TestWindowKind = z.infer<typeof testWindowKind>;

export const TEST_SCHEDULES = ['manual', 'on_new_value', 'daily', 'weekly'] as const;
export const testSchedule = z.enum(TEST_SCHEDULES);
export type TestSchedule = z.infer<typeof testSchedule>;
export const TEST_SCHEDULE_LABELS: Record<TestSchedule, string> = { manual: 'Manual', on_new_value: 'On every new value', daily: 'Daily', weekly: 'Weekly' };

/** A run's outcome. `error`: nothing to judge (no value inside the lookback window, metric gone, source failing) — never a pass. */
export const TEST_RESULT_STATUSES = ['passed', 'failed', 'error'] as const;
export const testResultStatus = z.enum(TEST_RESULT_STATUSES);
export type TestResultStatus = z.infer<typeof testResultStatus>;

export const TEST_RUN_TRIGGERS = ['manual', 'schedule', 'new_value'] as const;
export const testRunTrigger = z.enum(TEST_RUN_TRIGGERS);
export type TestRunTrigger = z.infer<typeof testRunTrigger>;

/** Limits of one push (`POST …/testing/logs`) and of a metric's chart. */
export const MAX_VALUES_PER_PUSH = 10_000;
export const MAX_CHART_POINTS = 1_000;
/** A value's time may be at most this far in the future (clocks differ a little, never by days). */
export const MAX_FUTURE_SKEW_MINUTES = 5;

const name = (what: string) => z.string().trim().min(1, `Give the ${what} a name`).max(200);
const commaList = <T extends z.ZodType<string, string>>(item: T, max: number) =>
  z
    .string()
    .max(4000)
    .transform((value) => value.split(',').map((v) => v.trim()).filter(Boolean))
    .pipe(z.array(item).max(max));

// Sources ------------------------------------------------------------------------------------------------

export const testingSource = z.object({
  id: uuid,
  name: z.string(),
  kind: testingSourceKind,
  description: z.string(),
  /** For kind `asset_card`: the model card whose `model-index` results it reads. */
  asset_card_id: uuid.nullable(),
  asset_card_name: z.string().nullable(),
  metric_count: z.number().int(),
  /** When a value last arrived for any of its metrics. */
  last_value_at: isoDateTime.nullable(),
  created_by: personRef.nullable(),
  created_at: isoDateTime,
});
export type TestingSource = z.infer<typeof testingSource>;

export const createTestingSource = z
  .strictObject({
    name: name('source'),
    kind: testingSourceKind,
    description: z.string().max(2000).default(''),
    asset_card_id: uuid.nullable().default(null),
  })
  .refine((v) => v.kind !== 'asset_card' || v.asset_card_id !== null, { message: 'Choose the model card whose results this source reads', path: ['asset_card_id'] })
  .refine((v) => v.kind === 'asset_card' || v.asset_card_id === null, { message: 'Only a source of kind asset_card reads a model card', path: ['asset_card_id'] });
export type CreateTestingSource = z.infer<typeof createTestingSource>;

export const listSourcesQuery = pageQuery(['name', 'created_at']).extend({ name: z.string().trim().max(200).optional() });

// Metrics ------------------------------------------------------------------------------------------------

export const testingMetric = z.object({
  id: uuid,
  source_id: uuid,
  source_name: z.string(),
  source_kind: testingSourceKind,
  name: z.string(),
  unit: z.string(),
  description: z.string(),
  direction: metricDirection,
  /** How often values are expected, in hours; null: whenever they come (never stale). */
  expected_every_hours: z.number().int().nullable(),
  value_count: z.number().int(),
  last_value: z.number().nullable(),
  last_value_at: isoDateTime.nullable(),
  /** No value within expected_every_hours. */
  stale: z.boolean(),
  created_at: isoDateTime,
});
export type TestingMetric = z.infer<typeof testingMetric>;

export const createTestingMetric = z.strictObject({
  name: name('metric'),
  unit: z.string().trim().max(40).default(''),
  description: z.string().max(2000).default(''),
  direction: metricDirection.default('higher_is_better'),
  expected_every_hours: z.number().int().min(1).max(24 * 366).nullable().default(null),
});
export type CreateTestingMetric = z.infer<typeof createTestingMetric>;

export const listMetricsQuery = pageQuery(['name', 'created_at', 'last_value_at']).extend({ name: z.string().trim().max(200).optional() });

/** A metric's values for the chart: at most MAX_CHART_POINTS buckets (min, max and mean per bucket) for any range. */
export const metricSeriesQuery = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  points: z.coerce.number().int().min(10).max(MAX_CHART_POINTS).default(MAX_CHART_POINTS),
});
export const metricSeries = z.object({
  metric_id: uuid,
  from: isoDateTime.nullable(),
  to: isoDateTime.nullable(),
  /** Values in the range; each point summarizes `count` of them. */
  value_count: z.number().int(),
  points: z.array(z.object({ at: isoDateTime, mean: z.number(), min: z.number(), max: z.number(), count: z.number().int() })),
});
export type MetricSeries = z.infer<typeof metricSeries>;

// Values (logs) -------------------------------------------------------------------------------------------

const labelValue = z.union([z.string().max(200), z.number(), z.boolean()]);
export const metricValueInput = z.strictObject({
  metric_id: uuid,
  value: z.number({ error: 'must be a number' }).finite('must be a finite number'),
  /** When the value was observed; the time of the push when left out. */
  timestamp: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time with a time zone' }).optional(),
  labels: z.record(z.string().max(100), labelValue).refine((l) => Object.keys(l).length <= 20, 'At most 20 labels').optional(),
});
export type MetricValueInput = z.infer<typeof metricValueInput>;

export const pushValues = z.strictObject({
  /** A retried push with the same key stores nothing more (answered `duplicate: true`). */
  idempotency_key: z.string().trim().min(1).max(200).optional(),
  values: z.array(metricValueInput).min(1, 'Send at least one value').max(MAX_VALUES_PER_PUSH, `At most ${MAX_VALUES_PER_PUSH.toLocaleString('en')} values per push: split the batch`),
});
export type PushValues = z.infer<typeof pushValues>;

export const pushValuesResult = z.object({
  accepted: z.number().int(),
  /** True when the idempotency key was seen before: nothing was stored this time. */
  duplicate: z.boolean(),
  /** Tests run because they judge on every new value. */
  tests_run: z.number().int(),
});
export type PushValuesResult = z.infer<typeof pushValuesResult>;

// Tests --------------------------------------------------------------------------------------------------

export const testResultSummary = z.object({
  id: uuid,
  result_status: testResultStatus,
  observed_value: z.number().nullable(),
  created_at: isoDateTime,
});

export const testingTestListItem = z.object({
  id: uuid,
  /** T-<n>, per project, never reused. */
  reference: z.string(),
  name: z.string(),
  description: z.string(),
  metric_id: uuid.nullable(),
  metric_name: z.string().nullable(),
  metric_unit: z.string(),
  source_name: z.string().nullable(),
  operator: testOperator,
  threshold: z.number(),
  threshold_upper: z.number().nullable(),
  aggregation: testAggregation,
  window_kind: testWindowKind.nullable(),
  window_size: z.number().int().nullable(),
  lookback_days: z.number().int(),
  schedule: testSchedule,
  /** The condition in words: "mean of the last 5 values ≥ 0.9". */
  condition: z.string(),
  status: workItemStatus,
  last_result: testResultSummary.nullable(),
  /** The metric has no value within its expected interval. */
  metric_stale: z.boolean(),
  control_count: z.number().int(),
  assignees: z.array(personRef),
  reviewers: z.array(personRef),
  tags: z.array(tagRef),
  review_status: reviewStatus.nullable(),
  next_run_at: isoDateTime.nullable(),
  updated_at: isoDateTime,
});
export type TestingTestListItem = z.infer<typeof testingTestListItem>;

export const testingTestDetail = testingTestListItem.extend({
  locked: z.boolean(),
  allowed_transitions: z.array(workItemStatus),
  out_of_scope_justification: z.string().nullable(),
  status_history: z.array(statusChange),
  created_by: personRef.nullable(),
  created_at: isoDateTime,
});
export type TestingTestDetail = z.infer<typeof testingTestDetail>;

const testFields = {
  name: name('test'),
  description: z.string().max(10_000),
  metric_id: uuid,
  operator: testOperator,
  threshold: z.number({ error: 'Give the threshold as a number' }).finite(),
  /** The upper bound of `between` (threshold ≤ value ≤ threshold_upper). */
  threshold_upper: z.number().finite().nullable(),
  aggregation: testAggregation,
  window_kind: testWindowKind.nullable(),
  window_size: z.number().int().min(1).max(10_000).nullable(),
  /** A run finds no value newer than this many days: `error`, never a pass. */
  lookback_days: z.number().int().min(1).max(3660),
  schedule: testSchedule,
  tags: z.array(uuid).max(20),
};

/** The rules a test's condition keeps, on create and on the merged result of an update. */
export function testConditionProblems(t: { operator: TestOperator; threshold: number; threshold_upper: number | null; aggregation: TestAggregation; window_kind: TestWindowKind | null; window_size: number | null }) {
  const problems: { path: string; message: string }[] = [];
  if (t.operator === 'between' && t.threshold_upper === null) problems.push({ path: 'threshold_upper', message: 'A "between" condition needs an upper bound' });
  if (t.operator === 'between' && t.threshold_upper !== null && t.threshold_upper < t.threshold) problems.push({ path: 'threshold_upper', message: 'The upper bound must not be below the threshold' });
  if (t.operator !== 'between' && t.threshold_upper !== null) problems.push({ path: 'threshold_upper', message: 'Only a "between" condition takes an upper bound' });
  if (t.aggregation !== 'latest' && (t.window_kind === null || t.window_size === null)) problems.push({ path: 'window_size', message: 'An aggregate needs a window: the last N values or the last N days' });
  if (t.aggregation === 'latest' && (t.window_kind !== null || t.window_size !== null)) problems.push({ path: 'window_kind', message: 'The latest value takes no window' });
  return problems;
}

export const createTestingTest = z
  .strictObject({
    name: testFields.name,
    description: testFields.description.default(''),
    metric_id: testFields.metric_id,
    operator: testFields.operator,
    threshold: testFields.threshold,
    threshold_upper: testFields.threshold_upper.default(null),
    aggregation: testFields.aggregation.default('latest'),
    window_kind: testFields.window_kind.default(null),
    window_size: testFields.window_size.default(null),
    lookback_days: testFields.lookback_days.default(30),
    schedule: testFields.schedule.default('manual'),
    tags: testFields.tags.default([]),
  })
  .superRefine((v, ctx) => {
    for (const p of testConditionProblems(v)) ctx.addIssue({ code: 'custom', message: p.message, path: [p.path] });
  });
export type CreateTestingTest = z.infer<typeof createTestingTest>;

/** A change of a test: its fields and/or its status (the life cycle of every work item; approved is locked). */
export const updateTestingTest = z
  .strictObject({ ...testFields, status: workItemStatus, justification: z.string().trim().max(2000) })
  .partial()
  .refine((v) => Object.keys(v).some((k) => k !== 'justification'), 'Send at least one field to change');
export type UpdateTestingTest = z.infer<typeof updateTestingTest>;

export const TEST_SORTS = ['reference', 'name', 'status', 'last_run_at', 'updated_at'] as const;
export const listTestsQuery = pageQuery(TEST_SORTS).extend({
  name: z.string().trim().max(200).optional(),
  status: commaList(workItemStatus, WORK_ITEM_STATUSES.length).optional(),
  result_status: commaList(z.enum([...TEST_RESULT_STATUSES, 'never_run']), 4).optional(),
  metric_id: uuid.optional(),
  is_assigned_to_me: booleanQuery.default(false),
});
export type ListTestsQuery = z.infer<typeof listTestsQuery>;

// Results ------------------------------------------------------------------------------------------------

export const testingResult = z.object({
  id: uuid,
  test_id: uuid,
  test_reference: z.string(),
  test_name: z.string(),
  result_status: testResultStatus,
  /** The latest value or the aggregate judged; null on error. */
  observed_value: z.number().nullable(),
  /** The condition as it was when judged, in words. */
  condition: z.string(),
  operator: testOperator,
  threshold: z.number(),
  threshold_upper: z.number().nullable(),
  /** How many values were judged, and the effective time of the data (oldest and newest value judged). */
  value_count: z.number().int(),
  data_from: isoDateTime.nullable(),
  data_to: isoDateTime.nullable(),
  /** Why nothing could be judged (error). */
  error: z.string().nullable(),
  trigger: testRunTrigger,
  run_by: personRef.nullable(),
  /** The evidence stored on each linked control. */
  evidence_ids: z.array(uuid),
  created_at: isoDateTime,
});
export type TestingResult = z.infer<typeof testingResult>;

export const RESULT_SORTS = ['created_at', 'result_status', 'observed_value'] as const;
export const listResultsQuery = pageQuery(RESULT_SORTS).extend({ result_status: commaList(testResultStatus, 3).optional() });
export const listAllResultsQuery = pageQuery([...RESULT_SORTS, 'test_name'] as const).extend({
  /** Part of the test's name or reference. */
  name: z.string().trim().max(200).optional(),
  result_status: commaList(testResultStatus, 3).optional(),
  /** The test's status. */
  status: commaList(workItemStatus, WORK_ITEM_STATUSES.length).optional(),
});

// Links to controls ---------------------------------------------------------------------------------------

export const testControlLink = z.object({
  id: uuid,
  control_code: z.string(),
  title: z.string(),
  status: workItemStatus,
  linked_at: isoDateTime,
});
export type TestControlLink = z.infer<typeof testControlLink>;

/** A control's tests, for its detail page. */
export const controlTest = z.object({
  id: uuid,
  reference: z.string(),
  name: z.string(),
  condition: z.string(),
  status: workItemStatus,
  last_result: testResultSummary.nullable(),
});
export type ControlTest = z.infer<typeof controlTest>;

export const testingSourceParams = z.object({ project_id: uuid, testing_source_id: uuid });
export const testingMetricParams = testingSourceParams.extend({ testing_metric_id: uuid });
export const testingTestParams = z.object({ project_id: uuid, testing_test_id: uuid });
export const testingResultParams = testingTestParams.extend({ testing_test_result_id: uuid });
export const testingControlParams = testingTestParams.extend({ control_id: uuid });

// The project's tests at a glance (dashboard) ------------------------------------------------------------

/** Counted as the tests list counts them: each number is that list filtered by its latest result. */
export const testingSummary = z.object({
  total: z.number().int(),
  by_result: z.object({ passed: z.number().int(), failed: z.number().int(), error: z.number().int(), never_run: z.number().int() }),
  /** passed ÷ (passed + failed + error): null while no test has run. */
  pass_rate: z.number().nullable(),
  /** Live controls of the project with a linked test whose latest result failed. */
  controls_with_failing_tests: z.number().int(),
  /** The tests whose latest result failed, the most recent first (at most 5). */
  failing: z.array(z.object({ id: uuid, reference: z.string(), name: z.string(), last_run_at: isoDateTime.nullable() })),
  /** Metrics with no value within their expected interval. */
  stale_metrics: z.number().int(),
});
export type TestingSummary = z.infer<typeof testingSummary>;

// Ingest from files and model cards ------------------------------------------------------------------------

/** The largest values file (`POST …/testing/sources/{id}/values`, CSV or JSON) accepted. */
export const MAX_VALUES_FILE_BYTES = 2 * 1024 * 1024;

/** What syncing an asset-card source did: a metric created for each new model-index result, its value pushed. */
export const assetCardSyncResult = z.object({
  metrics_created: z.number().int(),
  /** Metrics that existed already and took the card's value. */
  metrics_updated: z.number().int(),
  accepted: z.number().int(),
  /** True when this version of the card was synced before: nothing was stored this time. */
  duplicate: z.boolean(),
  tests_run: z.number().int(),
});
export type AssetCardSyncResult = z.infer<typeof assetCardSyncResult>;
