import { MAX_UPLOAD_BYTES } from '@aegis/contracts';
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { callerLookups, composeFeatures } from './composition';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Deps } from './deps';
import { idpPlugin } from './idp/plugin';
import { createEmbeddedIdp } from './idp/provider';
import { systemClock, type Clock } from './lib/clock';
import { injectFetch } from './lib/inject-fetch';
import { createJobEngine, type JobEngineOptions } from './jobs/engine';
import { registeredJobs } from './jobs/registry';
import { createMailer } from './lib/mailer';
import { loadServerSecrets } from './lib/secrets';
import { createStorage, type FileStorage } from './lib/storage';
import { accessTokenSigner } from './modules/auth/access-token';
import { apiTokenRoutes } from './modules/auth/api-token-routes';
import { createRelyingParty } from './modules/auth/oidc-relying-party';
import { authRoutes } from './modules/auth/routes';
import { feedbackRoutes } from './modules/feedback/routes';
import { commentRoutes } from './modules/comments/routes';
import { clientConfigRoutes } from './modules/health/client-config-routes';
import { healthRoutes } from './modules/health/routes';
import { organizationConfigRoutes } from './modules/organizations/config-routes';
import { memberRoutes } from './modules/organizations/member-routes';
import { organizationAdminRoutes } from './modules/organizations/organization-admin-routes';
import { tagRoutes } from './modules/organizations/tag-routes';
import { notificationsRoutes } from './modules/notifications/routes';
import { projectMemberRoutes } from './modules/projects/member-routes';
import { projectRoutes } from './modules/projects/routes';
import { usersRoutes } from './modules/users/routes';
import auth from './plugins/auth';
import compression from './plugins/compression';
import errors, { frameworkErrors, MAX_PARAM_LENGTH } from './plugins/errors';
import textGuard from './plugins/text-guard';
import openapi from './plugins/openapi';
import rateLimits from './plugins/rate-limit';
import readCache from './plugins/read-cache';
import securityHeaders from './plugins/security-headers';
import { compiledSerializerCompiler } from './plugins/serializer';
import spa from './plugins/spa';
import xsrf from './plugins/xsrf';
import multipart from '@fastify/multipart';
import { applicabilityRoutes } from './modules/applicability/routes';
import { soaRoutes } from './modules/applicability/soa-routes';
import { controlRoutes } from './modules/controls/routes';
import { frameworkRoutes } from './modules/frameworks/routes';
import { requirementRoutes } from './modules/requirements/routes';
import { riskRoutes } from './modules/risks/routes';
import { evidenceRoutes } from './modules/evidence/routes';
import { assetCardRoutes } from './modules/asset-cards/routes';
import { testingRoutes } from './modules/testing/routes';
import { reviewRoutes } from './modules/reviews/routes';
import { workItemRoutes } from './modules/work-items/routes';
import { platformFrameworkRoutes } from './modules/frameworks/platform-routes';
import { projectFrameworkRoutes } from './modules/frameworks/project-routes';

export type BuildOptions = {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Tests pass a storage of their own (a temporary folder, a fake bucket); otherwise from the config. */
  storage?: FileStorage;
  /** The built web app to serve; tests pass a folder of their own, otherwise apps/web/dist is looked up. */
  webRoot?: string;
  /** The background job engine's settings; tests shorten its intervals, or keep its workers off. */
  jobs?: JobEngineOptions;
};

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** Builds the whole app (plugins, then modules); the server and the tests both start from here. */
export async function buildApp({ config, database, clock = systemClock, logger, storage, webRoot, jobs }: BuildOptions) {
  composeFeatures();
  const secrets = await loadServerSecrets(database.db, config.jwtSecret);

  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler({ validate: config.validateResponses }));

  const idp = config.oidc
    ? undefined
    : createEmbeddedIdp({ db: database.db, publicUrl: config.publicUrl, secrets, trustProxy: config.trustProxy });
  const relyingParty = createRelyingParty({
    issuer: config.oidc?.issuer ?? idp!.issuer,
    clientId: config.oidc?.clientId ?? idp!.clientId,
    clientSecret: config.oidc ? config.oidc.clientSecret : idp!.clientSecret,
    publicUrl: config.publicUrl,
    fetch: idp ? injectFetch(app) : undefined,
  });
  const deps: Deps = {
    config,
    database,
    db: database.db,
    clock,
    secrets,
    accessTokens: accessTokenSigner(secrets.jwtSecret, config.publicUrl),
    relyingParty,
    mailer: createMailer(config, app.log),
    storage: storage ?? createStorage(config),
    idp,
    jobs: createJobEngine({ database, jobs: registeredJobs(), log: app.log, options: jobs }),
  };
  app.decorate('deps', deps);
  app.addHook('onClose', async () => deps.mailer.close());
  // Background work (file removal, statistics, and what features declare in src/composition.ts) runs on
  // pg-boss in this database: started once the app is ready, stopped before the database closes.
  app.addHook('onReady', async () => deps.jobs.start({ deps, log: app.log }));
  app.addHook('onClose', async () => deps.jobs.stop());
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(cookie, { secret: secrets.cookieSecret });
  await app.register(formbody);
  // Uploads stream; each route sets its own size limit below this one.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, parts: 25 } });
  await app.register(errors);
  await app.register(textGuard);
  await app.register(securityHeaders);
  await app.register(xsrf);
  await app.register(auth, { lookups: callerLookups });
  await app.register(rateLimits);
  // After auth (access is checked before a kept answer is sent) and before compression (it keeps the text).
  await app.register(readCache, { maxBytes: config.readCacheBytes });
  // Before every route: it attaches itself to the routes registered after it.
  await app.register(compression);
  await app.register(openapi);

  await app.register(healthRoutes);
  await app.register(clientConfigRoutes);
  await app.register(authRoutes);
  await app.register(apiTokenRoutes);
  await app.register(usersRoutes);
  await app.register(notificationsRoutes);
  await app.register(feedbackRoutes);
  await app.register(organizationConfigRoutes);
  await app.register(memberRoutes);
  await app.register(organizationAdminRoutes);
  await app.register(tagRoutes);
  await app.register(projectRoutes);
  await app.register(projectMemberRoutes);
  await app.register(commentRoutes);
  await app.register(frameworkRoutes);
  await app.register(platformFrameworkRoutes);
  await app.register(projectFrameworkRoutes);
  await app.register(requirementRoutes);
  await app.register(controlRoutes);
  await app.register(workItemRoutes);
  await app.register(reviewRoutes);
  await app.register(applicabilityRoutes);
  await app.register(soaRoutes);
  await app.register(riskRoutes);
  await app.register(evidenceRoutes);
  await app.register(assetCardRoutes);
  await app.register(testingRoutes);
  if (idp) await app.register(idpPlugin, { idp });
  await app.register(spa, { root: webRoot });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
