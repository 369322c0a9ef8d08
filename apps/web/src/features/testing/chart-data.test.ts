import { describe, expect, it } from 'vitest';
import { buildResult } from './testing/testing-fixtures';
import { chartDataOf, chartSummary } from './chart-data';

const series = {
  metric_id: 'm',
  from: null,
  to: null,
  value_count: 3,
  points: [
    { at: '2026-11-21T10:00:00Z', mean: 0.93, min: 0.9, max: 0.95, count: 2 },
    { at: '2026-11-20T10:00:00Z', mean: 0.91, min: 0.91, max: 0.91, count: 1 },
  ],
};

describe('chartDataOf', () => {
  it('puts the values in time order and each run at the value it judged, an error on the threshold', () => {
    const results = [
      buildResult({ id: 'a', result_status: 'passed', observed_value: 0.93, created_at: '2026-11-21T11:00:00Z' }),
      buildResult({ id: 'b', result_status: 'error', observed_value: null, created_at: '2026-11-19T11:00:00Z' }),
    ];
    const data = chartDataOf(series, results, 0.9);
    expect(data.mean).toEqual([0.91, 0.93]);
    expect(data.times).toEqual([Date.parse('2026-11-20T10:00:00Z'), Date.parse('2026-11-21T10:00:00Z')]);
    expect(data.runs.passed).toEqual([{ id: 'a', x: Date.parse('2026-11-21T11:00:00Z'), y: 0.93 }]);
    expect(data.runs.error).toEqual([{ id: 'b', x: Date.parse('2026-11-19T11:00:00Z'), y: 0.9 }]);
    expect(data.from).toBe(Date.parse('2026-11-19T11:00:00Z'));
    expect(data.to).toBe(Date.parse('2026-11-21T11:00:00Z'));
    expect(chartSummary(data, 3)).toBe('3 values of the metric. 2 runs shown: 1 passed, 0 failed, 1 with an error.');
  });

  it('has no range without values or runs', () => {
    const data = chartDataOf(undefined, [], 1);
    expect(data.from).toBeNull();
    expect(chartSummary(data, 0)).toBe('0 values of the metric. No run yet.');
  });
});
