import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { APP_VERSION, PRODUCT_NAME } from '@aegis/contracts';
import { access } from './access';

/** `/api/openapi.json` from the routes' zod schemas, and a browsable reference at `/api/docs`. */
export default fp(async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: APP_VERSION.replace(/^v/, '') },
      servers: [{ url: app.deps.config.publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'An access token (JWT) or a personal API token' },
        },
      },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const routeAccess = input.route.config?.access;
      if (routeAccess && routeAccess.kind !== 'public') {
        transformed.schema = { ...transformed.schema, security: [{ bearer: [] }] } as typeof transformed.schema;
      }
      return transformed;
    },
    transformObject: jsonSchemaTransformObject,
    hideUntagged: false,
  });
  app.get(
    '/api/openapi.json',
    { schema: { hide: true }, config: { access: access.public } },
    async () => app.swagger(),
  );
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true, url: '/api/openapi.json' } as Record<string, unknown>,
  });
});
