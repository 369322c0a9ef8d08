import type { Access } from '../../src/plugins/access';
import type { Schema } from './schema-arbitrary';

export type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required: boolean; schema: Schema };
/** A documented answer: its first content type and schema, and every content type it may come in (a download in a chosen format) with its schema. */
export type ResponseDoc = { contentType: string | undefined; schema: Schema | undefined; media: { type: string; schema: Schema | undefined }[] };

/** One operation of /api/openapi.json, with the access its route declares. */
export type Operation = {
  id: string;
  method: string;
  /** The document's path template: `/api/projects/{project_id}`. */
  path: string;
  parameters: Parameter[];
  body: { contentType: string; schema: Schema; required: boolean } | undefined;
  responses: Map<string, ResponseDoc>;
  access: Access | undefined;
  /** Answers as a stream that does not end (Server-Sent Events): read the head and the first chunk only. */
  streams: boolean;
};

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/**
 * Operations the fuzzer leaves out, each with the reason. Empty: every documented operation is fuzzed.
 * To leave one out, add `operationId: 'why'` here — the reason is printed with every run.
 *
 * Routes outside the document are not operations and are not fuzzed: the embedded identity provider under
 * /idp (oidc-provider's own protocol, tested by the sign-in tests), the document itself and its reference
 * pages under /api/docs. test/openapi-contract.test.ts keeps every other /api route in the document.
 */
export const EXCLUDED: Record<string, string> = {};

type DocOperation = {
  operationId?: string;
  parameters?: { name: string; in: Parameter['in']; required?: boolean; schema?: Schema }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};

export function readOperations(document: { paths?: Record<string, Record<string, DocOperation>> }, routes: { method: string; url: string; access: Access | undefined }[]): Operation[] {
  const accessOf = new Map(routes.map((r) => [`${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`, r.access]));
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const id = op.operationId ?? `${method} ${path}`;
      const responses = new Map<string, ResponseDoc>();
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const [contentType, media] = Object.entries(response.content ?? {})[0] ?? [];
        const all = Object.entries(response.content ?? {}).map(([type, each]) => ({ type, schema: each?.schema }));
        responses.set(status, { contentType, schema: media?.schema, media: all });
      }
      const [bodyType, bodyMedia] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      operations.push({
        id,
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters ?? []).map((p) => ({ name: p.name, in: p.in, required: p.required === true || p.in === 'path', schema: p.schema ?? {} })),
        body: bodyType && bodyMedia?.schema ? { contentType: bodyType, schema: bodyMedia.schema, required: op.requestBody?.required === true } : undefined,
        responses,
        access: accessOf.get(`${method.toUpperCase()} ${path}`),
        streams: [...responses.values()].some((r) => r.contentType === 'text/event-stream'),
      });
    }
  }
  return operations;
}

/**
 * The order operations are fuzzed in, so that the destructive ones do not starve the rest of fixtures:
 * reads, then writes, then deletions — the deepest paths first (a review, a project's framework) and
 * those removing an organization last of all, since they take every other fixture with them. Between
 * operations the test restores what callers need (their roles, memberships and tokens: world.ts).
 */
export function fuzzOrder(a: Operation, b: Operation): number {
  const rank = (op: Operation) => {
    if (op.method === 'GET') return 0;
    if (op.method !== 'DELETE') return 1;
    return /\/organizations\/\{organization_id\}$/.test(op.path) ? 3 : 2;
  };
  const depth = (op: Operation) => op.path.split('/').length;
  return rank(a) - rank(b) || (rank(a) === 2 ? depth(b) - depth(a) : 0) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method);
}

/** Whether an operation acts across organizations for platform operators (access.ts: `platform`). */
export function spansOrganizations(op: Operation): boolean {
  return op.access?.kind === 'platform' || (op.access?.kind === 'organization' && op.access.platform === true);
}
