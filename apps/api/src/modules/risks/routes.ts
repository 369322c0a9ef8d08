import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createRisk,
  errorResponse,
  listLightRisksQuery,
  listRisksQuery,
  listRisksWithEvidencesQuery,
  page,
  projectIdParams,
  riskDetail,
  riskHeatMap,
  riskIdParams,
  riskLight,
  riskListItem,
  riskWithEvidences,
  updateRisk,
  updateRiskAssignees,
} from '@aegis/contracts';
import { access } from '../../plugins/access';
import { riskRegisterCsv } from './risk-csv';
import { riskService } from './risk-service';
import { riskLinkRoutes } from './link-routes';
import { riskSettingsRoutes } from './settings-routes';
import { riskTreatmentRoutes } from './treatment-routes';

const tags = ['risks'];
const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };

/** A project's risk register (issue 20): list, light list, heat map, detail, changes within the life cycle, people; treatment, links and settings in their own files. */
export async function riskRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = riskService(app.deps);
  const base = '/api/projects/:project_id/risks';

  app.get(
    base,
    {
      schema: {
        operationId: 'listRisks',
        tags,
        summary: "The project's risk register, filtered, sorted and paged, with people, tags and counts",
        description:
          '`sort_by=inherent_score` / `residual_score` sort by level first (the organization\'s matrix), then by likelihood × impact. ' +
          'A heat map cell filters with `likelihood` + `impact` (inherent) or `residual_likelihood` + `residual_impact`. `above_appetite` compares the residual level with the organization\'s appetite.',
        params: projectIdParams,
        querystring: listRisksQuery,
        response: { 200: page(riskListItem), ...errors },
      },
      config: { access: access.project('risks:read') },
    },
    async (request) => service.list(request.ctx, request.params.project_id, request.query),
  );

  app.post(
    base,
    {
      schema: {
        operationId: 'createRisk',
        tags,
        summary: 'Add a risk (at least a name, a likelihood and an impact, 1–5 each); it starts ready, levelled by the organization\'s matrix',
        params: projectIdParams,
        body: createRisk,
        response: { 201: riskDetail, ...errors },
      },
      config: { access: access.project('risks:create') },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.ctx, request.params.project_id, request.body)),
  );

  app.get(
    `${base}/list`,
    {
      schema: { operationId: 'listRisksLight', tags, summary: 'The light list of risks (id, reference, name, status, levels), for pickers', params: projectIdParams, querystring: listLightRisksQuery, response: { 200: page(riskLight), ...errors } },
      config: { access: access.project('risks:read') },
    },
    async (request) => service.light(request.ctx, request.params.project_id, request.query),
  );

  app.get(
    '/api/projects/:project_id/risks_with_evidences',
    {
      schema: {
        operationId: 'listRisksWithEvidences',
        tags,
        summary: 'Risks with the evidence linked to them (up to 250)',
        description: 'Each risk with the evidence attached to it (id and name, by name).',
        params: projectIdParams,
        querystring: listRisksWithEvidencesQuery,
        response: { 200: page(riskWithEvidences), ...errors },
      },
      config: { access: access.project('risks:read') },
    },
    async (request) => service.withEvidences(request.ctx, request.params.project_id, request.query.name || undefined),
  );

  app.get(
    '/api/projects/:project_id/risks.csv',
    {
      schema: {
        operationId: 'downloadRiskRegister',
        tags,
        summary: 'The risk register as CSV (RFC 4180, a header row), named after the project',
        description: 'Every risk by reference: scores and levels, treatment, residual, acceptance, money, linked controls, strategies, assignees. Cells that a spreadsheet would run as a formula start with an apostrophe.',
        params: projectIdParams,
        produces: ['text/csv'],
        response: { 200: z.any().describe('The CSV file'), ...errors },
      },
      config: { access: access.project('risks:read') },
    },
    async (request, reply) => {
      const csv = await riskRegisterCsv(app.deps, request.ctx, request.params.project_id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8; header=present')
        .header('content-disposition', csv.disposition)
        .header('cache-control', 'no-store')
        .send(Buffer.from(csv.body, 'utf8'));
    },
  );

  app.get(
    `${base}/heat-map`,
    {
      schema: {
        operationId: 'getRiskHeatMap',
        tags,
        summary: "The project's risks by level and on the 5×5 grid, inherent and residual, with the matrix and the appetite (for the Risks tab and the project dashboard)",
        description: 'Out-of-scope risks are counted in `out_of_scope` only. One grouped query, whatever the number of risks.',
        params: projectIdParams,
        response: { 200: riskHeatMap, ...errors },
      },
      config: { access: access.project('risks:read') },
    },
    async (request) => service.heatMap(request.ctx, request.params.project_id),
  );

  app.get(
    `${base}/:risk_id`,
    {
      schema: { operationId: 'getRisk', tags, summary: 'A risk: its scores, levels, money, people, status history and what the caller may move it to', params: riskIdParams, response: { 200: riskDetail, ...errors } },
      config: { access: access.project('risks:read') },
    },
    async (request) => service.detail(request.ctx, request.params.project_id, request.params.risk_id),
  );

  app.patch(
    `${base}/:risk_id`,
    {
      schema: {
        operationId: 'updateRisk',
        tags,
        summary: 'Change a risk\'s content or status within the life cycle; an approved risk must be reopened first (status in_progress with a justification; with separation of duties this needs reviews:force_update_status)',
        description: 'Anything else on an approved risk is 409 `locked`. Inherent scores below the treatment\'s residual ones are refused (422 naming the field). Answers the risk as read after the commit.',
        params: riskIdParams,
        body: updateRisk,
        response: { 200: riskDetail, ...errors },
      },
      config: { access: access.project('risks:update') },
    },
    async (request) => service.update(request.ctx, request.params.project_id, request.params.risk_id, request.body),
  );

  app.delete(
    `${base}/:risk_id`,
    {
      schema: {
        operationId: 'deleteRisk',
        tags,
        summary: 'Delete a risk with its treatment, acceptances, strategies, links, comments and reviews (the log keeps it); 409 when approved (locked) or under review',
        params: riskIdParams,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
      // The spec names no risks:delete: deleting is a change of the register, with the update right.
      config: { access: access.project('risks:update') },
    },
    async (request, reply) => {
      await service.remove(request.ctx, request.params.project_id, request.params.risk_id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    `${base}/:risk_id/assignees`,
    {
      schema: { operationId: 'updateRiskAssignees', tags, summary: 'Replace the assignees and reviewers (project members only); newly named people are notified; allowed on an approved risk', params: riskIdParams, body: updateRiskAssignees, response: { 200: riskDetail, ...errors } },
      config: { access: access.project('risks:assignee_update') },
    },
    async (request) => service.setAssignees(request.ctx, request.params.project_id, request.params.risk_id, request.body),
  );

  await app.register(riskTreatmentRoutes);
  await app.register(riskLinkRoutes);
  await app.register(riskSettingsRoutes);
}
