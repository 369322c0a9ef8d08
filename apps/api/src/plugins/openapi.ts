import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { APP_VERSION, PRODUCT_NAME } from '@aegis/contracts';
import { access } from './access';

/**
 * The policy of the reference's pages only (it replaces the app's): Swagger UI runs its own scripts and
 * styles from `/api/docs/static`, and as it starts its React inserts one short `<style>` element, allowed
 * here by its hash (@fastify/swagger-ui 6.1). Should an upgrade change that element, the browser's CSP
 * message names the new hash, and the Playwright journey that opens `/api/docs` fails on it.
 */
export const API_DOCS_CSP = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

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
    staticCSP: API_DOCS_CSP,
    uiConfig: { docExpansion: 'list', deepLinking: true, url: '/api/openapi.json' } as Record<string, unknown>,
  });
});
