import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applyFramework, applyFrameworks, errorResponse, listProjectFrameworksQuery, page, projectFramework, projectFrameworkParams, projectIdParams } from '@aegis/contracts';
import { access } from '../../plugins/access';
import { projectFrameworkService } from './project-framework-service';

const tags = ['frameworks'];
const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };

/** The frameworks a project applies; plain and /api/v1 spellings from one handler each. */
export async function projectFrameworkRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = projectFrameworkService(app.deps);

  for (const [prefix, suffix] of [['/api', ''], ['/api/v1', 'V1']] as const) {
    app.get(
      `${prefix}/projects/:project_id/frameworks`,
      {
        schema: { operationId: `listProjectFrameworks${suffix}`, tags, summary: "The project's frameworks with their controls by status", params: projectIdParams, querystring: listProjectFrameworksQuery, response: { 200: page(projectFramework), ...errors } },
        config: { access: access.project('frameworks:read') },
      },
      async (request) => {
        const q = request.query;
        return service.list(request.ctx, request.params.project_id, { name: q.name || undefined, sortBy: q.sort_by, descending: q.descending, page: q.page, size: q.size });
      },
    );
  }

  app.post(
    '/api/projects/:project_id/frameworks',
    {
      schema: { operationId: 'applyProjectFramework', tags, summary: 'Apply a framework: its requirements and controls (shared with frameworks already applied) in one transaction', params: projectIdParams, body: applyFramework, response: { 201: projectFramework, ...errors } },
      config: { access: access.project('frameworks:create') },
    },
    async (request, reply) => reply.status(201).send(await service.applyOne(request.ctx, request.params.project_id, request.body.framework_code)),
  );

  app.post(
    '/api/v1/projects/:project_id/frameworks',
    {
      schema: { operationId: 'applyProjectFrameworksV1', tags, summary: 'Apply several frameworks (an array of codes); those already applied are left as they are', params: projectIdParams, body: applyFrameworks, response: { 200: z.array(projectFramework), ...errors } },
      config: { access: access.project('frameworks:create') },
    },
    async (request) => service.applyMany(request.ctx, request.params.project_id, request.body),
  );

  app.delete(
    '/api/projects/:project_id/frameworks/:framework_code',
    {
      schema: { operationId: 'removeProjectFramework', tags, summary: 'Remove a framework: controls other frameworks map to stay, dropped ones are detached with their history', params: projectFrameworkParams, response: { 204: z.null(), ...errors } },
      config: { access: access.project('projects:update') },
    },
    async (request, reply) => {
      await service.remove(request.ctx, request.params.project_id, request.params.framework_code);
      return reply.status(204).send(null);
    },
  );
}
