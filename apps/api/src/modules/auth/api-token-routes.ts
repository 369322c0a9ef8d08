import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiToken, createdApiToken, createToken, deleteTokenQuery, errorResponse, page, pageQuery } from '@aegis/contracts';
import { access } from '../../plugins/access';
import { apiTokenService } from './api-token-service';

const tags = ['auth'];

/** Personal API tokens, served at both spellings the spec records: /api/auth/api and /api/auth/api-tokens. */
export async function apiTokenRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = apiTokenService(app.deps);

  for (const [path, suffix] of [['/api/auth/api', ''], ['/api/auth/api-tokens', 'Alias']] as const) {
    app.post(
      path,
      {
        schema: {
          operationId: `createApiToken${suffix}`,
          tags,
          summary: 'Create a personal API token, optionally narrowed to one project and to some of your rights; the secret is in this response only',
          body: createToken,
          response: { 201: createdApiToken, 401: errorResponse, 403: errorResponse, 404: errorResponse, 422: errorResponse },
        },
        config: { access: access.user },
      },
      async (request, reply) => reply.status(201).header('cache-control', 'no-store').send(await service.create(request.ctx, request.body)),
    );

    app.get(
      path,
      {
        schema: {
          operationId: `listApiTokens${suffix}`,
          tags,
          summary: 'List your personal API tokens (never their secrets)',
          querystring: pageQuery(['created_at', 'name']).omit({ sort_by: true, descending: true }),
          response: { 200: page(apiToken), 401: errorResponse },
        },
        config: { access: access.user },
      },
      async (request) => service.list(request.ctx, request.query.page, request.query.size),
    );

    app.delete(
      path,
      {
        schema: {
          operationId: `deleteApiToken${suffix}`,
          tags,
          summary: 'Revoke one of your personal API tokens',
          querystring: deleteTokenQuery,
          response: { 204: z.null(), 401: errorResponse, 404: errorResponse },
        },
        config: { access: access.user },
      },
      async (request, reply) => {
        await service.remove(request.ctx, request.query.token_id);
        return reply.status(204).send(null);
      },
    );
  }
}
