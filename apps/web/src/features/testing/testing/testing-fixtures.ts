import type { TestingMetric, TestingResult, TestingSource, TestingTestDetail, TestingTestListItem } from '@aegis/contracts';
import { ADA } from '../../../testing/factories';

export const SOURCE_ID = '0199a0b2-0000-7000-8000-000000000d01';
export const METRIC_ID = '0199a0b2-0000-7000-8000-000000000d11';
export const TEST_ID = '0199a0b2-0000-7000-8000-000000000d21';
const NOW = '2026-11-21T10:00:00Z';

export function buildSource(overrides: Partial<TestingSource> = {}): TestingSource {
  return {
    id: SOURCE_ID,
    name: 'Nightly evaluation',
    kind: 'api',
    description: '',
    asset_card_id: null,
    asset_card_name: null,
    metric_count: 1,
    last_value_at: NOW,
    created_by: ADA,
    created_at: NOW,
    ...overrides,
  };
}

export function buildMetric(overrides: Partial<TestingMetric> = {}): TestingMetric {
  return {
    id: METRIC_ID,
    source_id: SOURCE_ID,
    source_name: 'Nightly evaluation',
    source_kind: 'api',
    name: 'accuracy',
    unit: '',
    description: '',
    direction: 'higher_is_better',
    expected_every_hours: 24,
    value_count: 12,
    last_value: 0.93,
    last_value_at: NOW,
    stale: false,
    created_at: NOW,
    ...overrides,
  };
}

export function buildTest(overrides: Partial<TestingTestListItem> = {}): TestingTestListItem {
  return {
    id: TEST_ID,
    reference: 'T-1',
    name: 'Accuracy stays high',
    description: '',
    metric_id: METRIC_ID,
    metric_name: 'accuracy',
    metric_unit: '',
    source_name: 'Nightly evaluation',
    operator: '>=',
    threshold: 0.9,
    threshold_upper: null,
    aggregation: 'latest',
    window_kind: null,
    window_size: null,
    lookback_days: 30,
    schedule: 'daily',
    condition: 'latest accuracy ≥ 0.9',
    status: 'in_progress',
    last_result: { id: '0199a0b2-0000-7000-8000-000000000d31', result_status: 'passed', observed_value: 0.93, created_at: NOW },
    metric_stale: false,
    control_count: 2,
    assignees: [ADA],
    reviewers: [],
    tags: [],
    review_status: null,
    next_run_at: null,
    updated_at: NOW,
    ...overrides,
  };
}

export function buildTestDetail(overrides: Partial<TestingTestDetail> = {}): TestingTestDetail {
  return {
    ...buildTest(),
    locked: false,
    allowed_transitions: ['ready', 'out_of_scope'],
    out_of_scope_justification: null,
    status_history: [],
    created_by: ADA,
    created_at: NOW,
    ...overrides,
  };
}

export function buildResult(overrides: Partial<TestingResult> = {}): TestingResult {
  return {
    id: '0199a0b2-0000-7000-8000-000000000d31',
    test_id: TEST_ID,
    test_reference: 'T-1',
    test_name: 'Accuracy stays high',
    result_status: 'passed',
    observed_value: 0.93,
    condition: 'latest accuracy ≥ 0.9',
    operator: '>=',
    threshold: 0.9,
    threshold_upper: null,
    value_count: 1,
    data_from: NOW,
    data_to: NOW,
    error: null,
    trigger: 'manual',
    run_by: ADA,
    evidence_ids: [],
    created_at: NOW,
    ...overrides,
  };
}
