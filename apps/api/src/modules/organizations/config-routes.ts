import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponse,
  organizationConfig,
  organizationIdParams,
  patchOrganizationConfig,
  putOrganizationConfig,
} from '@aegis/contracts';
import { access } from '../../plugins/access';
import { organizationConfigService } from './config-service';

export async function organizationConfigRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = organizationConfigService(app.deps);

  app.get(
    '/api/v1/config/organizations/:organization_id',
    {
      schema: {
        operationId: 'getOrganizationConfig',
        tags: ['organizations'],
        summary: "Your organization's feature flags (every member may read them: the app renders by them)",
        params: organizationIdParams,
        response: { 200: organizationConfig, 401: errorResponse, 404: errorResponse },
      },
      // The auth plugin already answers 404 for another organization's id.
      config: { access: access.user },
    },
    async (request) => service.get(request.params.organization_id),
  );

  app.patch(
    '/api/v1/config/organizations/:organization_id',
    {
      schema: {
        operationId: 'patchOrganizationConfig',
        tags: ['organizations'],
        summary: 'Change some feature flags',
        params: organizationIdParams,
        body: patchOrganizationConfig,
        response: { 200: organizationConfig, 401: errorResponse, 403: errorResponse, 404: errorResponse, 422: errorResponse },
      },
      config: { access: access.organization('config:patch') },
    },
    async (request) => service.update(request.ctx, request.params.organization_id, request.body),
  );

  app.put(
    '/api/v1/config/organizations/:organization_id',
    {
      schema: {
        operationId: 'putOrganizationConfig',
        tags: ['organizations'],
        summary: 'Set every feature flag',
        params: organizationIdParams,
        body: putOrganizationConfig,
        response: { 200: organizationConfig, 401: errorResponse, 403: errorResponse, 404: errorResponse, 422: errorResponse },
      },
      config: { access: access.organization('config:update') },
    },
    async (request) => service.update(request.ctx, request.params.organization_id, request.body),
  );
}
