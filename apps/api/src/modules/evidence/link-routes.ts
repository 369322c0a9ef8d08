import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { controlCodeParams, controlEvidenceParams, errorResponse, linkedEvidenceList, riskEvidenceParams, riskIdParams } from '@aegis/contracts';
import { access } from '../../plugins/access';
import { evidenceLinkService } from './evidence-link-service';

const tags = ['evidence'];
const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };

/** The evidence of a control or a risk, from its page: list, attach existing, detach. */
export async function evidenceLinkRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = evidenceLinkService(app.deps);
  const control = '/api/projects/:project_id/controls/:control_code/evidence';
  const risk = '/api/projects/:project_id/risks/:risk_id/evidence';
  const locked = 'An approved evidence, control or risk takes no new or removed link until reopened (409 `locked`).';

  app.get(
    control,
    {
      schema: { operationId: 'listControlEvidence', tags, summary: 'The evidence linked to a control of the project, by name', params: controlCodeParams, response: { 200: linkedEvidenceList, ...errors } },
      config: { access: access.project('evidences:read') },
    },
    async (request) => service.ofControl(request.ctx, request.params.project_id, request.params.control_code),
  );

  app.put(
    `${control}/:evidence_id`,
    {
      schema: { operationId: 'linkControlEvidence', tags, summary: 'Attach an evidence of the project to the control; attaching again changes nothing', description: locked, params: controlEvidenceParams, response: { 204: z.null(), ...errors } },
      config: { access: access.project('evidences:update') },
    },
    async (request, reply) => {
      await service.linkControl(request.ctx, request.params.project_id, request.params.control_code, request.params.evidence_id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    `${control}/:evidence_id`,
    {
      schema: { operationId: 'unlinkControlEvidence', tags, summary: 'Detach an evidence from the control (404 when it was not attached)', description: locked, params: controlEvidenceParams, response: { 204: z.null(), ...errors } },
      config: { access: access.project('evidences:update') },
    },
    async (request, reply) => {
      await service.unlinkControl(request.ctx, request.params.project_id, request.params.control_code, request.params.evidence_id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    risk,
    {
      schema: { operationId: 'listRiskEvidence', tags, summary: 'The evidence linked to a risk of the project (its treatment\'s proof), by name', params: riskIdParams, response: { 200: linkedEvidenceList, ...errors } },
      config: { access: access.project('evidences:read') },
    },
    async (request) => service.ofRisk(request.ctx, request.params.project_id, request.params.risk_id),
  );

  app.put(
    `${risk}/:evidence_id`,
    {
      schema: { operationId: 'linkRiskEvidence', tags, summary: 'Attach an evidence of the project to the risk; attaching again changes nothing', description: locked, params: riskEvidenceParams, response: { 204: z.null(), ...errors } },
      config: { access: access.project('evidences:update') },
    },
    async (request, reply) => {
      await service.linkRisk(request.ctx, request.params.project_id, request.params.risk_id, request.params.evidence_id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    `${risk}/:evidence_id`,
    {
      schema: { operationId: 'unlinkRiskEvidence', tags, summary: 'Detach an evidence from the risk (404 when it was not attached)', description: locked, params: riskEvidenceParams, response: { 204: z.null(), ...errors } },
      config: { access: access.project('evidences:update') },
    },
    async (request, reply) => {
      await service.unlinkRisk(request.ctx, request.params.project_id, request.params.risk_id, request.params.evidence_id);
      return reply.status(204).send(null);
    },
  );
}
