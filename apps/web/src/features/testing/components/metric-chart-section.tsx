import { Suspense } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { TestingTestDetail } from '@aegis/contracts';
import { DetailSection } from '../../../components/detail-section';
import { FallbackBoundary } from '../../../components/fallback-boundary';
import { RetryAlert } from '../../../components/retry-alert';
import { lazyWithReload } from '../../../lib/lazy-route';
import { useAllMetrics, useMetricSeries } from '../api/metrics-api';
import { useTestResults } from '../api/results-api';
import { useSources } from '../api/sources-api';
import { chartDataOf, chartSummary } from '../chart-data';
import { ChartLegend } from './chart-legend';

const MetricChart = lazyWithReload(() => import('./metric-chart'));
const HEIGHT = 280;
/** The runs marked on the chart: the latest 250 (a page's most). */
const RUNS = { page: 1, size: 250, resultStatus: [] };

/** The metric's values over time with the threshold drawn and each run marked. */
export function MetricChartSection({ projectId, test }: { projectId: string; test: TestingTestDetail }) {
  const sources = useSources(projectId);
  const metrics = useAllMetrics(projectId, sources.data?.items);
  const metric = metrics.metrics.find((m) => m.id === test.metric_id);
  const series = useMetricSeries(projectId, metric?.source_id, test.metric_id);
  const runs = useTestResults(projectId, test.id, RUNS);

  let body;
  if (!test.metric_id) body = <Typography color="text.secondary">The metric this test judged was deleted: choose another one with Edit.</Typography>;
  else if (sources.isError || metrics.isError || series.isError) {
    body = (
      <RetryAlert
        onRetry={() => {
          void sources.refetch();
          void series.refetch();
        }}
      >
        The metric’s values could not be loaded.
      </RetryAlert>
    );
  } else if (sources.isPending || metrics.isPending || series.isPending || runs.isPending) body = <LinearProgress aria-label="Loading the metric’s values" />;
  else if (!metric) body = <Typography color="text.secondary">The metric is no longer in any source.</Typography>;
  else {
    const data = chartDataOf(series.data, runs.data?.items ?? [], test.threshold);
    body =
      data.times.length === 0 && data.from === null ? (
        <Typography color="text.secondary">No value yet. Push values to {metric.name} (see Sources & metrics), then run the test.</Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            {chartSummary(data, series.data.value_count)}
          </Typography>
          <Box sx={{ height: HEIGHT }}>
            <FallbackBoundary fallback={<Typography color="text.secondary">The chart could not be drawn.</Typography>}>
              <Suspense fallback={<LinearProgress aria-label="Loading the chart" />}>
                <MetricChart data={data} threshold={test.threshold} thresholdUpper={test.threshold_upper} unit={test.metric_unit} height={HEIGHT} />
              </Suspense>
            </FallbackBoundary>
          </Box>
          <ChartLegend between={test.operator === 'between'} />
        </>
      );
  }
  return (
    <DetailSection id="test-chart" title={test.metric_name ? `${test.metric_name} over time` : 'Metric over time'}>
      {body}
    </DetailSection>
  );
}
