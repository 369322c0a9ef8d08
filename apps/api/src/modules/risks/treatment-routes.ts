import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createTreatmentStrategy,
  errorResponse,
  revokeRiskAcceptance,
  riskIdParams,
  riskTreatment,
  treatmentStrategy,
  treatmentStrategyParams,
  updateRiskTreatment,
  updateTreatmentStrategy,
} from '@aegis/contracts';
import { access } from '../../plugins/access';
import { strategyService } from './strategy-service';
import { treatmentService } from './treatment-service';

const tags = ['risks'];
const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };

/** A risk's treatment, its acceptance and its strategies. */
export async function riskTreatmentRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const treatments = treatmentService(app.deps);
  const strategies = strategyService(app.deps);
  const base = '/api/projects/:project_id/risks/:risk_id';

  app.get(
    `${base}/treatment`,
    {
      schema: { operationId: 'getRiskTreatment', tags, summary: "A risk's treatment (option null until one is saved) with its acceptance records, each flagged stale or expired", params: riskIdParams, response: { 200: riskTreatment, ...errors } },
      config: { access: access.project('risk_treatment:read') },
    },
    async (request) => treatments.get(request.ctx, request.params.project_id, request.params.risk_id),
  );

  app.put(
    `${base}/treatment`,
    {
      schema: {
        operationId: 'saveRiskTreatment',
        tags,
        summary: 'Save the treatment: option, plan, residual likelihood and impact; option accept with a rationale records an acceptance',
        description:
          'Accepting a risk whose residual level is low or medium records the acceptance at once, the caller as approver. Above medium the acceptance is recorded as `awaiting_review`: ' +
          'request a review of the risk (POST …/reviews/risk/{risk_id}); its approval makes the acceptance effective with the reviewer as approver. ' +
          'The acceptance records the risk\'s scores and a review date (a year from today by default) and is flagged stale when they change. ' +
          'An approved risk takes no treatment change (409 `locked`). Creating the first treatment also needs risk_treatment:create.',
        params: riskIdParams,
        body: updateRiskTreatment,
        response: { 200: riskTreatment, ...errors },
      },
      config: { access: access.project('risk_treatment:update') },
    },
    async (request) => treatments.save(request.ctx, request.params.project_id, request.params.risk_id, request.body),
  );

  app.post(
    `${base}/acceptance/revoke`,
    {
      schema: {
        operationId: 'revokeRiskAcceptance',
        tags,
        summary: 'Revoke the acceptance in force or awaiting review, with a reason (409 `no_acceptance` without one); allowed on an approved risk, which is then flagged as needing attention',
        params: riskIdParams,
        body: revokeRiskAcceptance,
        response: { 200: riskTreatment, ...errors },
      },
      config: { access: access.project('risk_treatment:update') },
    },
    async (request) => treatments.revoke(request.ctx, request.params.project_id, request.params.risk_id, request.body),
  );

  app.get(
    `${base}/treatment-strategies`,
    {
      schema: { operationId: 'listTreatmentStrategies', tags, summary: "The risk's treatment strategies (concrete actions), oldest first", params: riskIdParams, response: { 200: z.object({ items: z.array(treatmentStrategy) }), ...errors } },
      config: { access: access.project('treatment_strategy:read') },
    },
    async (request) => strategies.list(request.ctx, request.params.project_id, request.params.risk_id),
  );

  app.post(
    `${base}/treatment-strategies`,
    {
      schema: { operationId: 'createTreatmentStrategy', tags, summary: 'Add an action to the treatment (owner: a project member, told when named); 409 `locked` on an approved risk', params: riskIdParams, body: createTreatmentStrategy, response: { 201: treatmentStrategy, ...errors } },
      config: { access: access.project('treatment_strategy:create') },
    },
    async (request, reply) => reply.status(201).send(await strategies.create(request.ctx, request.params.project_id, request.params.risk_id, request.body)),
  );

  app.patch(
    `${base}/treatment-strategies/:strategy_id`,
    {
      schema: { operationId: 'updateTreatmentStrategy', tags, summary: 'Change an action, its owner, due date or status; 409 `locked` on an approved risk', params: treatmentStrategyParams, body: updateTreatmentStrategy, response: { 200: treatmentStrategy, ...errors } },
      config: { access: access.project('treatment_strategy:update') },
    },
    async (request) => strategies.update(request.ctx, request.params.project_id, request.params.risk_id, request.params.strategy_id, request.body),
  );

  app.delete(
    `${base}/treatment-strategies/:strategy_id`,
    {
      schema: { operationId: 'deleteTreatmentStrategy', tags, summary: 'Remove an action from the treatment; 409 `locked` on an approved risk', params: treatmentStrategyParams, response: { 204: z.null(), ...errors } },
      config: { access: access.project('treatment_strategy:delete') },
    },
    async (request, reply) => {
      await strategies.remove(request.ctx, request.params.project_id, request.params.risk_id, request.params.strategy_id);
      return reply.status(204).send(null);
    },
  );
}
