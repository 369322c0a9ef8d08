import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  assetCardSyncResult,
  createTestingMetric,
  createTestingSource,
  errorResponse,
  listMetricsQuery,
  listSourcesQuery,
  MAX_CHART_POINTS,
  MAX_FUTURE_SKEW_MINUTES,
  MAX_VALUES_PER_PUSH,
  metricSeries,
  metricSeriesQuery,
  page,
  projectIdParams,
  pushValues,
  pushValuesResult,
  testingMetric,
  testingMetricParams,
  testingSource,
  testingSourceParams,
} from '@aegis/contracts';
import { AppError } from '../../lib/errors';
import { access } from '../../plugins/access';
import { sourceService } from './source-service';
import { readValuesFile } from './value-file';

const tags = ['testing'];
/** A push of MAX_VALUES_PER_PUSH values with timestamps and a few labels each fits; a larger body is refused before it is parsed. */
const MAX_PUSH_BYTES = 4 * 1024 * 1024;
const tooLargePush = () =>
  new AppError(413, `The push is larger than ${MAX_PUSH_BYTES.toLocaleString('en')} bytes (4 MB): send at most ${MAX_VALUES_PER_PUSH.toLocaleString('en')} values per push, splitting the batch`);
const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };
const uploadErrors = { ...errors, 400: errorResponse, 413: errorResponse, 415: errorResponse };

/** Automated testing's sources, metrics and values (issue 32): everything a pipeline, a file, a person or a model card feeds in. */
export async function sourceRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = sourceService(app.deps);
  const base = '/api/v1/projects/:project_id/testing';

  app.get(
    `${base}/sources`,
    {
      schema: {
        operationId: 'listTestingSources',
        tags,
        summary: "The project's testing sources, with their metric count and when a value last came",
        description: '`name` matches part of the name, without case. Without `sort_by`, by name.',
        params: projectIdParams,
        querystring: listSourcesQuery,
        response: { 200: page(testingSource), ...errors },
      },
      config: { access: access.project('testing_sources:read') },
    },
    async (request) => service.listSources(request.ctx, request.params.project_id, request.query),
  );

  app.post(
    `${base}/sources`,
    {
      schema: {
        operationId: 'createTestingSource',
        tags,
        summary: 'Add a source of metric values: api (pushed by a pipeline), file (CSV or JSON uploads), manual (typed in) or asset_card (a model card\'s results)',
        description: 'Names are unique in the project without case (409). `asset_card_id`, for kind asset_card only, names an asset card of the project (404 otherwise).',
        params: projectIdParams,
        body: createTestingSource,
        response: { 201: testingSource, ...errors },
      },
      config: { access: access.project('testing_metrics:create') },
    },
    async (request, reply) => reply.status(201).send(await service.createSource(request.ctx, request.params.project_id, request.body)),
  );

  app.get(
    `${base}/sources/:testing_source_id`,
    {
      schema: { operationId: 'getTestingSource', tags, summary: 'A testing source', params: testingSourceParams, response: { 200: testingSource, ...errors } },
      config: { access: access.project('testing_sources:read') },
    },
    async (request) => service.getSource(request.ctx, request.params.project_id, request.params.testing_source_id),
  );

  app.get(
    `${base}/sources/:testing_source_id/metrics`,
    {
      schema: {
        operationId: 'listTestingMetrics',
        tags,
        summary: "A source's metrics, with their latest value, count and whether they are stale (no value within expected_every_hours)",
        description: '`name` matches part of the name, without case. Without `sort_by`, by name.',
        params: testingSourceParams,
        querystring: listMetricsQuery,
        response: { 200: page(testingMetric), ...errors },
      },
      config: { access: access.project('testing_metrics:read') },
    },
    async (request) => service.listMetrics(request.ctx, request.params.project_id, request.params.testing_source_id, request.query),
  );

  app.post(
    `${base}/sources/:testing_source_id/metrics`,
    {
      schema: {
        operationId: 'createTestingMetric',
        tags,
        summary: 'Add a metric to a source: a name (unique in the source without case, 409), a unit, a direction and how often values are expected',
        params: testingSourceParams,
        body: createTestingMetric,
        response: { 201: testingMetric, ...errors },
      },
      config: { access: access.project('testing_metrics:create') },
    },
    async (request, reply) => reply.status(201).send(await service.createMetric(request.ctx, request.params.project_id, request.params.testing_source_id, request.body)),
  );

  app.get(
    `${base}/sources/:testing_source_id/metrics/:testing_metric_id`,
    {
      schema: { operationId: 'getTestingMetric', tags, summary: 'A metric, with its latest value and whether it is stale', params: testingMetricParams, response: { 200: testingMetric, ...errors } },
      config: { access: access.project('testing_metrics:read') },
    },
    async (request) => service.getMetric(request.ctx, request.params.project_id, request.params.testing_source_id, request.params.testing_metric_id),
  );

  app.get(
    `${base}/sources/:testing_source_id/metrics/:testing_metric_id/series`,
    {
      schema: {
        operationId: 'getTestingMetricSeries',
        tags,
        summary: `A metric's values for a chart: at most \`points\` (≤ ${MAX_CHART_POINTS}) buckets of equal time with min, max, mean and count, whatever the number of values`,
        description: 'Without `from` and `to`, from the first to the last value. A bucket of one value sits at that value\'s time, the others at their start.',
        params: testingMetricParams,
        querystring: metricSeriesQuery,
        response: { 200: metricSeries, ...errors },
      },
      config: { access: access.project('testing_metrics:read') },
    },
    async (request) => service.series(request.ctx, request.params.project_id, request.params.testing_source_id, request.params.testing_metric_id, request.query),
  );

  app.post(
    `${base}/logs`,
    {
      schema: {
        operationId: 'pushTestingValues',
        tags,
        summary: `Push metric values (at most ${MAX_VALUES_PER_PUSH.toLocaleString('en')} per call), stored in one statement; a retried push with the same idempotency_key stores nothing more`,
        description:
          `Every metric must be a metric of this project whose source is of kind api or manual (422 naming \`values.N.metric_id\`, nothing stored). A timestamp more than ${MAX_FUTURE_SKEW_MINUTES} minutes ahead of the server's time is refused (422 naming \`values.N.timestamp\`); without one, the value is dated now. ` +
          'Tests that judge a pushed metric on every new value run after the values are stored (`tests_run`).',
        params: projectIdParams,
        body: pushValues,
        response: { 200: pushValuesResult, ...errors, 413: errorResponse },
      },
      config: { access: access.project('testing_logs:create') },
      bodyLimit: MAX_PUSH_BYTES,
      errorHandler(error) {
        if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw tooLargePush();
        throw error;
      },
    },
    async (request) => service.push(request.ctx, request.params.project_id, request.body),
  );

  app.post(
    `${base}/sources/:testing_source_id/values`,
    {
      schema: {
        operationId: 'uploadTestingValues',
        tags,
        summary: 'Upload the values of a file source (multipart part `file`, up to 2 MB): CSV with the header metric,value,timestamp, or JSON {"values": [...]}',
        description:
          `A metric is named by its name or id (metrics of this source only). At most ${MAX_VALUES_PER_PUSH.toLocaleString('en')} values; a bad row is refused with its line (CSV) or index (JSON), and nothing is stored. ` +
          'The same file uploaded twice stores its values once (`duplicate`). Only a source of kind file takes uploads (409).',
        consumes: ['multipart/form-data'],
        params: testingSourceParams,
        response: { 200: pushValuesResult, ...uploadErrors },
      },
      config: { access: access.project('testing_logs:create') },
    },
    async (request) => service.upload(request.ctx, request.params.project_id, request.params.testing_source_id, () => readValuesFile(request)),
  );

  app.post(
    `${base}/sources/:testing_source_id/sync`,
    {
      schema: {
        operationId: 'syncTestingSource',
        tags,
        summary: "Read the model card of an asset_card source: a metric per model-index result (`accuracy (dataset)`), created when missing, takes the result's value dated at the card's last change",
        description: 'Once per version of the card: a second sync of an unchanged card stores nothing (`duplicate`). Only a source of kind asset_card syncs (409).',
        params: testingSourceParams,
        response: { 200: assetCardSyncResult, ...errors },
      },
      config: { access: access.project('testing_metrics:create') },
    },
    async (request) => service.sync(request.ctx, request.params.project_id, request.params.testing_source_id),
  );
}
