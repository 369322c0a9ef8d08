import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createTestingTest,
  errorResponse,
  listAllResultsQuery,
  listResultsQuery,
  listTestsQuery,
  page,
  projectIdParams,
  testingResult,
  testingResultParams,
  testingTestDetail,
  testingTestListItem,
  testingTestParams,
  updateRiskAssignees,
  updateTestingTest,
} from '@aegis/contracts';
import { access } from '../../plugins/access';
import { controlTestsRoutes } from './control-tests-routes';
import { resultService } from './result-service';
import { testService } from './test-service';

const tags = ['testing'];
const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };

/** Tests (work items judging a metric), their runs and results, and their links to controls (issue 32). */
export async function testRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tests = testService(app.deps);
  const results = resultService(app.deps);
  const base = '/api/v1/projects/:project_id/testing/tests';

  app.get(
    base,
    {
      schema: {
        operationId: 'listTestingTests',
        tags,
        summary: "The project's tests with their metric, condition in words, latest result, people, tags and next scheduled run",
        description: '`result_status=never_run` lists the tests without a result yet. `metric_stale`: the metric has no value within its expected interval.',
        params: projectIdParams,
        querystring: listTestsQuery,
        response: { 200: page(testingTestListItem), ...errors },
      },
      config: { access: access.project('testing_test:read') },
    },
    async (request) => tests.list(request.ctx, request.params.project_id, request.query),
  );

  app.post(
    base,
    {
      schema: {
        operationId: 'createTestingTest',
        tags,
        summary: 'Add a test: a metric of this project, a condition (operator and threshold, over the latest value or a window) and a schedule; numbered T-<n>, it starts ready',
        description: 'A metric that is not one of this project\'s is 422 naming `body.metric_id`.',
        params: projectIdParams,
        body: createTestingTest,
        response: { 201: testingTestDetail, ...errors },
      },
      config: { access: access.project('testing_test:create') },
    },
    async (request, reply) => reply.status(201).send(await tests.create(request.ctx, request.params.project_id, request.body)),
  );

  app.get(
    `${base}/:testing_test_id`,
    {
      schema: { operationId: 'getTestingTest', tags, summary: 'A test: its condition, latest result, people, status history and what the caller may move it to', params: testingTestParams, response: { 200: testingTestDetail, ...errors } },
      config: { access: access.project('testing_test:read') },
    },
    async (request) => tests.detail(request.ctx, request.params.project_id, request.params.testing_test_id),
  );

  app.patch(
    `${base}/:testing_test_id`,
    {
      schema: {
        operationId: 'updateTestingTest',
        tags,
        summary: "Change a test's fields or status within the life cycle; an approved test must be reopened first (status in_progress with a justification)",
        description: 'Anything else on an approved test is 409 `locked`. The merged condition is checked again (422 naming the field). Answers the test as read after the commit.',
        params: testingTestParams,
        body: updateTestingTest,
        response: { 200: testingTestDetail, ...errors },
      },
      config: { access: access.project('testing_test:update') },
    },
    async (request) => tests.update(request.ctx, request.params.project_id, request.params.testing_test_id, request.body),
  );

  app.delete(
    `${base}/:testing_test_id`,
    {
      schema: {
        operationId: 'deleteTestingTest',
        tags,
        summary: 'Delete a test with its results and control links (the evidence its results became stays); 409 when approved (locked) or under review',
        params: testingTestParams,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
      config: { access: access.project('testing_test:delete') },
    },
    async (request, reply) => {
      await tests.remove(request.ctx, request.params.project_id, request.params.testing_test_id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    `${base}/:testing_test_id/assignees`,
    {
      schema: { operationId: 'updateTestingTestAssignees', tags, summary: 'Replace the assignees and reviewers (project members only); newly named people are notified; allowed on an approved test', params: testingTestParams, body: updateRiskAssignees, response: { 200: testingTestDetail, ...errors } },
      config: { access: access.project('testing_test:update') },
    },
    async (request) => tests.setAssignees(request.ctx, request.params.project_id, request.params.testing_test_id, request.body),
  );

  app.post(
    `${base}/:testing_test_id/results`,
    {
      schema: {
        operationId: 'runTestingTest',
        tags,
        summary: 'Run the test now: its metric judged by its condition; the result is stored as locked evidence on each linked control, and a failure tells their assignees',
        description: 'No value within the lookback (or a metric deleted) is an `error` result, never a pass.',
        params: testingTestParams,
        response: { 201: testingResult, ...errors },
      },
      config: { access: access.project('testing_results:run') },
    },
    async (request, reply) => reply.status(201).send(await results.run(request.ctx, request.params.project_id, request.params.testing_test_id)),
  );

  app.get(
    `${base}/:testing_test_id/results`,
    {
      schema: { operationId: 'listTestingTestResults', tags, summary: "The test's results, newest first unless sorted otherwise", params: testingTestParams, querystring: listResultsQuery, response: { 200: page(testingResult), ...errors } },
      config: { access: access.project('testing_results:read') },
    },
    async (request) => results.ofTest(request.ctx, request.params.project_id, request.params.testing_test_id, request.query),
  );

  app.get(
    `${base}/:testing_test_id/results/:testing_test_result_id`,
    {
      schema: { operationId: 'getTestingTestResult', tags, summary: 'One result: what was judged, against what, the outcome and the evidence it became', params: testingResultParams, response: { 200: testingResult, ...errors } },
      config: { access: access.project('testing_results:read') },
    },
    async (request) => results.find(request.ctx, request.params.project_id, request.params.testing_test_id, request.params.testing_test_result_id),
  );

  app.get(
    '/api/v1/projects/:project_id/testing/tests-results',
    {
      schema: {
        operationId: 'listTestingResults',
        tags,
        summary: 'The results of every test of the project, newest first unless sorted otherwise',
        description: '`name` matches part of the test\'s name or its reference; `status` is the test\'s status.',
        params: projectIdParams,
        querystring: listAllResultsQuery,
        response: { 200: page(testingResult), ...errors },
      },
      config: { access: access.project('testing_results:read') },
    },
    async (request) => results.all(request.ctx, request.params.project_id, request.query),
  );

  await app.register(controlTestsRoutes);
}
