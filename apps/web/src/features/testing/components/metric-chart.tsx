import { useTheme } from '@mui/material/styles';
import { ChartsContainer } from '@mui/x-charts/ChartsContainer';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { ChartsTooltip } from '@mui/x-charts/ChartsTooltip';
import { ChartsXAxis } from '@mui/x-charts/ChartsXAxis';
import { ChartsYAxis } from '@mui/x-charts/ChartsYAxis';
import { LinePlot } from '@mui/x-charts/LineChart';
import { ScatterPlot } from '@mui/x-charts/ScatterChart';
import { statusColour } from '../../../components/status-styles';
import { formatDateTime } from '../../../lib/format';
import type { ChartData } from '../chart-data';
import { formatMetricValue } from '../testing-labels';

type Props = { data: ChartData; threshold: number; thresholdUpper: number | null; unit: string; height: number };

/**
 * The metric's values over time (the mean of each bucket), the threshold (and the upper bound of a
 * "between") as reference lines, and each run as a point coloured by its outcome. A picture only: the
 * section gives its summary in words and the results table lists the runs, so the chart stays out of
 * the accessibility tree (a chunk of its own: the charts library is large).
 */
export function MetricChart({ data, threshold, thresholdUpper, unit, height }: Props) {
  const theme = useTheme();
  const value = (v: number | null) => formatMetricValue(v, unit);
  const runSeries = (['passed', 'failed', 'error'] as const).map((status) => ({
    type: 'scatter' as const,
    id: status,
    label: { passed: 'Passed run', failed: 'Failed run', error: 'Run with an error' }[status],
    data: data.runs[status],
    color: statusColour(theme, status),
    markerSize: 6,
    valueFormatter: (point: { y: number } | null) => (point ? (status === 'error' ? 'nothing judged' : value(point.y)) : ''),
  }));
  return (
    <div aria-hidden>
      <ChartsContainer
        height={height}
        xAxis={[
          {
            id: 'time',
            scaleType: 'time',
            data: data.times,
            min: data.from ?? undefined,
            max: data.to ?? undefined,
            valueFormatter: (time: number | Date) => formatDateTime(new Date(time)),
          },
        ]}
        yAxis={[{ id: 'value', valueFormatter: (v: number) => formatMetricValue(v) }]}
        series={[
          { type: 'line', id: 'mean', label: 'Value', data: data.mean, color: theme.palette.primary.main, showMark: false, valueFormatter: value },
          ...runSeries,
        ]}
        margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
        disableKeyboardNavigation
      >
        <ChartsReferenceLine y={threshold} label={thresholdUpper === null ? `Threshold ${value(threshold)}` : `Lower bound ${value(threshold)}`} lineStyle={{ strokeDasharray: '6 4', stroke: theme.palette.text.secondary }} labelAlign="start" />
        {thresholdUpper !== null && <ChartsReferenceLine y={thresholdUpper} label={`Upper bound ${value(thresholdUpper)}`} lineStyle={{ strokeDasharray: '6 4', stroke: theme.palette.text.secondary }} labelAlign="start" />}
        <LinePlot />
        <ScatterPlot />
        <ChartsXAxis axisId="time" />
        <ChartsYAxis axisId="value" />
        <ChartsTooltip />
      </ChartsContainer>
    </div>
  );
}

export default MetricChart;
