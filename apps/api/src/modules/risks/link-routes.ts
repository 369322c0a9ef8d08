import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { controlCodeParams, controlRisk, errorResponse, riskControl, riskControlParams, riskIdParams } from '@aegis/contracts';
import { access } from '../../plugins/access';
import { riskControlService } from './risk-control-service';

const tags = ['risks'];
const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };

/** Links between a risk and the project's controls that reduce it, from either end. */
export async function riskLinkRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = riskControlService(app.deps);
  const base = '/api/projects/:project_id/risks/:risk_id/controls';

  app.get(
    base,
    {
      schema: { operationId: 'listRiskControls', tags, summary: 'The controls that reduce the risk, with their status', params: riskIdParams, response: { 200: z.object({ items: z.array(riskControl) }), ...errors } },
      config: { access: access.project('risks_controls:read') },
    },
    async (request) => service.controls(request.ctx, request.params.project_id, request.params.risk_id),
  );

  app.put(
    `${base}/:control_id`,
    {
      schema: {
        operationId: 'linkRiskControl',
        tags,
        summary: 'Link a control of the project (its id, as the controls lists give it) to the risk; linking again changes nothing',
        description: 'A control that is not a live control of this project is 404 naming it. An approved risk or an approved control takes no new link until reopened (409 `locked`).',
        params: riskControlParams,
        response: { 200: riskControl, ...errors },
      },
      config: { access: access.project('controls_risks:add') },
    },
    async (request) => service.link(request.ctx, request.params.project_id, request.params.risk_id, request.params.control_id),
  );

  app.delete(
    `${base}/:control_id`,
    {
      schema: { operationId: 'unlinkRiskControl', tags, summary: 'Remove the link between the risk and a control (404 when not linked); 409 `locked` when either is approved', params: riskControlParams, response: { 204: z.null(), ...errors } },
      config: { access: access.project('risks_controls:delete') },
    },
    async (request, reply) => {
      await service.unlink(request.ctx, request.params.project_id, request.params.risk_id, request.params.control_id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/projects/:project_id/controls/:control_code/risks',
    {
      schema: { operationId: 'listControlRisks', tags, summary: 'The risks a control reduces, highest residual level first (for the control detail page)', params: controlCodeParams, response: { 200: z.object({ items: z.array(controlRisk) }), ...errors } },
      config: { access: access.project('risks_controls:read') },
    },
    async (request) => service.risksOfControl(request.ctx, request.params.project_id, request.params.control_code),
  );
}
