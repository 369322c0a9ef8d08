import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createProject, errorResponse, listProjectsQuery, organizationIdParams, page, project, projectIdParams, updateProject } from '@aegis/contracts';
import { access } from '../../plugins/access';
import { pdfAttachment } from '../../lib/pdf';
import { perUserRateLimit } from '../../plugins/rate-limit';
import { projectExportService } from './export/project-export-service';
import { projectService } from './project-service';

const tags = ['projects'];
/** A long report is seconds of a worker's CPU: five a minute per person is plenty to read and retry, and no more. */
export const EXPORT_RATE_LIMIT = { max: 5, timeWindow: '1 minute' };

const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };

export async function projectRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = projectService(app.deps, app.log);
  const exporter = projectExportService(app.deps);

  app.post(
    '/api/projects',
    {
      schema: { operationId: 'createProject', tags, summary: 'Create a project within the plan quota; you become its Owner', body: createProject, response: { 201: project, ...errors } },
      // Every member may start a project (projects:read is what every organization role holds).
      config: { access: access.organization('projects:read') },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.ctx, request.body)),
  );

  app.get(
    '/api/organizations/:organization_id/projects',
    {
      schema: {
        operationId: 'listProjects',
        tags,
        summary: 'Projects of the organization: yours, or all of them with full access',
        params: organizationIdParams,
        querystring: listProjectsQuery,
        response: { 200: page(project), ...errors },
      },
      config: { access: access.organization('projects:read') },
    },
    async (request) => service.list(request.ctx, request.params.organization_id, request.query),
  );

  app.get(
    '/api/projects/:project_id',
    {
      schema: { operationId: 'getProject', tags, summary: 'A project', params: projectIdParams, response: { 200: project, ...errors } },
      config: { access: access.project('projects:read') },
    },
    async (request) => service.get(request.ctx, request.params.project_id),
  );

  app.patch(
    '/api/projects/:project_id',
    {
      schema: { operationId: 'updateProject', tags, summary: "Change a project's name, type or description", params: projectIdParams, body: updateProject, response: { 200: project, ...errors } },
      config: { access: access.project('projects:update') },
    },
    async (request) => service.update(request.ctx, request.params.project_id, request.body),
  );

  app.delete(
    '/api/projects/:project_id',
    {
      schema: { operationId: 'deleteProject', tags, summary: 'Delete a project and everything in it', params: projectIdParams, response: { 204: z.null(), ...errors } },
      config: { access: access.project('projects:delete') },
    },
    async (request, reply) => {
      await service.remove(request.ctx, request.params.project_id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/projects/:project_id/export',
    {
      schema: {
        operationId: 'exportProject',
        tags,
        summary: 'The project as a PDF report named after it: cover, members, activity and comments (a section per feature)',
        description:
          `At most ${EXPORT_RATE_LIMIT.max} exports a minute per user (then 429 with Retry-After in seconds). Long activity logs and discussions ` +
          'are cut to their latest entries, with a note of how many the report leaves out; 503 when too many reports are being prepared at once.',
        params: projectIdParams,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('The PDF file'), 401: errorResponse, 403: errorResponse, 404: errorResponse, 429: errorResponse, 503: errorResponse },
      },
      config: { access: access.project('projects:read'), rateLimit: perUserRateLimit(EXPORT_RATE_LIMIT.max, EXPORT_RATE_LIMIT.timeWindow) },
    },
    async (request, reply) => {
      // A client that leaves while its report waits for a worker frees that place in the queue.
      const gone = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      const { name, pdf } = await exporter.render(request.ctx, request.params.project_id, gone.signal);
      return reply.header('content-type', 'application/pdf').header('content-disposition', pdfAttachment(name)).header('cache-control', 'no-store').send(pdf);
    },
  );
}
