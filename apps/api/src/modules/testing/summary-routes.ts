import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, projectIdParams, testingSummary } from '@aegis/contracts';
import { access } from '../../plugins/access';
import { summaryService } from './summary-service';

/** GET …/testing/summary: the project's tests by latest result, the failing ones and what they flag (the dashboard's card). */
export async function summaryRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = summaryService(app.deps);
  app.get(
    '/api/v1/projects/:project_id/testing/summary',
    {
      schema: {
        operationId: 'getTestingSummary',
        tags: ['testing'],
        summary: "The project's tests by their latest result (as the tests list filters them), the pass rate, the failing tests, the controls they flag and the stale metrics",
        params: projectIdParams,
        response: { 200: testingSummary, 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
      config: { access: access.project('testing_test:read') },
    },
    async (request) => service.summary(request.ctx, request.params.project_id),
  );
}
