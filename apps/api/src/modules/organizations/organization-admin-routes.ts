import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  booleanQuery,
  createdOrganization,
  createOrganization,
  errorResponse,
  organization,
  organizationIdParams,
  organizationMetrics,
  organizationPatch,
  organizationsOverview,
  page,
  pageQuery,
  quota,
} from '@aegis/contracts';
import { access } from '../../plugins/access';
import { organizationAdminService } from './organization-admin-service';

const tags = ['organizations'];
const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };

/** Organizations themselves: the admin area's platform view, and an organization's own name and quota. */
export async function organizationAdminRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = organizationAdminService(app.deps, app.log);

  app.get(
    '/api/organizations',
    {
      schema: {
        operationId: 'listOrganizations',
        tags,
        summary: 'Every organization (platform operators)',
        querystring: pageQuery(['name', 'created_at']).extend({ name: z.string().trim().max(200).optional() }),
        response: { 200: page(organization), ...errors },
      },
      config: { access: access.platform },
    },
    async (request) => service.list({ ...request.query, name: request.query.name || undefined }),
  );

  app.post(
    '/api/organizations',
    {
      schema: { operationId: 'createOrganization', tags, summary: 'Create an organization, optionally inviting its first admin (platform operators)', body: createOrganization, response: { 201: createdOrganization, ...errors } },
      config: { access: access.platform },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.ctx, request.body)),
  );

  app.patch(
    '/api/organizations/:organization_id',
    {
      schema: {
        operationId: 'updateOrganization',
        tags,
        summary: "Rename an organization; platform operators also set its plan quota",
        params: organizationIdParams,
        body: organizationPatch,
        response: { 200: organization, ...errors },
      },
      config: { access: access.organization('organizations:update', { platform: true }) },
    },
    async (request) => service.update(request.ctx, request.params.organization_id, request.body),
  );

  app.delete(
    '/api/v1/organizations/:organization_id',
    {
      schema: {
        operationId: 'deleteOrganization',
        tags,
        summary: 'Delete an organization; refused while it has projects unless cascade=true (platform operators)',
        params: organizationIdParams,
        querystring: z.object({ cascade: booleanQuery.default(false) }),
        response: { 204: z.null(), ...errors },
      },
      config: { access: access.platform },
    },
    async (request, reply) => {
      await service.remove(request.ctx, request.params.organization_id, request.query.cascade);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/organizations/:organization_id/quota',
    {
      schema: { operationId: 'getOrganizationQuota', tags, summary: 'Plan quota and projects used', params: organizationIdParams, response: { 200: quota, ...errors } },
      config: { access: access.organization('quota:read', { platform: true }) },
    },
    async (request) => service.quota(request.params.organization_id),
  );

  app.get(
    '/api/v1/organizations/metrics',
    {
      schema: {
        operationId: 'getOrganizationsMetrics',
        tags,
        summary: 'Per-organization usage for the admin area (platform operators)',
        querystring: pageQuery(['name', 'users', 'projects', 'last_activity_at', 'created_at']).extend({
          name: z.string().trim().max(200).optional(),
          default_sort: z.enum(['name', 'users', 'projects', 'last_activity_at', 'created_at']).optional(),
        }),
        response: { 200: page(organizationMetrics), ...errors },
      },
      config: { access: access.platform },
    },
    async (request) => service.metrics({ ...request.query, name: request.query.name || undefined }),
  );

  app.get(
    '/api/v1/organizations/overview',
    {
      schema: { operationId: 'getOrganizationsOverview', tags, summary: 'Totals across organizations (platform operators)', response: { 200: organizationsOverview, ...errors } },
      config: { access: access.platform },
    },
    async () => service.overview(),
  );
}
