import { describe, expect, it } from 'vitest';
import { conditionInWords, defaultOperator, formatMetricValue, judgedInWords, resultState } from './testing-labels';

const latest = { metric_name: 'accuracy', operator: '>=' as const, threshold: 0.9, threshold_upper: null, aggregation: 'latest' as const, window_kind: null, window_size: null };

describe('conditionInWords', () => {
  it('reads a threshold on the latest value', () => {
    expect(conditionInWords(latest)).toBe('latest accuracy ≥ 0.9');
    expect(conditionInWords({ ...latest, operator: '<', threshold: 200, metric_name: 'latency', metric_unit: 'ms' })).toBe('latest latency < 200 ms');
  });

  it('reads an aggregate over a window of values or days, and a between with its two bounds', () => {
    expect(conditionInWords({ ...latest, aggregation: 'mean', window_kind: 'values', window_size: 5 })).toBe('mean accuracy over the last 5 values ≥ 0.9');
    expect(conditionInWords({ ...latest, aggregation: 'min', window_kind: 'days', window_size: 1 })).toBe('lowest accuracy over the last day ≥ 0.9');
    expect(conditionInWords({ ...latest, operator: 'between', threshold: 100, threshold_upper: 200, metric_unit: 'ms', aggregation: 'max', window_kind: 'days', window_size: 7 })).toBe(
      'highest accuracy over the last 7 days between 100 and 200 ms',
    );
  });

  it('names the metric generically when it is gone', () => {
    expect(judgedInWords({ metric_name: null, aggregation: 'latest', window_kind: null, window_size: null })).toBe('latest the metric');
  });
});

describe('the result helpers', () => {
  it('says never run when there is no result, else the result’s status', () => {
    expect(resultState(null)).toBe('never_run');
    expect(resultState({ result_status: 'error' })).toBe('error');
  });

  it('formats values with their unit, up to 4 decimals, and a dash for none', () => {
    expect(formatMetricValue(0.93)).toBe('0.93');
    expect(formatMetricValue(0.123456, '%')).toBe('0.1235 %');
    expect(formatMetricValue(12000)).toBe('12,000');
    expect(formatMetricValue(null)).toBe('—');
  });

  it('starts a new test on the better side of its metric', () => {
    expect(defaultOperator('higher_is_better')).toBe('>=');
    expect(defaultOperator('lower_is_better')).toBe('<=');
    expect(defaultOperator('neither')).toBe('==');
  });
});
