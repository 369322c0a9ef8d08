// Group "testing" (issue 32): a pipeline pushing metric values into the demo project, and the lists that read them.
// Through the API: an `api` source and a metric for this run, a test `bench accuracy >= 0.5` on it (manual
// schedule, so the pushes measure the ingest alone). Then:
//   - POST …/testing/logs in batches of BATCH values (each push its own idempotency key) with INGEST_CONNECTIONS
//     pipelines at once: req/s × BATCH is the values per second;
//   - the tests list read while those pipelines push (the reads' p99 is the goal: under 50 ms);
//   - the metric's chart (…/series: at most 1,000 buckets whatever the values' number) at the values pushed;
//   - running the test (POST …/tests/:id/results), few connections;
//   - the server stops, RESULTS results go straight into the database for the bench test, ANALYZE, it starts again;
//     the test's results (first page, newest first) and every test's results (GET …/tests-results) at that size.
import { openDatabase } from '../database.mjs';

const BATCH = 1_000;
const INGEST_CONNECTIONS = 10;
const RUN_CONNECTIONS = 4;
const RESULTS = 100_000;

const at = (n) => n.toLocaleString('en');
const labels = () => ({
  ingest: `POST …/testing/logs (batches of ${at(BATCH)} values, ${INGEST_CONNECTIONS} pipelines)`,
  readsWhile: `GET …/testing/tests while ${INGEST_CONNECTIONS} pipelines push`,
  series: 'GET …/metrics/:id/series (the metric after the pushes, ≤ 1,000 points)',
  run: `POST …/tests/:id/results (run now; ${RUN_CONNECTIONS} connections)`,
  results: `GET …/tests/:id/results at ${at(RESULTS)} results: first page, newest first`,
  allResults: `GET …/testing/tests-results at ${at(RESULTS)} results: first page, newest first`,
  failed: `GET …/testing/tests-results at ${at(RESULTS)} results: failed only`,
});

/** One push's body: BATCH values one second apart, ending now, under a fresh idempotency key. */
function pushBody(metricId, runId, n) {
  const now = Date.now();
  const values = Array.from({ length: BATCH }, (_, i) => ({ metric_id: metricId, value: 0.5 + ((n + i) % 50) / 100, timestamp: new Date(now - (BATCH - i) * 1000).toISOString() }));
  return JSON.stringify({ idempotency_key: `bench-${runId}-${n}`, values });
}

export const testing = {
  name: 'testing',
  title: () => `a pipeline pushing metric values into the demo project in batches of ${at(BATCH)}; the tests and results lists (${at(RESULTS)} results added straight into the database)`,
  labels: () => Object.values(labels()),
  async run(ctx) {
    const { client, tokens, recorder, options } = ctx;
    const label = labels();
    const t = `/api/v1/projects/${ctx.demoProject}/testing`;
    const source = await client.call(tokens.editor, 'POST', `${t}/sources`, { name: `Bench pipeline ${options.runId}`, kind: 'api' });
    const metric = await client.call(tokens.editor, 'POST', `${t}/sources/${source.id}/metrics`, { name: 'bench accuracy', unit: '', direction: 'higher_is_better' });
    const test = await client.call(tokens.editor, 'POST', `${t}/tests`, { name: `Bench accuracy ${options.runId}`, metric_id: metric.id, operator: '>=', threshold: 0.5 });
    const jsonHeaders = { authorization: `Bearer ${tokens.editor}`, 'content-type': 'application/json' };

    let pushes = 0;
    const push = (request) => ({ ...request, body: pushBody(metric.id, options.runId, pushes++) });
    const pushRequests = [{ method: 'POST', path: `${t}/logs`, headers: jsonHeaders, setupRequest: push }];
    const ingest = await recorder.measure(label.ingest, () => recorder.cannon({ url: client.base, connections: INGEST_CONNECTIONS, requests: pushRequests }));
    if (ingest) recorder.note(`testing: ${at(Math.round(ingest.rps * BATCH))} values/s pushed in batches of ${at(BATCH)} (${INGEST_CONNECTIONS} pipelines)`);

    // The pipelines push for as long as the readers read: the row is the reads' numbers.
    await recorder.measure(label.readsWhile, async () => {
      const reads = recorder.cannon({ url: `${client.base}${t}/tests`, headers: { authorization: `Bearer ${tokens.admin}` } });
      return (await recorder.cannonWhile({ url: client.base, connections: INGEST_CONNECTIONS, requests: pushRequests }, reads)).value;
    });

    const stored = await client.call(tokens.admin, 'GET', `${t}/sources/${source.id}/metrics/${metric.id}`);
    recorder.note(`testing: the bench metric holds ${at(stored.value_count)} values`);
    await recorder.measure(label.series, () => recorder.cannon({ url: `${client.base}${t}/sources/${source.id}/metrics/${metric.id}/series`, headers: { authorization: `Bearer ${tokens.admin}` } }));
    await recorder.measure(label.run, () => recorder.cannon({ url: client.base, connections: RUN_CONNECTIONS, requests: [{ method: 'POST', path: `${t}/tests/${test.id}/results`, headers: jsonHeaders, body: '{}' }] }));

    const listed = [label.results, label.allResults, label.failed];
    if (!listed.some((l) => recorder.measured(l))) return;
    const started = performance.now();
    const readyMs = await ctx.restartServer(async () => {
      const db = await openDatabase(ctx.root, { databaseUrl: options.databaseUrl, dataDir: ctx.dataDir });
      try {
        await db.query(
          `insert into testing_results (organization_id, project_id, test_id, result_status, observed_value, condition, operator, threshold, value_count, data_from, data_to, trigger, created_at)
           select $1, $2, $3, (case when g % 10 = 0 then 'failed' when g % 97 = 0 then 'error' else 'passed' end)::test_result_status,
                  case when g % 97 = 0 then null else 0.4 + (g % 60) / 100.0 end, 'latest value ≥ 0.5', '>=', 0.5, 1,
                  now() - make_interval(mins => g), now() - make_interval(mins => g), 'schedule', now() - make_interval(mins => g)
             from generate_series(1, $4::int) g`,
          [ctx.organizationId, ctx.demoProject, test.id, RESULTS],
        );
        await db.query('analyze testing_results');
      } finally {
        await db.close();
      }
    });
    recorder.note(`testing: ${at(RESULTS)} results added in ${((performance.now() - started - readyMs) / 1000).toFixed(1)} s; the server started again in ${(readyMs / 1000).toFixed(1)} s`);
    const read = (url) => recorder.cannon({ url: `${client.base}${url}`, headers: { authorization: `Bearer ${tokens.admin}` } });
    await recorder.measure(label.results, () => read(`${t}/tests/${test.id}/results?sort_by=created_at&descending=true`));
    await recorder.measure(label.allResults, () => read(`${t}/tests-results?sort_by=created_at&descending=true`));
    await recorder.measure(label.failed, () => read(`${t}/tests-results?result_status=failed&sort_by=created_at&descending=true`));
  },
};
