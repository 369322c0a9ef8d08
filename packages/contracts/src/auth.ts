import { z } from 'zod';
import { errorResponse, isoDateTime, uuid } from './common';
import { ORGANIZATION_PERMISSIONS, PROJECT_PERMISSIONS } from './permissions';

export const tokenPair = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});
export type TokenPair = z.infer<typeof tokenPair>;

export const tokenRequest = z.object({
  grant_type: z.string(),
  code: z.string().min(1).max(4096),
  /** The `state` the provider returned with the code; it must match the one this browser's sign-in started with. */
  state: z.string().min(1, 'state is required: send the state the identity provider returned with the code').max(512),
});

export const registerRequest = tokenRequest.extend({
  /** The invitation token; optional when the sign-up started in this browser (it travels in the sign-in cookie). */
  token: z.string().min(1).max(512).optional(),
});

export const refreshRequest = z.object({
  grant_type: z.string(),
  refresh_token: z.string().min(1).max(512),
});

/**
 * The 400 of the token endpoints (token, register, refresh): RFC 6749 §5.2's `error` and
 * `error_description`, with the API's own `detail` and `code` (the reason, e.g. wrong_email) beside them.
 */
export const oauthErrorResponse = errorResponse.extend({
  error: z.enum(['invalid_request', 'invalid_grant', 'unsupported_grant_type']),
  error_description: z.string(),
});
export type OAuthErrorResponse = z.infer<typeof oauthErrorResponse>;

/** The token types the revocation endpoint knows (RFC 7009 §2.1, `token_type_hint`). */
export const REVOCABLE_TOKEN_TYPES = ['refresh_token', 'access_token'] as const;

/**
 * RFC 7009 §2.1: the token to revoke, and optionally what it is. A refresh token or an access token ends
 * its whole sign-in (session); the hint only says where to look first.
 */
export const revokeRequest = z.object({
  token: z.string().min(1, 'token is required: the refresh or access token to revoke').max(4096),
  token_type_hint: z.enum(REVOCABLE_TOKEN_TYPES).optional(),
});
export type RevokeRequest = z.infer<typeof revokeRequest>;

/** The 400 of the revocation endpoint: RFC 6749 §5.2 and RFC 7009 §2.2.1, with `detail` and `code` beside them. */
export const revocationErrorResponse = errorResponse.extend({
  error: z.enum(['invalid_request', 'unsupported_token_type']),
  error_description: z.string(),
});

export const dummyQuery = z.object({
  x: z.email().max(320),
  rights: z.string().max(8192).optional(),
});

export const tokenStatus = z.object({
  valid: z.literal(true),
  token_type: z.enum(['access', 'api']),
  user_id: uuid,
  organization_id: uuid.nullable(),
  expires_at: isoDateTime.nullable(),
});

/** Every permission name an API token may be narrowed to (shared/PERMISSIONS.md), organization- and project-scoped. */
export const API_TOKEN_RIGHTS = [...new Set<string>([...ORGANIZATION_PERMISSIONS, ...PROJECT_PERMISSIONS])] as [string, ...string[]];

/** The preset of a pipeline's secret: push test metrics to one project, nothing else. */
export const API_TOKEN_PUSH_RIGHTS = ['testing_logs:create'] as const;

export const createToken = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100),
  /** Omitted or null: API_TOKEN_DEFAULT_TTL_DAYS from now; at most API_TOKEN_MAX_TTL_DAYS ahead. */
  expires_at: isoDateTime.nullable().optional(),
  /**
   * Narrows the token to one project of the caller's organization that the caller can see: every other
   * project is not found, and routes that are not about a project are refused. Omitted or null: every project.
   */
  project_id: uuid.nullable().optional(),
  /**
   * Narrows the token to these rights (each one the creator holds); at use, the user's current rights
   * still apply (intersection). Omitted or null: the creator's rights.
   */
  rights: z
    .array(z.enum(API_TOKEN_RIGHTS, { error: (issue) => `Unknown right: ${String(issue.input)}` }))
    .min(1, 'Choose at least one right, or leave rights out for all of yours')
    .max(API_TOKEN_RIGHTS.length)
    .nullable()
    .optional(),
});
export type CreateToken = z.infer<typeof createToken>;

export const apiToken = z.object({
  token_id: uuid,
  name: z.string(),
  prefix: z.string(),
  created_at: isoDateTime,
  expires_at: isoDateTime.nullable(),
  last_used_at: isoDateTime.nullable(),
  /** The rights the token is narrowed to; null: the user's full rights (whatever they are at each use). */
  rights: z.array(z.string()).nullable(),
  /** The one project the token reaches; null: every project the user may see. */
  project_id: uuid.nullable(),
  project_name: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiToken>;

export const createdApiToken = apiToken.extend({
  /** The secret: returned only in this response, never again. */
  token: z.string(),
});
export type CreatedApiToken = z.infer<typeof createdApiToken>;

export const deleteTokenQuery = z.object({ token_id: uuid });
