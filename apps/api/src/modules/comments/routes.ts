import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { comment, commentTarget, createComment, errorResponse, listCommentsQuery, page } from '@aegis/contracts';
import { access } from '../../plugins/access';
import { commentService } from './comment-service';

const tags = ['comments'];
const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 422: errorResponse };
const path = '/api/projects/:project_id/comments/:object_type/:object_id';

export async function commentRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = commentService(app.deps);

  app.get(
    path,
    {
      schema: { operationId: 'listComments', tags, summary: "A project object's comment thread, oldest first", params: commentTarget, querystring: listCommentsQuery, response: { 200: page(comment), ...errors } },
      config: { access: access.project('comments:read') },
    },
    async (request) => service.list(request.ctx, request.params, request.query.page, request.query.size),
  );

  app.post(
    path,
    {
      schema: { operationId: 'createComment', tags, summary: 'Add a comment to a project object', params: commentTarget, body: createComment, response: { 201: comment, ...errors } },
      config: { access: access.project('comments:create') },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.ctx, request.params, request.body)),
  );
}
