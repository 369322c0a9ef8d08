import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inArray } from 'drizzle-orm';
import fp from 'fastify-plugin';
import {
  API_TOKEN_PREFIX,
  organizationRightsFor,
  projectRightsFor,
  type OrganizationRole,
  type ProjectRole,
} from '@aegis/contracts';
import type { Executor } from '../db/client';
import { organizations, type users } from '../db/schema';
import { sha256 } from '../lib/crypto';
import { forbidden, notFound, unauthorized } from '../lib/errors';
import type { Access } from './access';
import { createCallerCache, type CallerCache } from './caller-cache';

type UserRow = typeof users.$inferSelect;

/**
 * The lookups this plugin needs, given by the app's composition (src/composition.ts): a shared plugin
 * never imports a feature module (eslint/boundaries.js), the modules plug into it.
 */
export type CallerLookups = {
  apiTokenByHash(db: Executor, tokenHash: string): Promise<
    | {
        id: string;
        userId: string;
        organizationId: string;
        rights: string[] | null;
        /** The one project the token reaches; null: every project. */
        projectId: string | null;
        expiresAt: Date | null;
        lastUsedAt: Date | null;
      }
    | undefined
  >;
  touchApiToken(db: Executor, id: string, at: Date): Promise<void>;
  /** The user, their membership in the organization (if any) and whether the session is still open. */
  caller(
    db: Executor,
    userId: string,
    organizationId: string | null,
    sessionId: string | null,
  ): Promise<{ user: UserRow; membership: { organizationName: string; roles: OrganizationRole[] } | undefined; sessionOpen: boolean } | undefined>;
  projectRoles(db: Executor, userId: string, organizationId: string, projectId: string): Promise<ProjectRole[] | undefined>;
};

/** Who is calling and what they may do; built once per request by this plugin and passed down whole. */
export type RequestContext = {
  user: UserRow;
  organizationId: string | null;
  organizationName: string | null;
  organizationRoles: OrganizationRole[];
  organizationRights: Set<string>;
  /** Set when the token was narrowed to some rights; every right outside it is withheld. */
  narrowedRights: Set<string> | null;
  /**
   * Set when the token (an API token) was narrowed to one project: every other project is not found
   * (`projectRights`/`projectRoles` answer undefined for it), and routes not about a project are refused.
   */
  narrowedProjectId?: string | null;
  /** `id` is the API token's id, or the session id of an access token. */
  token: { type: 'access' | 'api'; expiresAt: Date | null; id: string | null };
  hasOrganizationRight(right: string): boolean;
  /** Rights on a project of the caller's organization; undefined when the project is not there. */
  projectRights(projectId: string): Promise<Set<string> | undefined>;
  projectRoles(projectId: string): Promise<ProjectRole[] | undefined>;
  /**
   * A fact about the caller answered from this instance's memory (plugins/caller-cache.ts): only for what
   * the tables that announce caller changes (migration 0016) determine, such as their roles.
   */
  remembered<T>(key: string, lookup: () => Promise<T>): Promise<T>;
};

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
  interface FastifyInstance {
    /** Every registered route and the access it declares, for the route-permission test. */
    routeAccess: { method: string; url: string; access: Access | undefined }[];
    /** Who is calling, answered from memory (plugins/caller-cache.ts). */
    callerCache: CallerCache;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const API_TOKEN_TOUCH_INTERVAL_MS = 60_000;

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header) throw unauthorized('Missing bearer token', 'missing_token');
  const [scheme, token] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthorized('Authorization header must be "Bearer <token>"', 'invalid_token');
  return token.trim();
}

async function buildContext(app: FastifyInstance, lookups: CallerLookups, cache: CallerCache, request: FastifyRequest): Promise<RequestContext> {
  const { db } = app.deps;
  const now = app.deps.clock.now();
  const token = bearerToken(request);

  let userId: string;
  let organizationId: string | null;
  let narrowed: Set<string> | null = null;
  let narrowedProjectId: string | null = null;
  let sessionId: string | null = null;
  let tokenInfo: RequestContext['token'];
  if (token.startsWith(API_TOKEN_PREFIX)) {
    const row = await lookups.apiTokenByHash(db, sha256(token));
    if (!row) throw unauthorized('Unknown or revoked API token', 'invalid_token');
    if (row.expiresAt && row.expiresAt <= now) throw unauthorized('API token expired', 'token_expired');
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > API_TOKEN_TOUCH_INTERVAL_MS) {
      await lookups.touchApiToken(db, row.id, now);
    }
    userId = row.userId;
    organizationId = row.organizationId;
    narrowed = row.rights ? new Set(row.rights) : null;
    narrowedProjectId = row.projectId ?? null;
    tokenInfo = { type: 'api', expiresAt: row.expiresAt, id: row.id };
  } else {
    const claims = await app.deps.accessTokens.verify(token, now);
    userId = claims.userId;
    organizationId = claims.organizationId;
    narrowed = claims.rights ? new Set(claims.rights) : null;
    sessionId = claims.sessionId;
    tokenInfo = { type: 'access', expiresAt: claims.expiresAt, id: claims.sessionId };
  }

  const found = await lookups.caller(db, userId, organizationId, sessionId);
  if (!found) throw unauthorized('The account of this token no longer exists', 'invalid_token');
  if (!found.sessionOpen) throw unauthorized('This session has ended; sign in again', 'session_revoked');
  const { user, membership } = found;
  if (organizationId && !membership) throw unauthorized('You no longer have access to this organization', 'membership_revoked');
  const roles: OrganizationRole[] = membership?.roles ?? [];
  const organizationName = membership?.organizationName ?? null;

  // A narrowed token holds the intersection of its rights and the user's current ones (a demotion still
  // applies); the user reaches every project through full access even when the token lists no such right.
  const narrow = (rights: Iterable<string>) => new Set([...rights].filter((r) => !narrowed || narrowed.has(r)));
  const heldInOrganization = organizationId ? organizationRightsFor(roles, user.isSuperAdmin) : [];
  const organizationRights = narrow(heldInOrganization);
  const fullAccess = heldInOrganization.includes('projects:full_access');
  const projectRoleCache = new Map<string, Promise<ProjectRole[] | undefined>>();
  const projectRoles = (projectId: string) => {
    if (!organizationId || !UUID.test(projectId)) return Promise.resolve(undefined);
    // A token narrowed to a project meets every other one as not found.
    if (narrowedProjectId && projectId.toLowerCase() !== narrowedProjectId.toLowerCase()) return Promise.resolve(undefined);
    let roles = projectRoleCache.get(projectId);
    if (!roles) {
      roles = lookups.projectRoles(db, userId, organizationId, projectId);
      projectRoleCache.set(projectId, roles);
    }
    return roles;
  };

  return {
    user,
    organizationId,
    organizationName,
    organizationRoles: roles,
    organizationRights,
    narrowedRights: narrowed,
    narrowedProjectId,
    token: tokenInfo,
    hasOrganizationRight: (right) => organizationRights.has(right),
    projectRoles,
    remembered: (key, lookup) => cache.remember(userId, `r|${key}`, lookup),
    async projectRights(projectId) {
      const held = await projectRoles(projectId);
      if (!held) return undefined;
      return narrow(projectRightsFor(held, { fullAccess, isSuperAdmin: user.isSuperAdmin }));
    },
  };
}

/** Whether the route's query schema (a zod object) has the parameter. */
function declaresQuery(request: FastifyRequest, name: string): boolean {
  const query = request.routeOptions.schema?.querystring as { shape?: Record<string, unknown> } | undefined;
  return Boolean(query?.shape && Object.hasOwn(query.shape, name));
}

/** Whether every id names an organization; ids that are no uuid are left to the route's validation (422). */
async function organizationsExist(app: FastifyInstance, ids: unknown[]): Promise<boolean> {
  const uuids = [...new Set(ids.filter((id): id is string => typeof id === 'string' && UUID.test(id)))];
  if (!uuids.length) return true;
  const found = await app.deps.db.select({ id: organizations.id }).from(organizations).where(inArray(organizations.id, uuids));
  return found.length === uuids.length;
}

async function authorize(app: FastifyInstance, lookups: CallerLookups, cache: CallerCache, request: FastifyRequest, access: Access) {
  if (access.kind === 'public') return;
  request.ctx = await buildContext(app, lookups, cache, request);
  const { ctx } = request;
  // An organization id in the path or query must be the caller's own: another organization's answers 404.
  // The query names one only on routes that read it there; elsewhere it is an unknown parameter, ignored.
  const organizationIds = [
    (request.params as Record<string, unknown>).organization_id,
    declaresQuery(request, 'organization_id') ? (request.query as Record<string, unknown> | undefined)?.organization_id : undefined,
  ].filter((id) => id !== undefined);
  const platformOperator = ctx.hasOrganizationRight('internal_metrics:read');
  const spansOrganizations = access.kind === 'platform' || (access.kind === 'organization' && access.platform === true);
  const others = organizationIds.filter((id) => id !== ctx.organizationId);
  if (others.length && !ctx.user.isSuperAdmin && !(spansOrganizations && platformOperator)) {
    throw notFound('Organization');
  }
  // Those who may reach other organizations meet one that does not exist as everyone does: 404.
  if (others.length && !(await organizationsExist(app, others))) throw notFound('Organization');
  // A token narrowed to a project reaches that project's routes only: whatever is not about one project
  // (organization-wide lists, members, admin, tags, notifications, the caller's own profile) may read or
  // change the rest of the organization, so it is refused whatever rights the token lists.
  if (ctx.narrowedProjectId && access.kind !== 'project') {
    throw forbidden("This API token is narrowed to one project: it reaches only that project's routes", 'token_project_scope');
  }
  if (access.kind === 'platform' && !platformOperator) throw forbidden('Missing permission internal_metrics:read');
  if (access.kind === 'organization') {
    if (!ctx.organizationId) throw forbidden('You are not a member of any organization', 'no_organization');
    if (!ctx.hasOrganizationRight(access.right)) throw forbidden(`Missing permission ${access.right}`);
  }
  if (access.kind === 'project') {
    // The project id sits in the path, or in the query for the user-role routes (`?project_id=`).
    const projectId =
      (request.params as Record<string, string | undefined>)[access.param] ??
      (request.query as Record<string, string | undefined> | undefined)?.[access.param] ??
      '';
    const rights = await ctx.projectRights(projectId);
    if (!rights) throw notFound('Project');
    if (!rights.has(access.right)) throw forbidden(`Missing permission ${access.right} on this project`);
  }
}

/** Authenticates every non-public route and enforces the access it declares, before the body is read. */
export default fp(async function auth(app: FastifyInstance, options: { lookups: CallerLookups }) {
  app.decorate('routeAccess', []);
  app.decorateRequest('ctx', null as unknown as RequestContext);

  const cache = createCallerCache(app.deps?.database);
  app.decorate('callerCache', cache);
  try {
    await cache.start();
  } catch (error) {
    app.log.warn({ err: error }, 'caller cache disabled: cannot listen for caller changes');
  }
  app.addHook('onClose', async () => cache.stop());
  const lookups = cache.wrap(options.lookups);
  // A change this instance made must be heard before its answer goes out, so the caller's next request
  // never meets what the change replaced (another instance hears it within the notification's delay).
  // Writes are the requests that are not reads, and the unauthenticated ones (signing out is a GET).
  app.addHook('onSend', async (request) => {
    if (!SAFE_METHODS.has(request.method) || !request.ctx) await cache.afterOwnWrites();
  });

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const declared = route.config?.access;
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.routeAccess.push({ method, url: route.url, access: declared });
    }
    if (route.url.startsWith('/api') && !declared && !route.url.startsWith('/api/docs')) {
      throw new Error(`Route ${methods.join(',')} ${route.url} declares no access (config.access)`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const declared = request.routeOptions.config?.access;
    if (declared) await authorize(app, lookups, cache, request, declared);
  });
});
