import type { FastifyInstance } from 'fastify';
import { sourceRoutes } from './source-routes';
import { summaryRoutes } from './summary-routes';
import { testRoutes } from './test-routes';

/** Automated testing (issue 32), every call under /api/v1/projects/:project_id/testing: sources, metrics and values; tests, results and control links. */
export async function testingRoutes(app: FastifyInstance) {
  await app.register(sourceRoutes);
  await app.register(testRoutes);
  await app.register(summaryRoutes);
}
