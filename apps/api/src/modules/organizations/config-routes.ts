import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponse,
  organizationConfig,
  organizationIdParams,
  patchOrganizationConfig,
  putOrganizationConfig,
  type OrganizationConfig,
  type PatchOrganizationConfig,
} from '@aegis/contracts';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity } from '../logs/record-activity';
import { notFound } from '../../lib/errors';
import { access } from '../../plugins/access';
import { configRepository, type ConfigFlags, type OrganizationConfigRow } from './config-repository';

const toFlags = (input: PatchOrganizationConfig): ConfigFlags => ({
  vendorManagementEnabled: input.vendor_management_enabled_for_entire_organization,
  userManagementEnabled: input.user_management_enabled_for_entire_organization,
  evidenceScoringEnabled: input.evidence_scoring_enabled_for_entire_organization,
  controlAssessmentEnabled: input.control_assessment_enabled_for_entire_organization,
  contentManagementEnabled: input.content_management_enabled,
});

const toConfig = (row: OrganizationConfigRow): OrganizationConfig => ({
  organization_id: row.organizationId,
  vendor_management_enabled_for_entire_organization: row.vendorManagementEnabled,
  user_management_enabled_for_entire_organization: row.userManagementEnabled,
  evidence_scoring_enabled_for_entire_organization: row.evidenceScoringEnabled,
  control_assessment_enabled_for_entire_organization: row.controlAssessmentEnabled,
  content_management_enabled: row.contentManagementEnabled,
});

export async function organizationConfigRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

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
    async (request) => {
      const row = await configRepository.find(app.deps.db, request.params.organization_id);
      if (!row) throw notFound('Organization');
      return toConfig(row);
    },
  );

  /** One change to the flags and its activity entry, in one transaction. */
  const update = (ctx: RequestContext, organizationId: string, input: PatchOrganizationConfig) =>
    app.deps.db.transaction(async (tx) => {
      const before = await configRepository.find(tx, organizationId);
      if (!before) throw notFound('Organization');
      const flags = Object.fromEntries(Object.entries(toFlags(input)).filter(([, v]) => v !== undefined)) as ConfigFlags;
      const after = (await configRepository.update(tx, organizationId, flags))!;
      await recordActivity(tx, {
        organizationId,
        actorId: ctx.user.id,
        objectType: 'organization_config',
        objectId: organizationId,
        action: 'updated',
        before: toConfig(before),
        after: toConfig(after),
      });
      return toConfig(after);
    });

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
    async (request) => update(request.ctx, request.params.organization_id, request.body),
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
    async (request) => update(request.ctx, request.params.organization_id, request.body),
  );
}
