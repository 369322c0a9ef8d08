import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, listRequirementsQuery, page, projectIdParams, requirementListItem } from '@aegis/contracts';
import { access } from '../../plugins/access';
import { requirementService } from './requirement-service';

const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 422: errorResponse };

export async function requirementRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = requirementService(app.deps);
  app.get(
    '/api/projects/:project_id/requirements',
    {
      schema: { operationId: 'listRequirements', tags: ['requirements'], summary: "The requirements of the project's frameworks, each with its controls by status and the status they give it", params: projectIdParams, querystring: listRequirementsQuery, response: { 200: page(requirementListItem), ...errors } },
      config: { access: access.project('requirements:read') },
    },
    async (request) => service.list(request.ctx, request.params.project_id, request.query),
  );
}
