import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, organizationIdParams, riskLevelOf, riskLibraryEntry, riskSettings, updateRiskSettings } from '@aegis/contracts';
import { access } from '../../plugins/access';
import { RISK_LIBRARY } from './risk-library';
import { riskRules, riskSettingsService } from './risk-settings-service';
import { DEFAULT_RULES } from './scoring';

const tags = ['risks'];
const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 422: errorResponse };

/** The organization's risk settings (matrix, appetite) and the risk library. */
export async function riskSettingsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = riskSettingsService(app.deps);
  const path = '/api/organizations/:organization_id/risk-settings';

  app.get(
    path,
    {
      schema: {
        operationId: 'getRiskSettings',
        tags,
        summary: "The organization's 5×5 risk matrix and risk appetite (every member may read them: the risk screens level and flag by them)",
        params: organizationIdParams,
        response: { 200: riskSettings, ...errors },
      },
      // The auth plugin answers 404 for another organization's id.
      config: { access: access.user },
    },
    async (request) => service.get(request.params.organization_id),
  );

  app.put(
    path,
    {
      schema: {
        operationId: 'updateRiskSettings',
        tags,
        summary: 'Set the matrix and the appetite; every risk of the organization is levelled again in the same transaction',
        description: 'A matrix whose level goes down as likelihood or impact goes up is refused, 422 naming each such cell (`body.matrix.<likelihood-1>.<impact-1>`).',
        params: organizationIdParams,
        body: updateRiskSettings,
        response: { 200: riskSettings, ...errors },
      },
      // The organization configuration's right, as PUT /api/v1/config/organizations/{id}.
      config: { access: access.organization('config:update') },
    },
    async (request) => service.update(request.ctx, request.params.organization_id, request.body),
  );

  app.get(
    '/api/risk-library',
    {
      schema: {
        operationId: 'listRiskLibrary',
        tags,
        summary: 'Common AI risks to start from when adding one: category, description, typical likelihood and impact (levelled on your organization\'s matrix), a treatment and the MFF-1 controls that reduce it',
        response: { 200: z.object({ items: z.array(riskLibraryEntry) }), 401: errorResponse },
      },
      config: { access: access.user },
    },
    async (request) => {
      const { matrix } = request.ctx.organizationId ? await riskRules(app.deps.db, request.ctx.organizationId) : DEFAULT_RULES;
      return { items: RISK_LIBRARY.map((risk) => ({ ...risk, level: riskLevelOf(matrix, risk.likelihood, risk.impact) })) };
    },
  );
}
