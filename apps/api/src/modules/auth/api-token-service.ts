import {
  API_TOKEN_DEFAULT_TTL_DAYS,
  API_TOKEN_MAX_TTL_DAYS,
  API_TOKEN_PREFIX,
  PROJECT_PERMISSIONS,
  organizationRightsFor,
  projectRightsFor,
  type ApiToken,
  type CreatedApiToken,
  type CreateToken,
  type Page,
} from '@aegis/contracts';
import type { Deps } from '../../deps';
import { randomSecret, sha256 } from '../../lib/crypto';
import { AppError, forbidden, notFound, unprocessable } from '../../lib/errors';
import { pageOf } from '../../lib/paging';
import type { RequestContext } from '../../plugins/auth';
import { notifyUsers } from '../notifications/notify';
import { apiTokenRepository, type ApiTokenListed } from './api-token-repository';

const PROJECT_RIGHTS: ReadonlySet<string> = new Set(PROJECT_PERMISSIONS);

/** A 422 naming the refused entry of `rights`, as validation failures do. */
const badRight = (index: number, message: string) => new AppError(422, message, undefined, [{ path: `body.rights.${index}`, message }]);

const toApiToken = (row: ApiTokenListed): ApiToken => ({
  token_id: row.id,
  name: row.name,
  prefix: row.prefix,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt?.toISOString() ?? null,
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  rights: row.rights ?? null,
  project_id: row.projectId ?? null,
  project_name: row.projectId ? row.projectName : null,
});

const DAY_MS = 24 * 3600 * 1000;

export function apiTokenService(deps: Pick<Deps, 'db' | 'clock'>) {
  const organizationOf = (ctx: RequestContext) => {
    if (!ctx.organizationId) throw forbidden('API tokens belong to an organization, and you are not a member of any', 'no_organization');
    return ctx.organizationId;
  };

  /**
   * The rights the creator holds where the token will reach: on its project, or (a token for every project)
   * in the organization and on any of its projects — already narrowed to what the creating token holds.
   */
  async function heldBy(ctx: RequestContext, organizationId: string, projectRights: Set<string> | undefined): Promise<Set<string>> {
    if (projectRights) return projectRights;
    const fullAccess = organizationRightsFor(ctx.organizationRoles, ctx.user.isSuperAdmin).includes('projects:full_access');
    const roles = fullAccess || ctx.user.isSuperAdmin ? [] : await apiTokenRepository.projectRolesInOrganization(deps.db, ctx.user.id, organizationId);
    const onProjects = projectRightsFor(roles, { fullAccess, isSuperAdmin: ctx.user.isSuperAdmin }).filter((r) => !ctx.narrowedRights || ctx.narrowedRights.has(r));
    return new Set([...ctx.organizationRights, ...onProjects]);
  }

  return {
    async create(ctx: RequestContext, input: CreateToken): Promise<CreatedApiToken> {
      // A leaked API token must not be able to mint itself successors that outlive its revocation.
      if (ctx.token.type === 'api') throw forbidden('API tokens cannot create API tokens: sign in to create one', 'api_token_forbidden');
      const organizationId = organizationOf(ctx);
      const now = deps.clock.now();
      const expiresAt = input.expires_at ? new Date(input.expires_at) : new Date(now.getTime() + API_TOKEN_DEFAULT_TTL_DAYS * DAY_MS);
      if (expiresAt <= now) throw unprocessable('expires_at must be in the future');
      if (expiresAt.getTime() > now.getTime() + API_TOKEN_MAX_TTL_DAYS * DAY_MS) {
        throw unprocessable(`expires_at must be at most ${API_TOKEN_MAX_TTL_DAYS} days ahead`);
      }

      // A project the caller can see in their organization; any other is not found, as everywhere.
      let projectName: string | null = null;
      let projectRights: Set<string> | undefined;
      if (input.project_id) {
        projectRights = await ctx.projectRights(input.project_id);
        const name = projectRights?.size ? await apiTokenRepository.projectName(deps.db, organizationId, input.project_id) : undefined;
        if (!name) throw notFound('Project');
        projectName = name;
      }
      // Never more than its creator: every right asked for is one the creator holds where the token reaches.
      let rights: string[] | null = ctx.narrowedRights ? [...ctx.narrowedRights].sort() : null;
      if (input.rights) {
        const held = await heldBy(ctx, organizationId, projectRights);
        input.rights.forEach((right, index) => {
          if (projectRights && !PROJECT_RIGHTS.has(right)) {
            throw badRight(index, `${right} is an organization right: a token narrowed to a project reaches only that project's routes`);
          }
          if (!held.has(right)) throw badRight(index, `You do not hold ${right}${projectRights ? ' on this project' : ''}`);
        });
        rights = [...new Set(input.rights)].sort();
      }

      const secret = `${API_TOKEN_PREFIX}${randomSecret(32)}`;
      const row = await deps.db.transaction(async (tx) => {
        const created = await apiTokenRepository.insert(tx, {
          userId: ctx.user.id,
          organizationId,
          name: input.name,
          prefix: secret.slice(0, API_TOKEN_PREFIX.length + 6),
          tokenHash: sha256(secret),
          rights,
          projectId: input.project_id ?? null,
          createdAt: now,
          expiresAt,
        });
        // A new credential on an account is worth telling its owner about.
        await notifyUsers(tx, {
          organizationId,
          userIds: [ctx.user.id],
          name: 'API token created',
          message: `A personal API token named "${input.name}" was created for your account. If this was not you, delete it.`,
          link: '/tokens',
          objectType: 'api_token',
          objectId: created.id,
        });
        return created;
      });
      return { ...toApiToken({ ...row, projectName }), token: secret };
    },

    async list(ctx: RequestContext, page: number, size: number): Promise<Page<ApiToken>> {
      const { items, total } = await apiTokenRepository.listForUser(deps.db, ctx.user.id, organizationOf(ctx), page, size);
      return pageOf(items.map(toApiToken), total, page, size);
    },

    async remove(ctx: RequestContext, tokenId: string) {
      if (!(await apiTokenRepository.deleteForUser(deps.db, tokenId, ctx.user.id, organizationOf(ctx)))) throw notFound('API token');
    },
  };
}
