import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { APP_VERSION, clientConfig, PRODUCT_NAME } from '@aegis/contracts';
import { access } from '../../plugins/access';

export async function clientConfigRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { config } = app.deps;
  const body = {
    product_name: PRODUCT_NAME,
    version: APP_VERSION,
    environment: 'prod',
    docs_url: config.docsUrl ?? null,
    status_url: config.statusUrl ?? null,
    sentry_dsn: config.sentryDsn ?? null,
  };
  app.get(
    '/api/client-config',
    {
      schema: { operationId: 'getClientConfig', tags: ['health'], summary: 'Deployment settings the web app needs before sign-in', response: { 200: clientConfig } },
      config: { access: access.public },
    },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(body),
  );
}
