import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Security headers for every response; the SPA needs inline styles (emotion) and nothing from other origins. */
export default fp(async function securityHeaders(app: FastifyInstance) {
  // Error reporting, when configured, posts to the DSN's origin and records replays in a blob worker.
  const sentry = app.deps.config.sentryDsn ? new URL(app.deps.config.sentryDsn).origin : undefined;
  await app.register(helmet, {
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
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': null,
      },
    },
    strictTransportSecurity: app.deps.config.publicUrl.startsWith('https://'),
    crossOriginEmbedderPolicy: false,
  });
});
