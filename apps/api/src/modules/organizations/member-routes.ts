import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createUser,
  errorResponse,
  invitation,
  inviteUser,
  listMembersQuery,
  organizationIdParams,
  organizationMember,
  organizationQuery,
  organizationRoles,
  page,
  roleQuery,
  signupLink,
  updateUserOid,
  userActivationStatus,
  uuid,
} from '@aegis/contracts';
import { access } from '../../plugins/access';
import { invitationService } from './invitation-service';
import { memberService } from './member-service';

const tags = ['organizations'];
const memberParams = organizationIdParams.extend({ user_id: uuid });
const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };

/** Members, invitations and organization roles. The auth plugin 404s another organization's id. */
export async function memberRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = memberService(app.deps);
  const invitations = invitationService(app.deps);
  const base = '/api/organizations/:organization_id/users';

  app.get(
    base,
    {
      schema: { operationId: 'listOrganizationUsers', tags, summary: 'Members and invitees of the organization', params: organizationIdParams, querystring: listMembersQuery, response: { 200: page(organizationMember), ...errors } },
      config: { access: access.organization('users:read') },
    },
    async (request) => {
      const q = request.query;
      return service.list(request.params.organization_id, {
        name: q.name || undefined,
        notInProject: q.not_in_project,
        includeInactive: q.include_inactive,
        state: q.state,
        sortBy: q.sort_by,
        descending: q.descending,
        page: q.page,
        size: q.size,
      });
    },
  );

  app.post(
    base,
    {
      schema: { operationId: 'inviteUser', tags, summary: 'Invite someone by email (same answer whether or not they have an account); returns the link to share', params: organizationIdParams, body: inviteUser, response: { 201: invitation, ...errors } },
      config: { access: access.organization('users:invite') },
    },
    async (request, reply) => reply.status(201).send(await invitations.invite(request.ctx, request.params.organization_id, request.body)),
  );

  app.post(
    '/api/organizations/:organization_id/users_force',
    {
      schema: { operationId: 'createUser', tags, summary: 'Create a member directly (with a first password at the embedded provider) when the organization has the person alone; anyone else gets a pending invitation to accept', params: organizationIdParams, body: createUser, response: { 201: organizationMember, ...errors } },
      config: { access: access.organization('users:invite') },
    },
    async (request, reply) => reply.status(201).send(await invitations.createDirectly(request.ctx, request.params.organization_id, request.body)),
  );

  app.patch(
    `${base}/:user_id`,
    {
      schema: { operationId: 'updateUserOid', tags, summary: "Pin the user's subject at the identity provider", params: memberParams, body: updateUserOid, response: { 200: organizationMember, ...errors } },
      config: { access: access.organization('users:update') },
    },
    async (request) => service.setSubject(request.ctx, request.params.organization_id, request.params.user_id, request.body.oid),
  );

  app.patch(
    `${base}/:user_id/status`,
    {
      schema: { operationId: 'setUserStatus', tags, summary: 'Deactivate (sessions end at once) or reactivate a member', params: memberParams, body: userActivationStatus, response: { 200: organizationMember, ...errors } },
      config: { access: access.organization('users:status_update') },
    },
    async (request) => service.setStatus(request.ctx, request.params.organization_id, request.params.user_id, request.body.status),
  );

  app.patch(
    `${base}/:user_id/roles`,
    {
      schema: { operationId: 'replaceUserRoles', tags, summary: "Replace a member's organization roles", params: memberParams, body: organizationRoles, response: { 200: organizationMember, ...errors } },
      config: { access: access.organization('user_roles:update') },
    },
    async (request) => service.replaceRoles(request.ctx, request.params.organization_id, request.params.user_id, request.body.roles),
  );

  app.post(
    `${base}/:user_id/roles`,
    {
      schema: { operationId: 'addUserRole', tags, summary: 'Give a member one more organization role', params: memberParams, querystring: roleQuery, response: { 200: organizationMember, ...errors } },
      config: { access: access.organization('user_roles:assign') },
    },
    async (request) => service.addRole(request.ctx, request.params.organization_id, request.params.user_id, request.query.role),
  );

  app.delete(
    `${base}/:user_id/roles`,
    {
      schema: { operationId: 'removeUserRole', tags, summary: 'Take one organization role from a member', params: memberParams, querystring: roleQuery, response: { 200: organizationMember, ...errors } },
      config: { access: access.organization('user_roles:delete') },
    },
    async (request) => service.removeRole(request.ctx, request.params.organization_id, request.params.user_id, request.query.role),
  );

  const userParams = z.object({ user_id: uuid });
  app.post(
    '/api/users/:user_id/cancel-invites',
    {
      schema: { operationId: 'cancelInvites', tags, summary: "Cancel the user's pending invitation", params: userParams, querystring: organizationQuery, response: { 200: organizationMember, ...errors } },
      config: { access: access.organization('users:invite') },
    },
    async (request) => invitations.cancelInvites(request.ctx, request.query.organization_id, request.params.user_id),
  );

  app.post(
    '/api/users/:user_id/resend-invite',
    {
      schema: { operationId: 'resendInvite', tags, summary: 'Issue a new invitation (new link, new expiry); the old link stops working', params: userParams, querystring: organizationQuery, response: { 200: invitation, ...errors } },
      config: { access: access.organization('users:invite') },
    },
    async (request) => invitations.resendInvite(request.ctx, request.query.organization_id, request.params.user_id),
  );

  app.get(
    '/api/users/:user_id/signup-link',
    {
      schema: { operationId: 'getSignupLink', tags, summary: 'A fresh sign-up link for an open invitation (links are stored only as hashes, so the previous one stops working)', params: userParams, querystring: organizationQuery, response: { 200: signupLink, ...errors } },
      config: { access: access.organization('users:invite') },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await invitations.freshSignupLink(request.ctx, request.query.organization_id, request.params.user_id)),
  );
}
