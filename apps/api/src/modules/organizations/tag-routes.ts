import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTag, errorResponse, organizationIdParams, page, pageQuery, tag, updateTag, uuid } from '@aegis/contracts';
import { access } from '../../plugins/access';
import { tagService } from './tag-service';

const tags = ['organizations'];
const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };
const tagParams = organizationIdParams.extend({ tag_id: uuid });

/** The organization's tag taxonomy, managed on the Customization screen. */
export async function tagRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = tagService(app.deps);
  const query = pageQuery(['name']).omit({ sort_by: true, descending: true });

  // The v1 spelling (platform tags, used with content management) is served by the frameworks module.
  app.get(
    '/api/organizations/:organization_id/tags',
    {
      schema: { operationId: 'listTags', tags, summary: "The organization's tags", params: organizationIdParams, querystring: query, response: { 200: page(tag), ...errors } },
      config: { access: access.organization('tags:read') },
    },
    async (request) => service.list(request.params.organization_id, request.query.page, request.query.size),
  );

  app.post(
    '/api/organizations/:organization_id/tags',
    {
      schema: { operationId: 'createTag', tags, summary: 'Add a tag', params: organizationIdParams, body: createTag, response: { 201: tag, ...errors } },
      config: { access: access.organization('organizations:update') },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.ctx, request.params.organization_id, request.body)),
  );

  app.patch(
    '/api/organizations/:organization_id/tags/:tag_id',
    {
      schema: { operationId: 'updateTag', tags, summary: 'Rename or recolour a tag', params: tagParams, body: updateTag, response: { 200: tag, ...errors } },
      config: { access: access.organization('organizations:update') },
    },
    async (request) => service.update(request.ctx, request.params.organization_id, request.params.tag_id, request.body),
  );

  app.delete(
    '/api/organizations/:organization_id/tags/:tag_id',
    {
      schema: { operationId: 'deleteTag', tags, summary: 'Delete a tag', params: tagParams, response: { 204: z.null(), ...errors } },
      config: { access: access.organization('organizations:update') },
    },
    async (request, reply) => {
      await service.remove(request.ctx, request.params.organization_id, request.params.tag_id);
      return reply.status(204).send(null);
    },
  );
}
