import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, computed once: they never vary by request (no CSP nonces), and building helmet's
 * middleware for every request — what @fastify/helmet does — was a tenth of the busy time of the
 * authenticated hot path (docs/profiles/).
 */
export function securityHeaderValues(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * What a built script, style or font under /assets/ needs of them: not to be read as another type, not to be
 * loaded by other origins, HTTPS only. The rest (the Content-Security-Policy, framing, referrer, opener…)
 * governs documents, and a document's policy governs the scripts it loads (the app starts no worker from a
 * file); sent with each of the first screen's 25 files, they were a quarter of its bytes (docs/benchmarks.md).
 */
const ASSET_HEADERS = new Set(['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security']);

/** Security headers for every response; the SPA needs inline styles (emotion) and nothing from other origins. */
export default fp(async function securityHeaders(app: FastifyInstance) {
  // Error reporting, when configured, posts to the DSN's origin and records replays in a blob worker.
  const sentry = app.deps.config.sentryDsn ? new URL(app.deps.config.sentryDsn).origin : undefined;
  const headers = securityHeaderValues({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...(sentry ? [sentry] : [])],
        'worker-src': ["'self'", ...(sentry ? ['blob:'] : [])],
        // The evidence preview frames the PDF it fetched with the session (a `blob:` URL of this page, which
        // inherits this policy): frames only, and nothing else from `blob:` but images.
        'frame-src': ['blob:'],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': null,
      },
    },
    strictTransportSecurity: app.deps.config.publicUrl.startsWith('https://'),
    crossOriginEmbedderPolicy: false,
  });
  const assetHeaders = Object.fromEntries(Object.entries(headers).filter(([name]) => ASSET_HEADERS.has(name)));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/assets/') ? assetHeaders : headers);
    done();
  });
});
