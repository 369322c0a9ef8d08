import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { XSRF_COOKIE, XSRF_HEADER } from '@aegis/contracts';
import { randomSecret } from '../lib/crypto';
import { forbidden } from '../lib/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The anti-forgery token of this browser (from its cookie, or newly issued with this response). */
    xsrfToken: string;
  }
}

/** Cookies that authenticate a request on their own; a state change riding on them needs the XSRF header. */
export const AUTH_COOKIES = ['aegis_oidc', 'aegis_session'];

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit anti-forgery: the XSRF-TOKEN cookie is readable by our own pages only, and a
 * cookie-authenticated POST/PUT/PATCH/DELETE must echo it in X-XSRF-TOKEN. Bearer calls are exempt:
 * a forged cross-site request cannot attach an Authorization header.
 */
export default fp(async function xsrf(app: FastifyInstance) {
  const secure = app.deps.config.publicUrl.startsWith('https://');
  app.decorateRequest('xsrfToken', '');
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    // A bearer call is exempt below and comes from a client that is not a browser page: it gets no cookie
    // (issuing one is a random secret and a Set-Cookie on every API call).
    if (!cookie && request.headers.authorization) return;
    request.xsrfToken = cookie ?? randomSecret(24);
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, request.xsrfToken, { path: '/', sameSite: 'strict', secure, httpOnly: false });
    }
    if (SAFE_METHODS.has(request.method) || request.headers.authorization) return;
    if (!request.url.startsWith('/api/')) return;
    if (!AUTH_COOKIES.some((name) => request.cookies[name] !== undefined)) return;
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || header !== cookie) {
      throw forbidden('Missing or invalid X-XSRF-TOKEN header', 'xsrf_mismatch');
    }
  });
});
