import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { booleanQuery, errorResponse, frameworkCodeParams, listPlatformFrameworksQuery, page, platformFramework, platformFrameworkDetail } from '@aegis/contracts';
import { access } from '../../plugins/access';
import { platformFrameworkService } from './platform-framework-service';
import { readTemplateFile } from './template-file';

const tags = ['frameworks'];
const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };

/** The platform catalogue, for platform operators (internal_metrics:read). */
export async function platformFrameworkRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = platformFrameworkService(app.deps);
  const base = '/api/v1/platform-frameworks';

  app.get(
    base,
    {
      schema: { operationId: 'listPlatformFrameworks', tags, summary: 'Platform frameworks with how many organizations use them', querystring: listPlatformFrameworksQuery, response: { 200: page(platformFramework), ...errors } },
      config: { access: access.platform },
    },
    async (request) => {
      const q = request.query;
      return service.list({ name: q.name || undefined, sortBy: q.sort_by, descending: q.descending, page: q.page, size: q.size });
    },
  );

  app.post(
    base,
    {
      schema: {
        operationId: 'uploadPlatformFramework',
        tags,
        summary: 'Upload a platform framework (multipart part `file`); enabled_by_default switches it on for organizations that did not choose',
        consumes: ['multipart/form-data'],
        querystring: z.object({ enabled_by_default: booleanQuery.default(false) }),
        response: { 201: platformFramework, ...errors, 413: errorResponse, 415: errorResponse },
      },
      config: { access: access.platform },
    },
    async (request, reply) => reply.status(201).send(await service.upload(request.ctx, await readTemplateFile(request), request.query.enabled_by_default)),
  );

  app.get(
    `${base}/:framework_code`,
    {
      schema: { operationId: 'getPlatformFramework', tags, summary: 'A platform framework and which organizations have it on', params: frameworkCodeParams, response: { 200: platformFrameworkDetail, ...errors } },
      config: { access: access.platform },
    },
    // Streamed, like getFramework (framework-detail-stream.ts).
    async (request, reply) => reply.type('application/json; charset=utf-8').send((await service.detail(request.params.framework_code)) as never),
  );

  app.delete(
    `${base}/:framework_code`,
    {
      schema: { operationId: 'deletePlatformFramework', tags, summary: 'Delete an uploaded platform framework no project applies', params: frameworkCodeParams, response: { 204: z.null(), ...errors } },
      config: { access: access.platform },
    },
    async (request, reply) => {
      await service.remove(request.ctx, request.params.framework_code);
      return reply.status(204).send(null);
    },
  );
}
