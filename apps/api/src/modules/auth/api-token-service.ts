import { API_TOKEN_DEFAULT_TTL_DAYS, API_TOKEN_MAX_TTL_DAYS, API_TOKEN_PREFIX, type ApiToken, type CreatedApiToken, type CreateToken, type Page } from '@aegis/contracts';
import type { Deps } from '../../deps';
import { randomSecret, sha256 } from '../../lib/crypto';
import { forbidden, notFound, unprocessable } from '../../lib/errors';
import { pageOf } from '../../lib/paging';
import type { RequestContext } from '../../plugins/auth';
import { notifyUsers } from '../notifications/notify';
import { apiTokenRepository, type ApiTokenRow } from './api-token-repository';

const toApiToken = (row: ApiTokenRow): ApiToken => ({
  token_id: row.id,
  name: row.name,
  prefix: row.prefix,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt?.toISOString() ?? null,
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  rights: row.rights ?? null,
});

const DAY_MS = 24 * 3600 * 1000;

export function apiTokenService(deps: Pick<Deps, 'db' | 'clock'>) {
  const organizationOf = (ctx: RequestContext) => {
    if (!ctx.organizationId) throw forbidden('API tokens belong to an organization, and you are not a member of any', 'no_organization');
    return ctx.organizationId;
  };

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
      const secret = `${API_TOKEN_PREFIX}${randomSecret(32)}`;
      const row = await deps.db.transaction(async (tx) => {
        const created = await apiTokenRepository.insert(tx, {
          userId: ctx.user.id,
          organizationId,
          name: input.name,
          prefix: secret.slice(0, API_TOKEN_PREFIX.length + 6),
          tokenHash: sha256(secret),
          // Never more than the token that creates it.
          rights: ctx.narrowedRights ? [...ctx.narrowedRights].sort() : null,
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
      return { ...toApiToken(row), token: secret };
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
