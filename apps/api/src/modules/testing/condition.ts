import type { TestAggregation, TestOperator, TestResultStatus, TestWindowKind } from '@aegis/contracts';

/** What a test's condition is made of (its columns, as stored and as judged). */
export type Condition = {
  operator: TestOperator;
  threshold: number;
  threshold_upper: number | null;
  aggregation: TestAggregation;
  window_kind: TestWindowKind | null;
  window_size: number | null;
};

const SYMBOLS: Record<Exclude<TestOperator, 'between'>, string> = { '>': '>', '>=': '≥', '<': '<', '<=': '≤', '==': '=' };

const plural = (n: number, word: string) => (n === 1 ? `the last ${word}` : `the last ${n} ${word}s`);

/** What is judged, in words: "latest value", "mean of the last 5 values", "max of the last 7 days". */
export function subjectInWords(c: Pick<Condition, 'aggregation' | 'window_kind' | 'window_size'>): string {
  if (c.aggregation === 'latest' || c.window_kind === null || c.window_size === null) return 'latest value';
  return `${c.aggregation} of ${plural(c.window_size, c.window_kind === 'values' ? 'value' : 'day')}`;
}

/** The condition in words: "mean of the last 5 values ≥ 0.9", "latest value between 0.1 and 0.2". */
export function conditionInWords(c: Condition): string {
  const subject = subjectInWords(c);
  if (c.operator === 'between') return `${subject} between ${c.threshold} and ${c.threshold_upper ?? c.threshold}`;
  return `${subject} ${SYMBOLS[c.operator]} ${c.threshold}`;
}

/** Whether the observed value meets the condition; `between` includes both bounds. */
export function meets(c: Pick<Condition, 'operator' | 'threshold' | 'threshold_upper'>, observed: number): boolean {
  switch (c.operator) {
    case '>':
      return observed > c.threshold;
    case '>=':
      return observed >= c.threshold;
    case '<':
      return observed < c.threshold;
    case '<=':
      return observed <= c.threshold;
    case '==':
      return observed === c.threshold;
    case 'between':
      return observed >= c.threshold && observed <= (c.threshold_upper ?? c.threshold);
  }
}

/** What the values of a run's window were: how many, and their aggregates (null when there were none). */
export type Observation = { count: number; latest: number | null; mean: number | null; min: number | null; max: number | null };

export type Judgement = { status: TestResultStatus; observed: number | null; error: string | null };

/**
 * The outcome of a run: `error` when there is nothing to judge (the metric is gone, or no value within
 * the window and the lookback) — never a pass — else passed or failed by the condition.
 */
export function judge(c: Condition & { lookback_days: number; metric_id: string | null; source_failing?: boolean }, observation: Observation | null): Judgement {
  if (c.metric_id === null || observation === null) return { status: 'error', observed: null, error: 'The metric was deleted: there is nothing to judge' };
  if (c.source_failing) return { status: 'error', observed: null, error: 'The metric’s source is failing: its model card was deleted, so no new value can come' };
  const observed = c.aggregation === 'latest' ? observation.latest : observation[c.aggregation];
  if (observation.count === 0 || observed === null) return { status: 'error', observed: null, error: `No value in the last ${searchedDays(c)} days` };
  return { status: meets(c, observed) ? 'passed' : 'failed', observed, error: null };
}

/** How far back a run looks, in days: the lookback, or a shorter window of days. */
export const searchedDays = (c: Pick<Condition, 'window_kind' | 'window_size'> & { lookback_days: number }) =>
  c.window_kind === 'days' && c.window_size !== null ? Math.min(c.window_size, c.lookback_days) : c.lookback_days;
