import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_VERSION } from '@aegis/contracts';
import { access } from '../../plugins/access';

const health = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['ok', 'unavailable']), version: z.string() });
const PING_TIMEOUT_MS = 3_000;

export async function healthRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/health',
    {
      schema: { operationId: 'health', tags: ['health'], summary: 'Liveness and database check', response: { 200: health, 503: health } },
      config: { access: access.public },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
      });
      try {
        await Promise.race([app.deps.database.ping(), timeout]);
        return { status: 'ok' as const, database: 'ok' as const, version: APP_VERSION };
      } catch {
        return reply.status(503).send({ status: 'unavailable', database: 'unavailable', version: APP_VERSION });
      } finally {
        clearTimeout(timer);
      }
    },
  );
}
