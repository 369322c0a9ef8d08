import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, organizationConfig, organizationIdParams, type OrganizationConfig } from '@aegis/contracts';
import { notFound } from '../../lib/errors';
import { access } from '../../plugins/access';
import { configRepository, type OrganizationConfigRow } from './config-repository';

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
}
