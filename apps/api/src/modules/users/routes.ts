import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, errorResponse, updateCurrentUser, userIdParams, userSummary } from '@aegis/contracts';
import { revalidatable, sendRevalidated } from '../../lib/etag';
import { access } from '../../plugins/access';
import { usersService } from './service';

const tags = ['users'];

export async function usersRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = usersService(app.deps);

  app.get(
    '/api/users/me',
    {
      schema: {
        operationId: 'getCurrentUser',
        tags,
        summary: 'The signed-in user, their organization, roles and rights',
        description:
          'Answered with an ETag: a repeated read that sends it back in If-None-Match gets 304 and no body while nothing changed. ' +
          '`project_rights` and `project_roles` list the projects where the user holds a project role; access to every project through ' +
          'an organization right (`projects:full_access`) is said once, in `organization_rights`.',
        response: { 200: currentUser, 304: z.null().describe('Not modified: the copy named by If-None-Match is current'), 401: errorResponse },
      },
      // Kept with the caller and revalidated with its ETag (plugins/caller-cache.ts), not by the read cache.
      config: { access: access.user, readCache: false },
    },
    async (request, reply) => {
      const { ctx } = request;
      // Everything the answer is made of is what the caller cache is told about (plugins/caller-cache.ts):
      // the answer itself is kept, per organization and per narrowing of the token.
      const narrowing = ctx.narrowedRights ? [...ctx.narrowedRights].sort().join(',') : '*';
      const answer = await ctx.remembered(`me|${ctx.organizationId ?? ''}|${narrowing}`, async () => revalidatable(reply, await service.me(ctx)));
      return sendRevalidated(request, reply, answer);
    },
  );

  app.patch(
    '/api/users/me',
    {
      schema: {
        operationId: 'updateCurrentUser',
        tags,
        summary: 'Change your names, or accept the terms and conditions',
        body: updateCurrentUser,
        response: { 200: currentUser, 401: errorResponse, 422: errorResponse },
      },
      config: { access: access.user },
    },
    async (request) => service.updateMe(request.ctx, request.body),
  );

  for (const [path, suffix] of [['/api/users/me/last_access', ''], ['/api/users/me/last-access', 'Alias']] as const) {
    app.patch(
      path,
      {
        schema: { operationId: `recordLastAccess${suffix}`, tags, summary: 'Record that you used the app now', response: { 204: z.null(), 401: errorResponse } },
        config: { access: access.user },
      },
      async (request, reply) => {
        await service.recordLastAccess(request.ctx);
        return reply.status(204).send(null);
      },
    );
  }

  app.delete(
    '/api/users/terms-and-conditions',
    {
      schema: { operationId: 'withdrawTerms', tags, summary: 'Withdraw your acceptance of the terms and conditions', response: { 204: z.null(), 401: errorResponse } },
      config: { access: access.user },
    },
    async (request, reply) => {
      await service.withdrawTerms(request.ctx);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/users/:user_id',
    {
      schema: {
        operationId: 'getUser',
        tags,
        summary: 'A user of your organization',
        params: userIdParams,
        response: { 200: userSummary, 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
      config: { access: access.organization('users:read') },
    },
    async (request) => service.findInOrganization(request.ctx, request.params.user_id),
  );
}
