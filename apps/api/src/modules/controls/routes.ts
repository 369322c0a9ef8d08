import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bulkControlsResult,
  bulkUpdateControls,
  controlAssessment,
  controlChange,
  controlCodeParams,
  controlDetail,
  controlLight,
  controlListItem,
  controlWithEvidences,
  createControlAssessment,
  errorResponse,
  listControlsQuery,
  listControlsWithEvidencesQuery,
  listLightControlsQuery,
  page,
  pageQuery,
  projectIdParams,
  updateControl,
  updateControlAssignees,
} from '@aegis/contracts';
import { forbidden } from '../../lib/errors';
import { access } from '../../plugins/access';
import { controlService } from './control-service';

const tags = ['controls'];
const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };

/** A project's controls: list (full and light), detail, changes within the life cycle, people, assessments. */
export async function controlRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = controlService(app.deps);
  const base = '/api/projects/:project_id/controls';

  app.get(
    base,
    {
      schema: { operationId: 'listControls', tags, summary: "The project's controls, filtered and paged, with people, tags and the frameworks each serves", params: projectIdParams, querystring: listControlsQuery, response: { 200: page(controlListItem), ...errors } },
      config: { access: access.project('controls:read') },
    },
    async (request) => service.list(request.ctx, request.params.project_id, request.query),
  );

  app.get(
    '/api/v1/projects/:project_id/controls',
    {
      schema: { operationId: 'listControlsLight', tags, summary: 'The light list of controls, for pickers', params: projectIdParams, querystring: listLightControlsQuery, response: { 200: page(controlLight), ...errors } },
      config: { access: access.project('controls:read') },
    },
    async (request) => service.light(request.ctx, request.params.project_id, { ...request.query, name: request.query.name || undefined }),
  );

  app.get(
    '/api/projects/:project_id/controls_with_evidences',
    {
      schema: { operationId: 'listControlsWithEvidences', tags, summary: 'Controls with the evidence linked to them', params: projectIdParams, querystring: listControlsWithEvidencesQuery, response: { 200: page(controlWithEvidences), ...errors } },
      config: { access: access.project('controls:read') },
    },
    async (request) => service.withEvidences(request.ctx, request.params.project_id, request.query.name || undefined),
  );

  app.post(
    `${base}/bulk`,
    {
      schema: { operationId: 'bulkUpdateControls', tags, summary: 'Change the status of, or assign people to, several controls at once: each control takes all of it or none; approved (locked) controls and changes the life cycle does not allow are refused and listed with why', params: projectIdParams, body: bulkUpdateControls, response: { 200: bulkControlsResult, ...errors } },
      // Each part of the change needs its own right: a status controls:update, assignments controls:assignee_update.
      config: { access: access.project('controls:read') },
    },
    async (request) => {
      const rights = await request.ctx.projectRights(request.params.project_id);
      if (request.body.status !== undefined && !rights?.has('controls:update')) throw forbidden('Missing permission controls:update on this project');
      if (request.body.add_assignees?.length && !rights?.has('controls:assignee_update')) throw forbidden('Missing permission controls:assignee_update on this project');
      return service.bulkUpdate(request.ctx, request.params.project_id, request.body);
    },
  );

  app.get(
    `${base}/:control_code`,
    {
      schema: { operationId: 'getControl', tags, summary: 'A control: what it asks, every requirement it satisfies, people, status history', params: controlCodeParams, response: { 200: controlDetail, ...errors } },
      config: { access: access.project('controls:read') },
    },
    async (request) => service.detail(request.ctx, request.params.project_id, request.params.control_code),
  );

  app.patch(
    `${base}/:control_code`,
    {
      schema: {
        operationId: 'updateControl',
        tags,
        summary: 'Change status (within the life cycle), notes, due date or tags; an approved control must be reopened first (status in_progress with a justification; with separation of duties this needs reviews:force_update_status)',
        description: 'Answers what a change moves — status, lock, allowed transitions, planning fields, review state and the status history entry written (null when the status stayed) — read after the commit; GET the control for the rest of its detail.',
        params: controlCodeParams,
        body: updateControl,
        response: { 200: controlChange, ...errors },
      },
      config: { access: access.project('controls:update') },
    },
    async (request) => service.update(request.ctx, request.params.project_id, request.params.control_code, request.body),
  );

  app.patch(
    `${base}/:control_code/assignees`,
    {
      schema: { operationId: 'updateControlAssignees', tags, summary: 'Replace the assignees and reviewers (project members only); newly named people are notified', params: controlCodeParams, body: updateControlAssignees, response: { 200: controlDetail, ...errors } },
      config: { access: access.project('controls:assignee_update') },
    },
    async (request) => service.setAssignees(request.ctx, request.params.project_id, request.params.control_code, request.body),
  );

  app.get(
    `${base}/:control_code/assessments`,
    {
      schema: { operationId: 'listControlAssessments', tags, summary: 'Assessments of the control, newest first', params: controlCodeParams, querystring: pageQuery(['created_at']).omit({ sort_by: true, descending: true }), response: { 200: page(controlAssessment), ...errors } },
      config: { access: access.project('control_assessments:read') },
    },
    async (request) => service.assessments(request.ctx, request.params.project_id, request.params.control_code, request.query.page, request.query.size),
  );

  app.post(
    `${base}/:control_code/assessments`,
    {
      schema: { operationId: 'assessControl', tags, summary: 'Record whether the control is met, partially met or not met, and why; an approved control takes none until reopened (409 locked)', params: controlCodeParams, body: createControlAssessment, response: { 201: controlAssessment, ...errors } },
      config: { access: access.project('control_assessments:create') },
    },
    async (request, reply) => reply.status(201).send(await service.assess(request.ctx, request.params.project_id, request.params.control_code, request.body)),
  );
}
