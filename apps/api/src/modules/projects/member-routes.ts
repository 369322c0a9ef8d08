import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessRequestResult,
  activityEntry,
  errorResponse,
  listProjectMembersQuery,
  page,
  pageQuery,
  projectDashboard,
  projectIdParams,
  projectMember,
  projectRoleQuery,
  projectRolesBody,
  projectRolesQuery,
  uuid,
} from '@aegis/contracts';
import { access } from '../../plugins/access';
import { projectMemberService } from './project-member-service';

const tags = ['projects'];
const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };
const userParams = z.object({ user_id: uuid });

/** Who works on a project and with which roles, access requests, the dashboard counts and the project's log. */
export async function projectMemberRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = projectMemberService(app.deps);

  app.get(
    '/api/projects/:project_id/users',
    {
      schema: { operationId: 'listProjectUsers', tags, summary: "The project's members and their roles", params: projectIdParams, querystring: listProjectMembersQuery, response: { 200: page(projectMember), ...errors } },
      config: { access: access.project('users:read') },
    },
    async (request) => service.list(request.ctx, request.params.project_id, request.query),
  );

  app.post(
    '/api/users/:user_id/roles',
    {
      schema: { operationId: 'addProjectRole', tags, summary: 'Give a member of the organization a role on a project', params: userParams, querystring: projectRoleQuery, response: { 200: projectMember, ...errors } },
      config: { access: access.project('user_roles:assign') },
    },
    async (request) => service.addRole(request.ctx, request.query.project_id, request.params.user_id, request.query.role),
  );

  app.patch(
    '/api/users/:user_id/roles',
    {
      schema: { operationId: 'replaceProjectRoles', tags, summary: "Replace a member's roles on a project", params: userParams, querystring: projectRolesQuery, body: projectRolesBody, response: { 200: projectMember, ...errors } },
      config: { access: access.project('user_roles:assign') },
    },
    async (request) => service.replaceRoles(request.ctx, request.query.project_id, request.params.user_id, request.body.roles),
  );

  app.delete(
    '/api/users/:user_id/roles',
    {
      schema: { operationId: 'removeProjectRole', tags, summary: 'Take a role on a project away (never the last owner)', params: userParams, querystring: projectRoleQuery, response: { 200: projectMember, ...errors } },
      config: { access: access.project('user_roles:delete') },
    },
    async (request) => service.removeRole(request.ctx, request.query.project_id, request.params.user_id, request.query.role),
  );

  app.post(
    '/api/projects/:project_id/request_access',
    {
      schema: { operationId: 'requestProjectAccess', tags, summary: "Ask the project's owners for a role", params: projectIdParams, response: { 202: accessRequestResult, ...errors } },
      // Asked by members who hold no role on the project, so it is checked against the organization.
      config: { access: access.organization('projects:read') },
    },
    async (request, reply) => reply.status(202).send(await service.requestAccess(request.ctx, request.params.project_id)),
  );

  app.get(
    '/api/projects/:project_id/dashboard',
    {
      schema: { operationId: 'getProjectDashboard', tags, summary: 'What the project holds today', params: projectIdParams, response: { 200: projectDashboard, ...errors } },
      config: { access: access.project('dashboard:read') },
    },
    async (request) => service.dashboard(request.ctx, request.params.project_id),
  );

  app.get(
    '/api/projects/:project_id/logs/:object_id',
    {
      schema: {
        operationId: 'getProjectLogs',
        tags,
        summary: "Activity on one of the project's objects, newest first; the project's own id gives everything that happened in the project",
        params: projectIdParams.extend({ object_id: z.string().min(1).max(200) }),
        querystring: pageQuery(['created_at']).omit({ sort_by: true, descending: true }),
        response: { 200: page(activityEntry), ...errors },
      },
      config: { access: access.project('logs:read') },
    },
    async (request) => service.logs(request.ctx, request.params.project_id, request.params.object_id, request.query.page, request.query.size),
  );
}
