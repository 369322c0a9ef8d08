import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { controlTest, errorResponse, testControlLink, testingControlParams, testingTestParams, uuid } from '@aegis/contracts';
import { access } from '../../plugins/access';
import { controlLinkService } from './control-link-service';

const tags = ['testing'];
const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };

/** Links between a test and the project's controls it proves, from either end. */
export async function controlTestsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = controlLinkService(app.deps);
  const base = '/api/v1/projects/:project_id/testing/tests/:testing_test_id/controls';

  app.get(
    base,
    {
      schema: { operationId: 'listTestingTestControls', tags, summary: 'The controls the test is linked to (its results become evidence on each)', params: testingTestParams, response: { 200: z.object({ items: z.array(testControlLink) }), ...errors } },
      config: { access: access.project('testing_controls:read') },
    },
    async (request) => service.controls(request.ctx, request.params.project_id, request.params.testing_test_id),
  );

  app.put(
    `${base}/:control_id`,
    {
      schema: {
        operationId: 'linkTestingTestControl',
        tags,
        summary: 'Link a control of the project (its id, as the controls lists give it) to the test; linking again changes nothing',
        description: 'A control that is not a live control of this project is 404 naming it. A link is a change of the test: an approved test takes none until reopened (409 `locked`).',
        params: testingControlParams,
        response: { 200: testControlLink, ...errors },
      },
      config: { access: access.project('testing_controls:create') },
    },
    async (request) => service.link(request.ctx, request.params.project_id, request.params.testing_test_id, request.params.control_id),
  );

  app.delete(
    `${base}/:control_id`,
    {
      schema: { operationId: 'unlinkTestingTestControl', tags, summary: 'Remove the link between the test and a control (404 when not linked); 409 `locked` when the test is approved', params: testingControlParams, response: { 204: z.null(), ...errors } },
      config: { access: access.project('testing_controls:delete') },
    },
    async (request, reply) => {
      await service.unlink(request.ctx, request.params.project_id, request.params.testing_test_id, request.params.control_id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/projects/:project_id/testing/controls/:control_id/tests',
    {
      schema: {
        operationId: 'listControlTestingTests',
        tags,
        summary: "The tests linked to a control with their latest result (for the control's detail page)",
        params: z.object({ project_id: uuid, control_id: uuid }),
        response: { 200: z.object({ items: z.array(controlTest) }), ...errors },
      },
      config: { access: access.project('testing_controls:read') },
    },
    async (request) => service.testsOfControl(request.ctx, request.params.project_id, request.params.control_id),
  );
}
