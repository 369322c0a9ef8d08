import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { errorNameForStatus, errorResponse } from '@aegis/contracts';

/**
 * The error answers of every operation in `/api/openapi.json`, derived in one place from what the
 * route declares (its access, parameters, body, rate limit) and the plugins every request passes
 * through, so a route documents them without listing them. A route still lists an answer only its
 * service knows (409, 410, 502…) in its own `response`; that one is kept and described here.
 * This changes the document only: what a route sends is still serialized by its own schemas.
 */

export const PROBLEM_COMPONENT = 'Problem';

// One component for the one error shape; every error answer refers to it.
if (!z.globalRegistry.has(errorResponse)) {
  z.globalRegistry.add(errorResponse, {
    id: PROBLEM_COMPONENT,
    description: 'Every error answer: `detail` for people, `code` for programs, `errors` per field on 422, `request_id` on 5xx.',
  });
}

const DESCRIPTIONS: Record<number, string> = {
  400: 'The body is not valid JSON, or it is empty while its content type says JSON, or a multipart body is malformed (no boundary, cut off)',
  401: 'No valid token: it is missing, malformed or expired, or its session has ended or was revoked',
  403: 'The caller lacks the right this operation needs, or a browser call carried no valid X-XSRF-TOKEN header',
  404: "A path parameter names nothing the caller can see (another organization's objects answer the same)",
  409: 'The request conflicts with the current state of the object',
  410: 'What the request refers to has expired or was used already',
  413: 'The body or file is larger than this operation allows',
  415: 'The content type is not one this operation reads',
  422: 'A path parameter, query or body is invalid (NUL or lone surrogates included): `errors` names each field',
  429: 'Too many requests: `detail` says when to try again',
  502: 'The identity provider did not answer as expected',
  503: 'A service it depends on (the database) is unavailable: try again shortly',
};

/** Public operations that reach no database or other service, so they cannot answer 503. */
const WITHOUT_DEPENDENCY = new Set(['GET /api/client-config', 'GET /api/schemas/framework-template.json']);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type RouteFacts = Pick<RouteOptions, 'method' | 'url' | 'config' | 'schema'>;

/** The error statuses a caller (or an outage) can cause on this route, from what it declares. */
export function errorStatuses(route: RouteFacts): number[] {
  const access = route.config?.access;
  const methods = [route.method].flat().map((m) => m.toUpperCase());
  const declared = Object.keys(route.schema?.response ?? {});
  const statuses = new Set<number>([422]); // the text guard reads every path and query
  // A body is read by a content-type parser within the body limit: other types answer 415, larger bodies 413.
  const multipart = ((route.schema as { consumes?: string[] } | undefined)?.consumes ?? []).includes('multipart/form-data');
  if (route.schema?.body || multipart) statuses.add(400).add(413).add(415);
  if (access && access.kind !== 'public') statuses.add(401).add(503);
  if (access && (access.kind === 'organization' || access.kind === 'project' || access.kind === 'platform')) statuses.add(403);
  if (methods.some((m) => !SAFE_METHODS.has(m))) statuses.add(403);
  // A route that answers by redirecting sends an unknown id to a page, not to a 404.
  if (route.url.includes(':') && !declared.some((s) => s.startsWith('3'))) statuses.add(404);
  if (route.config?.rateLimit) statuses.add(429);
  if (access?.kind === 'public' && !methods.some((m) => WITHOUT_DEPENDENCY.has(`${m} ${route.url}`))) statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

const problemRef = { $ref: `#/components/schemas/${PROBLEM_COMPONENT}` };

/**
 * The transformed (JSON Schema) responses with every error answer of the route: the ones it declares,
 * described, and the ones `errorStatuses` finds, as Problems.
 */
export function withErrorAnswers(response: Record<string, unknown> | undefined, route: RouteFacts): Record<string, unknown> {
  const result: Record<string, unknown> = { ...response };
  if (!Object.keys(result).some((status) => /^[23]/.test(status))) {
    // No success schema (a stream): say what it sends, as @fastify/swagger would have without errors.
    const produces = (route.schema as { produces?: string[] } | undefined)?.produces ?? [];
    result[200] = produces.length > 0
      ? { description: 'Success', content: Object.fromEntries(produces.map((type) => [type, { schema: { type: 'string' } }])) }
      : { description: 'Success', type: 'null' };
  }
  for (const status of errorStatuses(route)) result[status] ??= problemRef;
  for (const [status, answer] of Object.entries(result)) {
    if (!/^[45]/.test(status)) continue;
    const description = DESCRIPTIONS[Number(status)] ?? `Error: ${errorNameForStatus(Number(status))}`;
    const schema = answer as { content?: unknown; description?: string };
    result[status] = schema.content
      ? { description, ...schema }
      : { description, content: { 'application/json': { schema: answer } } };
  }
  return result;
}
