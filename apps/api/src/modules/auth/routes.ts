import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dummyQuery,
  errorResponse,
  oauthErrorResponse,
  ORGANIZATION_PERMISSIONS,
  PROJECT_PERMISSIONS,
  refreshRequest,
  registerRequest,
  REVOCABLE_TOKEN_TYPES,
  revocationErrorResponse,
  revokeRequest,
  tokenPair,
  tokenRequest,
  tokenStatus,
} from '@aegis/contracts';
import { access } from '../../plugins/access';
import { badRequest, notFound, unprocessable } from '../../lib/errors';
import { usableInvitation } from '../organizations/invitation-check';
import { people } from '../users/people';
import { clearSessionFamily, clearTransaction, readSessionFamily, readTransaction, setSessionFamily, setTransaction } from './cookies';
import type { SignInFlow } from './oidc-relying-party';
import { signInService } from './sign-in-service';
import { oauthErrorHandler, requireGrantType, requireRevocableTokenType, revocationErrorHandler } from './oauth-errors';
import { tokenService, type IssuedTokens } from './token-service';

const tags = ['auth'];
const KNOWN_RIGHTS = new Set<string>([...ORGANIZATION_PERMISSIONS, ...PROJECT_PERMISSIONS]);
/** The token endpoints answer every error a client causes with 400 (RFC 6749 §5.2, oauth-errors.ts). */
const tokenErrors = { 400: oauthErrorResponse, 429: errorResponse };

export async function authRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const signIn = signInService(deps);
  const tokens = tokenService(deps);
  const rateLimit = { max: deps.config.authRateLimitMax, timeWindow: '1 minute' };

  const respond = (reply: FastifyReply, issued: IssuedTokens, status: number) => {
    const { familyId, ...pair } = issued;
    setSessionFamily(reply, familyId);
    return reply.status(status).header('cache-control', 'no-store').header('pragma', 'no-cache').send(pair);
  };

  const requireTransaction = (request: FastifyRequest, flow: SignInFlow) => {
    const transaction = readTransaction(request);
    if (!transaction || transaction.flow !== flow) {
      throw badRequest('No sign-in is in progress in this browser, or it expired; start signing in again', 'sign_in_expired');
    }
    return transaction;
  };

  app.get(
    '/api/auth/authorize',
    {
      schema: { operationId: 'authorize', tags, summary: 'Start signing in: redirects to the identity provider', response: { 302: z.null(), 502: errorResponse } },
      config: { access: access.public, rateLimit },
    },
    async (_request, reply) => {
      const { url, transaction } = await deps.relyingParty.authorizationUrl('signin');
      setTransaction(reply, transaction);
      return reply.redirect(url, 302);
    },
  );

  app.get(
    '/api/auth/authorize/:token',
    {
      schema: {
        operationId: 'authorizeSignup',
        tags,
        summary: 'Start signing up from an invitation: redirects to the identity provider',
        params: z.object({ token: z.string().min(1).max(512) }),
        response: { 302: z.null() },
      },
      config: { access: access.public, rateLimit },
    },
    async (request, reply) => {
      const invitation = await usableInvitation(deps.db, request.params.token, deps.clock.now()).catch((error: { code?: string }) => {
        if (error.code === 'invitation_not_found') return 'not_found' as const;
        return 'expired' as const;
      });
      if (invitation === 'not_found') return reply.redirect('/problem?error=invitation_not_found', 302);
      if (invitation === 'expired') return reply.redirect('/token-expired', 302);
      const extra: Record<string, string> = { login_hint: invitation.email };
      if (deps.idp) extra.signup_token = request.params.token;
      const { url, transaction } = await deps.relyingParty.authorizationUrl('signup', extra, request.params.token);
      setTransaction(reply, transaction);
      return reply.redirect(url, 302);
    },
  );

  app.post(
    '/api/auth/token',
    {
      schema: {
        operationId: 'token',
        tags,
        summary: 'Exchange the authorization code for tokens',
        body: tokenRequest,
        response: { 201: tokenPair, ...tokenErrors, 502: errorResponse, 503: errorResponse },
      },
      config: { access: access.public, rateLimit },
      preValidation: requireGrantType('authorization_code'),
      errorHandler: oauthErrorHandler,
    },
    async (request, reply) => {
      const transaction = requireTransaction(request, 'signin');
      clearTransaction(reply);
      const identity = await deps.relyingParty.exchange(request.body.code, transaction, request.body.state);
      return respond(reply, await signIn.signIn(identity), 201);
    },
  );

  app.post(
    '/api/auth/register',
    {
      schema: {
        operationId: 'register',
        tags,
        summary: 'Accept an invitation with the authorization code of the sign-up (token defaults to the invitation the sign-up started from)',
        body: registerRequest,
        response: { 201: tokenPair, ...tokenErrors, 502: errorResponse, 503: errorResponse },
      },
      config: { access: access.public, rateLimit },
      preValidation: requireGrantType('authorization_code'),
      errorHandler: oauthErrorHandler,
    },
    async (request, reply) => {
      const transaction = requireTransaction(request, 'signup');
      clearTransaction(reply);
      const invitation = request.body.token ?? transaction.invitation;
      if (!invitation) throw badRequest('token is required: the invitation token of the sign-up', 'invalid_request');
      const identity = await deps.relyingParty.exchange(request.body.code, transaction, request.body.state);
      return respond(reply, await signIn.register(identity, invitation), 201);
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      schema: { operationId: 'refresh', tags, summary: 'Rotate a refresh token', body: refreshRequest, response: { 200: tokenPair, ...tokenErrors, 503: errorResponse } },
      config: { access: access.public, rateLimit: { ...rateLimit, max: rateLimit.max * 4 } },
      preValidation: requireGrantType('refresh_token'),
      errorHandler: oauthErrorHandler,
    },
    async (request, reply) => {
      return respond(reply, await tokens.refresh(request.body.refresh_token), 200);
    },
  );

  app.post(
    '/api/auth/revoke',
    {
      schema: {
        operationId: 'revokeToken',
        tags,
        summary: 'Revoke a refresh or access token (RFC 7009): its whole session ends at once',
        description:
          'Holding the token is the proof: no bearer is needed. A refresh token or an access token ends the session it belongs to, ' +
          'so every token of that session stops working. An unknown, expired or already revoked token is answered 200 like a revoked one.',
        body: revokeRequest,
        response: { 200: z.object({}).describe('Revoked, or not a valid token (nothing to revoke): an empty object either way'), 400: revocationErrorResponse, 429: errorResponse, 503: errorResponse },
      },
      config: { access: access.public, rateLimit },
      preValidation: requireRevocableTokenType(REVOCABLE_TOKEN_TYPES),
      errorHandler: revocationErrorHandler,
    },
    async (request, reply) => {
      const familyId = await tokens.revoke(request.body.token, request.body.token_type_hint);
      // This browser's session cookie names the session just ended: logout has nothing left to do.
      if (familyId && readSessionFamily(request) === familyId) clearSessionFamily(reply);
      return reply.status(200).header('cache-control', 'no-store').header('pragma', 'no-cache').send({});
    },
  );

  app.get(
    '/api/auth/logout',
    {
      schema: { operationId: 'logout', tags, summary: 'Revoke this browser session, end the provider session, go to the login page', response: { 302: z.null() } },
      config: { access: access.public },
    },
    async (request, reply) => {
      const familyId = readSessionFamily(request);
      if (familyId) await tokens.revokeFamily(familyId);
      clearSessionFamily(reply);
      const loginUrl = `${deps.config.publicUrl}/login`;
      if (deps.idp) {
        await deps.idp.endSession(request.raw, reply.raw);
        return reply.redirect('/login', 302);
      }
      const endSession = await deps.relyingParty.endSessionUrl(loginUrl).catch(() => undefined);
      return reply.redirect(endSession ?? '/login', 302);
    },
  );

  app.get(
    '/api/auth/token/status',
    {
      schema: { operationId: 'tokenStatus', tags, summary: 'Tell whether the presented token is valid', response: { 200: tokenStatus, 401: errorResponse } },
      // Said of the token presented, from the token itself: nothing to keep.
      config: { access: access.user, readCache: false },
    },
    async (request) => {
      const { ctx } = request;
      return {
        valid: true as const,
        token_type: ctx.token.type,
        user_id: ctx.user.id,
        organization_id: ctx.organizationId,
        expires_at: ctx.token.expiresAt?.toISOString() ?? null,
      };
    },
  );

  app.get(
    '/api/auth/dummy',
    {
      schema: {
        operationId: 'dummyToken',
        tags,
        summary: 'Mint tokens for an existing user without the provider (tests and scripts; off unless AUTH_DUMMY_ENABLED)',
        querystring: dummyQuery,
        response: { 200: tokenPair, 404: errorResponse, 422: errorResponse },
      },
      config: { access: access.public },
    },
    async (request, reply) => {
      if (!deps.config.authDummyEnabled) throw notFound('Route');
      const rights = request.query.rights
        ?.split(',')
        .map((r) => r.trim())
        .filter(Boolean);
      const unknown = rights?.filter((r) => !KNOWN_RIGHTS.has(r));
      if (unknown?.length) throw unprocessable(`Unknown rights: ${unknown.join(', ')}`);
      const user = await people.findByEmail(deps.db, request.query.x);
      if (!user) throw notFound('User');
      const organizationId = (await people.firstActiveOrganizationId(deps.db, user.id)) ?? null;
      await people.markSignedIn(deps.db, user.id, deps.clock.now());
      return respond(reply, await tokens.issue(deps.db, { userId: user.id, organizationId, rights: rights ?? null }), 200);
    },
  );
}
