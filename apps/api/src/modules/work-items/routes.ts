import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, myWorkItem } from '@aegis/contracts';
import { access } from '../../plugins/access';
import { workItemRepository } from './work-item-repository';

/** The signed-in user's work across the projects of their organization. */
export async function workItemRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/users/me/work',
    {
      schema: { operationId: 'myWork', tags: ['users'], summary: 'Per project: the open controls assigned to you, those you review, those needing attention', response: { 200: z.object({ items: z.array(myWorkItem) }), 401: errorResponse } },
      config: { access: access.user },
    },
    async (request) => ({ items: request.ctx.organizationId ? await workItemRepository.myWork(app.deps.db, request.ctx.organizationId, request.ctx.user.id) : [] }),
  );
}
