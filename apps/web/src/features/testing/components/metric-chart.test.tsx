import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildResult } from '../testing/testing-fixtures';
import { chartDataOf } from '../chart-data';
import { MetricChart } from './metric-chart';

const series = {
  metric_id: 'm',
  from: null,
  to: null,
  value_count: 2,
  points: [
    { at: '2026-11-20T10:00:00Z', mean: 0.91, min: 0.91, max: 0.91, count: 1 },
    { at: '2026-11-21T10:00:00Z', mean: 0.93, min: 0.9, max: 0.95, count: 2 },
  ],
};

describe('MetricChart', () => {
  it('draws the values, the bounds and the runs without failing, hidden from screen readers', () => {
    const results = [buildResult({ id: 'a', created_at: '2026-11-21T11:00:00Z' }), buildResult({ id: 'b', result_status: 'failed', observed_value: 0.85, created_at: '2026-11-20T11:00:00Z' })];
    const { container } = render(<MetricChart data={chartDataOf(series, results, 0.9)} threshold={0.9} thresholdUpper={1} unit="" height={240} />);
    expect(container.firstChild).toHaveAttribute('aria-hidden');
    expect(container.querySelector('svg')).not.toBeNull();
  });
});
