import type { MetricDirection, TestAggregation, TestOperator, TestResultStatus, TestWindowKind } from '@aegis/contracts';

export const OPERATOR_SYMBOLS: Record<TestOperator, string> = { '>': '>', '>=': '≥', '<': '<', '<=': '≤', '==': '=', between: 'between' };

export const OPERATOR_LABELS: Record<TestOperator, string> = {
  '>': 'Above (>)',
  '>=': 'At least (≥)',
  '<': 'Below (<)',
  '<=': 'At most (≤)',
  '==': 'Equal to (=)',
  between: 'Between two bounds',
};

export const AGGREGATION_LABELS: Record<TestAggregation, string> = { latest: 'The latest value', mean: 'The mean', min: 'The lowest value', max: 'The highest value' };

export const DIRECTION_LABELS: Record<MetricDirection, string> = { higher_is_better: 'Higher is better', lower_is_better: 'Lower is better', neither: 'Neither' };

/** The condition a new test on a metric starts with: its better side. */
export function defaultOperator(direction: MetricDirection | undefined): TestOperator {
  if (direction === 'lower_is_better') return '<=';
  if (direction === 'higher_is_better') return '>=';
  return '==';
}

/** A number as a person reads it: up to 4 decimals, no trailing zeros, with its unit. */
export function formatMetricValue(value: number | null | undefined, unit = ''): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const shown = Number.isInteger(value) ? value.toLocaleString('en') : value.toLocaleString('en', { maximumFractionDigits: 4 });
  return unit ? `${shown} ${unit}` : shown;
}

type Condition = {
  metric_name?: string | null;
  metric_unit?: string;
  operator: TestOperator;
  threshold: number;
  threshold_upper: number | null;
  aggregation: TestAggregation;
  window_kind: TestWindowKind | null;
  window_size: number | null;
};

/** What is judged: "the latest accuracy", "the mean of the last 5 values of accuracy". */
export function judgedInWords({ metric_name, aggregation, window_kind, window_size }: Pick<Condition, 'metric_name' | 'aggregation' | 'window_kind' | 'window_size'>): string {
  const metric = metric_name || 'the metric';
  if (aggregation === 'latest') return `latest ${metric}`;
  const what = { mean: 'mean', min: 'lowest', max: 'highest' }[aggregation];
  if (!window_kind || !window_size) return `${what} ${metric}`;
  const unit = window_kind === 'values' ? 'value' : 'day';
  return `${what} ${metric} over the last ${window_size === 1 ? unit : `${window_size} ${unit}s`}`;
}

/** The whole condition in words, as the form previews it: "latest accuracy ≥ 0.9", "mean latency over the last 7 days between 100 and 200 ms". */
export function conditionInWords(condition: Condition): string {
  const unit = condition.metric_unit ?? '';
  const judged = judgedInWords(condition);
  if (condition.operator === 'between') {
    return `${judged} between ${formatMetricValue(condition.threshold)} and ${formatMetricValue(condition.threshold_upper, unit)}`;
  }
  return `${judged} ${OPERATOR_SYMBOLS[condition.operator]} ${formatMetricValue(condition.threshold, unit)}`;
}

/** A test's latest outcome, or that it never ran. */
export type ResultState = TestResultStatus | 'never_run';

export const RESULT_LABELS: Record<ResultState, string> = { passed: 'Passed', failed: 'Failed', error: 'Error', never_run: 'Never run' };

/** What each outcome means, for a tooltip or a screen reader. */
export const RESULT_MEANINGS: Record<ResultState, string> = {
  passed: 'The condition held',
  failed: 'The condition did not hold',
  error: 'Nothing to judge: no value in the lookback window, or the metric or source is gone',
  never_run: 'The test has not run yet',
};

export const resultState = (last: { result_status: TestResultStatus } | null | undefined): ResultState => last?.result_status ?? 'never_run';
