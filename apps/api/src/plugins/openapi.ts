import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { APP_VERSION, PRODUCT_NAME } from '@aegis/contracts';
import { access } from './access';
import { withErrorAnswers } from './openapi-errors';

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

type Document = ReturnType<typeof jsonSchemaTransformObject>;

/**
 * Drops the components no operation reaches: every named zod schema comes out twice (as read and as
 * sent, `…Input`), and generators would turn the unused half into types nobody can use.
 */
function withoutUnreferencedSchemas(document: Document): Document {
  const { paths, components } = document as { paths?: unknown; components?: { schemas?: Record<string, unknown> } };
  const schemas = components?.schemas ?? {};
  const reached = new Set<string>();
  const pending: unknown[] = [paths];
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) pending.push(...value);
    else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const name = key === '$ref' && typeof item === 'string' ? /^#\/components\/schemas\/(.+)$/.exec(item)?.[1] : undefined;
        if (name !== undefined && !reached.has(name)) {
          reached.add(name);
          pending.push(schemas[name]);
        } else pending.push(item);
      }
    }
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
  return { ...document, components: { ...components, schemas: kept } } as Document;
}

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
      // A route without any schema comes back without one: it is documented too, errors included.
      const schema = (transformed.schema ?? {}) as { hide?: boolean; response?: Record<string, unknown> };
      if (schema.hide) return transformed;
      const routeAccess = input.route.config?.access;
      transformed.schema = {
        ...schema,
        response: withErrorAnswers(schema.response, input.route),
        ...(routeAccess && routeAccess.kind !== 'public' ? { security: [{ bearer: [] }] } : {}),
      } as typeof transformed.schema;
      return transformed;
    },
    transformObject: (input) => withoutUnreferencedSchemas(jsonSchemaTransformObject(input)),
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
