import type { TestingTestListItem, TestSchedule } from '@aegis/contracts';
import type { WorkItem } from '../work-items/work-items';
import { conditionInWords } from './condition';
import { SLACK_MINUTES } from './run-repository';
import type { TestRow } from './test-repository';
import { iso, isoOrNull, numberOrNull, parsed } from './test-sql';

/** `T-<number>`: how people name a test of the project. */
export const testReference = (number: number) => `T-${number}`;

export const testLink = (projectId: string, testId: string) => `/projects/project-detail/${projectId}/test-detail/${testId}`;

/** A test as the shared work-item pieces need it (people, tags, status history, notifications, live events). */
export const testItem = (organizationId: string, projectId: string, row: { id: string; number: number; name: string }): WorkItem => ({
  organizationId,
  projectId,
  itemType: 'test',
  itemId: row.id,
  label: `${testReference(row.number)} ${row.name}`,
  link: testLink(projectId, row.id),
});

const HOUR = 3_600_000;
const PERIOD: Partial<Record<TestSchedule, number>> = { daily: 24 * HOUR, weekly: 7 * 24 * HOUR };

/**
 * When a scheduled test runs next: the schedule job runs every hour on the hour and takes the daily tests
 * last run a day ago or more (weekly: a week), so the first full hour after that; a test never run goes at
 * the next hour (a few minutes' slack absorb the job's start: run-repository.ts). Null for tests run by hand or on new values.
 */
export function nextRunAt(schedule: TestSchedule, lastRunAt: Date | string | null, now: Date): string | null {
  const period = PERIOD[schedule];
  if (period === undefined) return null;
  const due = lastRunAt === null ? now.getTime() : new Date(lastRunAt).getTime() + period - SLACK_MINUTES * 60_000;
  return new Date(Math.ceil(due / HOUR) * HOUR).toISOString();
}

export const toListItem = (row: TestRow, now: Date): TestingTestListItem => ({
  id: row.id,
  reference: testReference(row.number),
  name: row.name,
  description: row.description,
  metric_id: row.metric_id,
  metric_name: row.metric_name,
  metric_unit: row.metric_unit ?? '',
  source_name: row.source_name,
  operator: row.operator,
  threshold: Number(row.threshold),
  threshold_upper: numberOrNull(row.threshold_upper),
  aggregation: row.aggregation,
  window_kind: row.window_kind,
  window_size: row.window_size,
  lookback_days: row.lookback_days,
  schedule: row.schedule,
  condition: conditionInWords({ ...row, threshold: Number(row.threshold), threshold_upper: numberOrNull(row.threshold_upper) }),
  status: row.status,
  last_result:
    row.last_result_id === null || row.last_result_status === null || row.last_result_at === null
      ? null
      : { id: row.last_result_id, result_status: row.last_result_status, observed_value: numberOrNull(row.last_result_value), created_at: iso(row.last_result_at) },
  metric_stale: Boolean(row.metric_stale),
  control_count: Number(row.control_count),
  assignees: parsed(row.assignees),
  reviewers: parsed(row.reviewers),
  tags: parsed(row.tags),
  review_status: row.review_status ?? null,
  next_run_at: nextRunAt(row.schedule, row.last_run_at === null ? null : isoOrNull(row.last_run_at), now),
  updated_at: iso(row.updated_at),
});
