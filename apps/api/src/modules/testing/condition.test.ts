import { describe, expect, it } from 'vitest';
import { conditionInWords, judge, meets, type Condition } from './condition';

const latest = (operator: Condition['operator'], threshold: number, threshold_upper: number | null = null): Condition => ({ operator, threshold, threshold_upper, aggregation: 'latest', window_kind: null, window_size: null });
const seen = (values: number[]) => ({
  count: values.length,
  latest: values.at(-1) ?? null,
  mean: values.length ? values.reduce((a, b) => a + b, 0) / values.length : null,
  min: values.length ? Math.min(...values) : null,
  max: values.length ? Math.max(...values) : null,
});

describe('the condition in words', () => {
  it('names what is judged and how', () => {
    expect(conditionInWords(latest('>=', 0.9))).toBe('latest value ≥ 0.9');
    expect(conditionInWords(latest('between', 0.1, 0.2))).toBe('latest value between 0.1 and 0.2');
    expect(conditionInWords({ ...latest('>=', 0.9), aggregation: 'mean', window_kind: 'values', window_size: 5 })).toBe('mean of the last 5 values ≥ 0.9');
    expect(conditionInWords({ ...latest('<', 3), aggregation: 'max', window_kind: 'days', window_size: 7 })).toBe('max of the last 7 days < 3');
    expect(conditionInWords({ ...latest('<=', 1), aggregation: 'min', window_kind: 'days', window_size: 1 })).toBe('min of the last day ≤ 1');
    expect(conditionInWords(latest('==', 2))).toBe('latest value = 2');
    expect(conditionInWords(latest('>', -1))).toBe('latest value > -1');
  });
});

describe('judging', () => {
  it('compares with every operator; between includes its bounds', () => {
    expect(meets(latest('>', 1), 1)).toBe(false);
    expect(meets(latest('>=', 1), 1)).toBe(true);
    expect(meets(latest('<', 1), 1)).toBe(false);
    expect(meets(latest('<=', 1), 1)).toBe(true);
    expect(meets(latest('==', 1), 1)).toBe(true);
    expect(meets(latest('==', 1), 1.0001)).toBe(false);
    expect(meets(latest('between', 0.1, 0.2), 0.1)).toBe(true);
    expect(meets(latest('between', 0.1, 0.2), 0.2)).toBe(true);
    expect(meets(latest('between', 0.1, 0.2), 0.21)).toBe(false);
  });

  it('judges the latest value or the aggregate, and says why nothing could be judged', () => {
    const test = { ...latest('>=', 0.9), lookback_days: 30, metric_id: 'm' };
    expect(judge(test, seen([0.5, 0.95]))).toEqual({ status: 'passed', observed: 0.95, error: null });
    expect(judge({ ...test, aggregation: 'mean', window_kind: 'values', window_size: 2 }, seen([0.5, 0.95]))).toMatchObject({ status: 'failed', observed: 0.725 });
    expect(judge({ ...test, aggregation: 'min', window_kind: 'values', window_size: 2 }, seen([0.91, 0.95]))).toMatchObject({ status: 'passed', observed: 0.91 });
    expect(judge(test, seen([]))).toEqual({ status: 'error', observed: null, error: 'No value in the last 30 days' });
    expect(judge({ ...test, aggregation: 'max', window_kind: 'days', window_size: 7 }, seen([]))).toMatchObject({ status: 'error', error: 'No value in the last 7 days' });
    expect(judge({ ...test, metric_id: null }, null)).toMatchObject({ status: 'error', error: expect.stringContaining('metric was deleted') });
    expect(judge({ ...test, source_failing: true }, seen([0.95]))).toMatchObject({ status: 'error', observed: null, error: expect.stringContaining('source is failing') });
  });
});
