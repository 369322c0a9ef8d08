import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthReport } from '@aegis/contracts';
import { access } from '../../plugins/access';
import { createHealthService } from './health-service';

export async function healthRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const health = createHealthService(app.deps, app.log);
  app.get(
    '/api/health',
    {
      schema: {
        operationId: 'health',
        tags: ['health'],
        summary: 'Health of the service and of each part it depends on: database, file storage, identity provider, background jobs',
        description: '200 while the database answers (`status` is `degraded` when another part fails), 503 when it does not.',
        response: { 200: healthReport, 503: healthReport },
      },
      config: { access: access.public },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      const report = await health.report();
      return reply.status(report.status === 'unavailable' ? 503 : 200).header('cache-control', 'no-store').send(report);
    },
  );
}
