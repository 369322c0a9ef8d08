import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponse,
  frameworkDetail,
  frameworkSummary,
  frameworkTemplateJsonSchema,
  listTemplatesQuery,
  organizationFrameworkParams,
  organizationIdParams,
  page,
  pageQuery,
  platformFrameworkToggle,
  tag,
} from '@aegis/contracts';
import { access } from '../../plugins/access';
import { frameworkService } from './framework-service';
import { listPlatformTags } from './platform-tags';
import { readTemplateFile } from './template-file';

const tags = ['frameworks'];
const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };

/** The frameworks of an organization: what it can apply, its own templates, and its choice of platform frameworks. */
export async function frameworkRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = frameworkService(app.deps);
  const base = '/api/organizations/:organization_id';

  app.get(
    '/api/schemas/framework-template.json',
    {
      schema: {
        operationId: 'frameworkTemplateSchema',
        tags,
        summary: 'The JSON Schema of framework template files (docs/framework-templates.md)',
        produces: ['application/schema+json'],
        response: { 200: z.record(z.string(), z.unknown()) },
      },
      config: { access: access.public },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').type('application/schema+json').send(frameworkTemplateJsonSchema()),
  );

  app.get(
    `/api/v1/organizations/:organization_id/tags`,
    {
      schema: {
        operationId: 'listTagsV1',
        tags,
        summary: "The platform's tags (the MFF-1 control domains), shared by every organization when content management is enabled",
        params: organizationIdParams,
        querystring: pageQuery(['name']).omit({ sort_by: true, descending: true }),
        response: { 200: page(tag), ...errors },
      },
      config: { access: access.organization('tags:read') },
    },
    async (request) => listPlatformTags(app.deps.db, request.query.page, request.query.size),
  );

  app.get(
    `${base}/templates`,
    {
      schema: { operationId: 'listTemplates', tags, summary: 'The frameworks the organization can apply (enabled platform frameworks and its own templates)', params: organizationIdParams, querystring: listTemplatesQuery, response: { 200: page(frameworkSummary), ...errors } },
      config: { access: access.organization('templates:read') },
    },
    async (request) => {
      const q = request.query;
      return service.list(request.params.organization_id, {
        projectType: q.project_type,
        name: q.name || undefined,
        includeDisabled: q.include_disabled,
        sortBy: q.sort_by,
        descending: q.descending,
        page: q.page,
        size: q.size,
      });
    },
  );

  app.post(
    `${base}/templates`,
    {
      schema: {
        operationId: 'uploadTemplate',
        tags,
        summary: "Upload the organization's own framework template (multipart part `file`, JSON or YAML)",
        consumes: ['multipart/form-data'],
        params: organizationIdParams,
        response: { 201: frameworkSummary, ...errors, 413: errorResponse, 415: errorResponse },
      },
      config: { access: access.organization('templates:upload') },
    },
    async (request, reply) => reply.status(201).send(await service.upload(request.ctx, request.params.organization_id, await readTemplateFile(request))),
  );

  app.delete(
    `${base}/templates/:framework_code`,
    {
      schema: { operationId: 'deleteTemplate', tags, summary: "Delete one of the organization's own templates (refused while a project applies it)", params: organizationFrameworkParams, response: { 204: z.null(), ...errors } },
      config: { access: access.organization('templates:delete') },
    },
    async (request, reply) => {
      await service.remove(request.ctx, request.params.organization_id, request.params.framework_code);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${base}/platform-frameworks`,
    {
      schema: { operationId: 'setPlatformFramework', tags, summary: 'Switch a platform framework on or off for the organization', params: organizationIdParams, body: platformFrameworkToggle, response: { 200: frameworkSummary, ...errors } },
      config: { access: access.organization('templates:upload', { platform: true }) },
    },
    async (request) => service.setPlatformFramework(request.ctx, request.params.organization_id, request.body),
  );

  app.get(
    `${base}/frameworks/:framework_code`,
    {
      schema: { operationId: 'getFramework', tags, summary: 'A framework with its requirement tree, mapped controls, mapping sources and crosswalk', params: organizationFrameworkParams, response: { 200: frameworkDetail, ...errors } },
      // The organization's own: never across organizations (issue 17, item 4); the admin area reads platform frameworks through /api/v1/platform-frameworks.
      config: { access: access.organization('frameworks:read') },
    },
    // A stream of exactly the frameworkDetail shape (framework-detail-stream.ts): the largest framework is written a slice at a time.
    async (request, reply) => reply.type('application/json; charset=utf-8').send((await service.detail(request.params.organization_id, request.params.framework_code)) as never),
  );
}
