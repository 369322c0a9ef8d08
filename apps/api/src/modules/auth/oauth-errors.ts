import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorNameForStatus } from '@aegis/contracts';
import { badRequest } from '../../lib/errors';
import { describeError } from '../../plugins/errors';

/**
 * The error codes of a token endpoint (RFC 6749 §5.2) that this API's token endpoints can answer, and the
 * one RFC 7009 §2.2.1 adds for the revocation endpoint.
 */
type OAuthErrorCode = 'invalid_request' | 'invalid_grant' | 'unsupported_grant_type' | 'unsupported_token_type';

/**
 * Our reasons that mean "this grant (code, refresh token, invitation) cannot be redeemed here"; anything
 * else the caller can fix by sending a well-formed request is invalid_request.
 */
const GRANT_REASONS = new Set([
  'invalid_grant',
  'sign_in_expired',
  'state_mismatch',
  'wrong_email',
  'account_deactivated',
  'subject_conflict',
  'subject_mismatch',
  'missing_email',
  'unverified_email',
  'invalid_token',
  'token_expired',
  'token_revoked',
  'token_reused',
  'membership_revoked',
]);

/** RFC 6749 §5.2: error_description holds %x20-21 / %x23-5B / %x5D-7E only. */
const describeForOAuth = (detail: string) => detail.replace(/"/g, "'").replace(/\\/g, '/').replace(/[^\x20-\x7E]/g, '?');

function oauthCodeFor(status: number, code: string): OAuthErrorCode {
  if (code === 'unsupported_grant_type') return 'unsupported_grant_type';
  if (GRANT_REASONS.has(code) || code.startsWith('invitation_')) return 'invalid_grant';
  // A 401/403/404/410 from the grant checks that no reason above names is still about the grant.
  return status === 400 || status === 413 || status === 415 || status === 422 || code === 'xsrf_mismatch' ? 'invalid_request' : 'invalid_grant';
}

/**
 * The error handler of the token endpoints (token, register, refresh): every 4xx a client can cause is a
 * 400 with `error` and `error_description` as RFC 6749 §5.2 says, not cached; `detail` and `code` (and
 * `errors` for a malformed parameter) stay, since the web client shows `detail` and routes on `code`.
 * Rate limits (429) and an unavailable dependency (5xx) keep the API's answer: §5.2 has no code for them.
 */
export function oauthErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sendOAuthError(error, request, reply, oauthCodeFor);
}

/**
 * The error handler of the revocation endpoint (RFC 7009 §2.2.1): as the token endpoints', but a token it
 * cannot revoke is unsupported_token_type and everything else a client causes is invalid_request (an
 * invalid token is no error there: it is answered 200).
 */
export function revocationErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sendOAuthError(error, request, reply, (_status, code) => (code === 'unsupported_token_type' ? 'unsupported_token_type' : 'invalid_request'));
}

function sendOAuthError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  codeFor: (status: number, code: string) => OAuthErrorCode,
) {
  const known = describeError(error);
  if (!known || known.status >= 500 || known.status === 429) throw error;
  const oauthError = codeFor(known.status, known.body.code);
  request.log.info({ err: { message: error.message, code: known.body.code, error: oauthError } }, 'token request refused');
  // A generic code (the status's name) says nothing the RFC code does not; a reason of ours stays.
  const generic = known.body.code === errorNameForStatus(known.status) || known.body.code === 'bad_request';
  const code = generic ? oauthError : known.body.code;
  return reply
    .status(400)
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .send({ error: oauthError, error_description: describeForOAuth(known.body.detail), ...known.body, code });
}

/**
 * Checks grant_type before the body's schema does (preValidation): RFC 6749 §5.2 answers an unsupported
 * grant type as such even when the parameters of the supported one are missing.
 */
export function requireGrantType(expected: string) {
  return async (request: FastifyRequest) => {
    const grantType = (request.body as Record<string, unknown> | undefined)?.grant_type;
    if (grantType === undefined || grantType === '') throw badRequest('grant_type is required', 'invalid_request');
    if (typeof grantType !== 'string') throw badRequest('grant_type must be given once', 'invalid_request');
    if (grantType !== expected) throw badRequest(`grant_type must be ${expected}`, 'unsupported_grant_type');
  };
}

/**
 * Checks token_type_hint before the body's schema does (preValidation): RFC 7009 §2.2.1 answers a token
 * type this server does not revoke with unsupported_token_type, not as a malformed request.
 */
export function requireRevocableTokenType(known: readonly string[]) {
  return async (request: FastifyRequest) => {
    const hint = (request.body as Record<string, unknown> | undefined)?.token_type_hint;
    if (typeof hint === 'string' && !known.includes(hint)) {
      throw badRequest(`token_type_hint must be one of ${known.join(', ')}`, 'unsupported_token_type');
    }
  };
}
