import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { XSRF_COOKIE } from '@aegis/contracts';
import { access } from '../plugins/access';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../lib/crypto';
import { AppError } from '../lib/errors';
import { linkMayCreateAccount } from '../modules/organizations/account-provisioning';
import { usableInvitation } from '../modules/organizations/invitation-check';
import { memberships } from '../modules/organizations/memberships';
import { accountRepository } from './account-repository';
import { IDP_PATH, type EmbeddedIdp } from './provider';
import { signInBackoff } from './sign-in-backoff';
import { loginPage, messagePage, signupPage } from './views';

const loginForm = z.object({ email: z.string().default(''), password: z.string().default(''), xsrf: z.string().default('') });
const signupForm = z.object({
  firstname: z.string().default(''),
  lastname: z.string().default(''),
  password: z.string().default(''),
  xsrf: z.string().default(''),
});
const uidParams = z.object({ uid: z.string().min(1).max(100) });

function html(reply: FastifyReply, body: string, status = 200) {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

/** The embedded provider under /idp: its own endpoints, and our login and sign-up pages. */
export async function idpPlugin(root: FastifyInstance, opts: { idp: EmbeddedIdp }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { provider } = opts.idp;
  const { db, clock } = app.deps;
  const rateLimit = { max: app.deps.config.authRateLimitMax, timeWindow: '1 minute' };

  async function details(request: FastifyRequest, reply: FastifyReply) {
    try {
      return await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      throw new AppError(400, 'This sign-in page has expired; start signing in again', 'interaction_expired');
    }
  }

  const xsrfOk = (request: FastifyRequest, value: string) => value !== '' && value === request.cookies[XSRF_COOKIE];

  async function finishLogin(request: FastifyRequest, reply: FastifyReply, accountId: string) {
    reply.hijack();
    await provider.interactionFinished(request.raw, reply.raw, { login: { accountId } }, { mergeWithLastSubmission: false });
  }

  async function renderSignup(request: FastifyRequest, reply: FastifyReply, uid: string, token: string, extra: { error?: string; firstname?: string; lastname?: string } = {}) {
    const invitation = await usableInvitation(db, token, clock.now()).catch(() => undefined);
    if (!invitation) return html(reply, messagePage('Invitation not usable', 'This invitation link is invalid, used or expired. Ask your administrator for a new one.'), 410);
    const organization = await memberships.organization(db, invitation.organizationId);
    return html(
      reply,
      signupPage({
        action: `${IDP_PATH}/interaction/${uid}/signup`,
        xsrf: request.xsrfToken,
        email: invitation.email,
        organizationName: organization?.name ?? 'an organization',
        ...extra,
      }),
      extra.error ? 422 : 200,
    );
  }

  app.get(`${IDP_PATH}/interaction/:uid`, { schema: { hide: true, params: uidParams }, config: { access: access.public } }, async (request, reply) => {
    const interaction = await details(request, reply);
    const signupToken = interaction.params.signup_token;
    if (interaction.prompt.name === 'login' && typeof signupToken === 'string' && signupToken) {
      // A link that may not create the account leads to signing in: the invitee accepts as themselves.
      const invitation = await usableInvitation(db, signupToken, clock.now()).catch(() => undefined);
      if (!invitation || (await linkMayCreateAccount(db, invitation))) return renderSignup(request, reply, interaction.uid, signupToken);
    }
    if (interaction.prompt.name !== 'login') {
      throw new AppError(400, `Unsupported sign-in step: ${interaction.prompt.name}`, 'interaction_unsupported');
    }
    const hint = typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : undefined;
    return html(reply, loginPage({ action: `${IDP_PATH}/interaction/${interaction.uid}/login`, xsrf: request.xsrfToken, email: hint }));
  });

  app.post(
    `${IDP_PATH}/interaction/:uid/login`,
    { schema: { hide: true, params: uidParams, body: loginForm }, config: { access: access.public, rateLimit } },
    async (request, reply) => {
      const interaction = await details(request, reply);
      const { email, password, xsrf } = request.body;
      const action = `${IDP_PATH}/interaction/${interaction.uid}/login`;
      if (!xsrfOk(request, xsrf)) {
        return html(reply, loginPage({ action, xsrf: request.xsrfToken, email, error: 'Your sign-in form expired. Please try again.' }), 403);
      }
      const key = email.trim().toLowerCase().slice(0, 320);
      const wait = await signInBackoff.waitMs(db, key, clock.now());
      if (wait > 0) {
        const minutes = Math.ceil(wait / 60_000);
        reply.header('retry-after', String(Math.ceil(wait / 1000)));
        const error = `Too many failed sign-ins for this account. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
        return html(reply, loginPage({ action, xsrf: request.xsrfToken, email, error }), 429);
      }
      const account = key ? await accountRepository.findByEmail(db, key) : undefined;
      const valid = account ? await verifyPassword(password, account.passwordHash) : (await burnPasswordCheck(password), false);
      if (!account || !valid) {
        if (key) await signInBackoff.recordFailure(db, key, clock.now());
        return html(reply, loginPage({ action, xsrf: request.xsrfToken, email, error: 'Invalid email or password.' }), 401);
      }
      await signInBackoff.clear(db, key);
      return finishLogin(request, reply, account.id);
    },
  );

  app.post(
    `${IDP_PATH}/interaction/:uid/signup`,
    { schema: { hide: true, params: uidParams, body: signupForm }, config: { access: access.public, rateLimit } },
    async (request, reply) => {
      const interaction = await details(request, reply);
      const token = interaction.params.signup_token;
      if (typeof token !== 'string' || !token) throw new AppError(400, 'This sign-in is not a sign-up', 'not_signup');
      const form = request.body;
      const firstname = form.firstname.trim();
      const lastname = form.lastname.trim();
      const retry = (error: string) => renderSignup(request, reply, interaction.uid, token, { error, firstname, lastname });
      if (!xsrfOk(request, form.xsrf)) return retry('Your sign-up form expired. Please try again.');
      if (!firstname || !lastname) return retry('First name and last name are required.');
      if (firstname.length > 100 || lastname.length > 100) return retry('Names must be at most 100 characters.');
      if (form.password.length < 8) return retry('The password must have at least 8 characters.');
      if (form.password.length > 200) return retry('The password must have at most 200 characters.');
      const invitation = await usableInvitation(db, token, clock.now()).catch(() => undefined);
      if (!invitation) return renderSignup(request, reply, interaction.uid, token);
      if (!(await linkMayCreateAccount(db, invitation))) {
        const error = 'This invitation is accepted by signing in to your existing account.';
        return html(reply, loginPage({ action: `${IDP_PATH}/interaction/${interaction.uid}/login`, xsrf: request.xsrfToken, email: invitation.email, error }), 409);
      }
      const account = await accountRepository.create(db, {
        email: invitation.email,
        passwordHash: await hashPassword(form.password),
        givenName: firstname,
        familyName: lastname,
      });
      if (!account) return retry('An account with this email already exists. Sign in instead.');
      return finishLogin(request, reply, account.id);
    },
  );

  // Everything else under /idp is the provider's own (discovery, authorize, token, jwks, end session).
  await app.register(async (scope) => {
    // Leave the body unread: the provider parses its own requests.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const callback = provider.callback();
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(IDP_PATH.length) || '/';
      // Security headers set by helmet live on the reply; copy them onto the raw response we hand over.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value as string);
      }
      await callback(raw, reply.raw);
    };
    scope.all(`${IDP_PATH}/*`, { schema: { hide: true }, config: { access: access.public } }, handler);
  });
}
