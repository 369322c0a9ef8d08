import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createFeedback, errorResponse, feedback, page, pageQuery } from '@aegis/contracts';
import { access } from '../../plugins/access';
import { feedbackService } from './feedback-service';

const tags = ['feedback'];

export async function feedbackRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = feedbackService(app.deps);

  app.post(
    '/api/feedback',
    {
      schema: {
        operationId: 'sendFeedback',
        tags,
        summary: 'Send feedback; your user and organization are attached from your session',
        body: createFeedback,
        response: { 201: feedback, 401: errorResponse, 422: errorResponse },
      },
      config: { access: access.user, rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.ctx, request.body, request.headers['user-agent'])),
  );

  app.get(
    '/api/feedback',
    {
      schema: {
        operationId: 'listFeedback',
        tags,
        summary: 'Feedback sent from your organization, newest first (platform operators; super admins see all)',
        querystring: pageQuery(['created_at']),
        response: { 200: page(feedback), 401: errorResponse, 403: errorResponse },
      },
      config: { access: access.organization('internal_metrics:read') },
    },
    async (request) => service.list(request.ctx, request.query.page, request.query.size),
  );
}
