import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_TOKEN_TTL_SECONDS } from '@aegis/contracts';
import type { OidcTransaction } from './oidc-relying-party';

const TRANSACTION_COOKIE = 'aegis_oidc';
const SESSION_COOKIE = 'aegis_session';
const PATH = '/api/auth';

const base = (reply: FastifyReply) => ({
  path: PATH,
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: reply.server.deps.config.publicUrl.startsWith('https://'),
  signed: true,
});

/** The PKCE verifier and state travel in a signed, http-only cookie between authorize and token. */
export function setTransaction(reply: FastifyReply, transaction: OidcTransaction) {
  reply.setCookie(TRANSACTION_COOKIE, JSON.stringify(transaction), { ...base(reply), maxAge: 600 });
}

export function readTransaction(request: FastifyRequest): OidcTransaction | undefined {
  const raw = request.cookies[TRANSACTION_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return undefined;
  try {
    const value = JSON.parse(unsigned.value) as OidcTransaction;
    return typeof value.state === 'string' && typeof value.verifier === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function clearTransaction(reply: FastifyReply) {
  reply.clearCookie(TRANSACTION_COOKIE, { path: PATH });
}

/** Names the refresh-token family of this browser, so a plain navigation to logout can revoke it. */
export function setSessionFamily(reply: FastifyReply, familyId: string) {
  reply.setCookie(SESSION_COOKIE, familyId, { ...base(reply), maxAge: REFRESH_TOKEN_TTL_SECONDS });
}

export function readSessionFamily(request: FastifyRequest): string | undefined {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

export function clearSessionFamily(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: PATH });
}
