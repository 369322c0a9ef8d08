import type { MetricSeries, TestingResult, TestResultStatus } from '@aegis/contracts';

export type RunPoint = { x: number; y: number; id: string };

/** What the chart draws, on one time axis in milliseconds. */
export type ChartData = {
  times: number[];
  mean: number[];
  runs: Record<TestResultStatus, RunPoint[]>;
  /** The time axis' bounds: the values and the runs together. */
  from: number | null;
  to: number | null;
};

/**
 * The metric's values (one point per bucket, its mean) and each run as a point at its time: at the
 * value it judged, or, for an error (nothing judged), on the threshold so that it shows on the line it
 * could not be compared with.
 */
export function chartDataOf(series: MetricSeries | undefined, results: readonly TestingResult[], threshold: number): ChartData {
  const points = [...(series?.points ?? [])].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const times = points.map((point) => Date.parse(point.at));
  const runs: ChartData['runs'] = { passed: [], failed: [], error: [] };
  for (const result of results) {
    const x = Date.parse(result.created_at);
    if (Number.isNaN(x)) continue;
    runs[result.result_status].push({ x, y: result.observed_value ?? threshold, id: result.id });
  }
  const all = [...times, ...Object.values(runs).flatMap((list) => list.map((run) => run.x))];
  return {
    times,
    mean: points.map((point) => point.mean),
    runs,
    from: all.length ? Math.min(...all) : null,
    to: all.length ? Math.max(...all) : null,
  };
}

/** The text alternative of the chart: how many values, over which range, and how the runs went. */
export function chartSummary(data: ChartData, valueCount: number): string {
  const runs = data.runs.passed.length + data.runs.failed.length + data.runs.error.length;
  const values = valueCount === 1 ? '1 value' : `${valueCount.toLocaleString('en')} values`;
  const outcome = runs
    ? `${runs} ${runs === 1 ? 'run' : 'runs'} shown: ${data.runs.passed.length} passed, ${data.runs.failed.length} failed, ${data.runs.error.length} with an error.`
    : 'No run yet.';
  return `${values} of the metric. ${outcome}`;
}
