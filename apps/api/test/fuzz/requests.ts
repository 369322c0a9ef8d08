import fc from 'fast-check';
import type { Operation, Parameter } from './operations';
import { BAD_UUIDS, type SchemaArbitraries } from './schema-arbitrary';
import type { Validators } from './validators';

/** What was broken on purpose in a request, if anything. */
export type Mutation =
  | { kind: 'path'; name: string; raw: string }
  | { kind: 'query'; name: string; value: unknown }
  | { kind: 'query-missing'; name: string }
  | { kind: 'query-extra'; name: string; value: string }
  | { kind: 'body'; value: unknown }
  | { kind: 'body-missing' }
  | { kind: 'body-text'; text: string; contentType: string }
  | { kind: 'segment'; suffix: string };

export type Draft = {
  caller: number;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  mutation: Mutation | null;
};

/** Path texts that are no id, already as they would travel in a URL (some deliberately mis-encoded). */
const GARBAGE_PATH = [
  'x',
  '0',
  '-1',
  '1.5',
  'null',
  'undefined',
  'true',
  '%20',
  '%00',
  '%ZZ',
  '%2F',
  '%2e%2e',
  '%C0%AF',
  '%EF%BF%BF',
  '%F0%9F%98%80',
  '%27%20OR%20%271%27%3D%271',
  'a'.repeat(1000),
  '3FA85F64-5717-4562-B3FC-2C963F66AFA6',
  ...BAD_UUIDS.map(encodeURIComponent),
];
const EXTRA_SEGMENTS = ['/x', '/00000000-0000-4000-8000-000000000000', '/', '//', '/../x', '.json', '/%00', '/undefined', '/me', '/bulk'];
const BROKEN_JSON = ['{"unterminated": ', '{,}', '[1, 2', 'nul', '{"a": 1}{"b": 2}', '\u0000', ' '];

/**
 * A request for one operation: a caller, path and query parameters and a body drawn from the schemas
 * (ids from the pools the picker reads), and, two times in five, one deliberate breakage of it.
 */
export function draftArbitrary(op: Operation, arbs: SchemaArbitraries, callerCount: number, bodyLimit: number): fc.Arbitrary<Draft> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const record = (params: Parameter[]) => {
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const p of params) model[p.name] = arbs.valid(p.schema, p.name);
    const required = params.filter((p) => p.required);
    const all = fc.record(model, { requiredKeys: required.map((p) => p.name) });
    if (required.length === params.length) return all;
    // Half the time only what is required: each optional filter drawn is one more way to miss the work.
    const bare: Record<string, fc.Arbitrary<unknown>> = {};
    for (const p of required) bare[p.name] = model[p.name]!;
    return fc.oneof(fc.record(bare), all);
  };
  const mutations: fc.Arbitrary<Mutation>[] = [fc.constantFrom(...EXTRA_SEGMENTS).map((suffix) => ({ kind: 'segment', suffix }) as const)];
  if (pathParams.length) {
    mutations.push(fc.tuple(fc.constantFrom(...pathParams.map((p) => p.name)), fc.constantFrom(...GARBAGE_PATH)).map(([name, raw]) => ({ kind: 'path', name, raw }) as const));
  }
  if (queryParams.length) {
    mutations.push(
      fc
        .constantFrom(...queryParams)
        .chain((p) => arbs.invalid(p.schema, p.name).map((value) => ({ kind: 'query', name: p.name, value }) as const)),
    );
    const required = queryParams.filter((p) => p.required);
    if (required.length) mutations.push(fc.constantFrom(...required).map((p) => ({ kind: 'query-missing', name: p.name }) as const));
  }
  mutations.push(fc.constantFrom('unknown_param', 'organization_id', 'project_id', '__proto__').map((name) => ({ kind: 'query-extra', name, value: 'x' }) as const));
  if (op.body) {
    mutations.push(arbs.invalid(op.body.schema).map((value) => ({ kind: 'body', value }) as const));
    mutations.push(arbs.invalid(op.body.schema).map((value) => ({ kind: 'body', value }) as const));
    mutations.push(fc.constant({ kind: 'body-missing' } as const));
    mutations.push(
      fc.oneof(
        fc.constantFrom(...BROKEN_JSON).map((text) => ({ kind: 'body-text', text, contentType: 'application/json' }) as const),
        fc.constant({ kind: 'body-text', text: 'plain words', contentType: 'text/plain' } as const),
        fc.constant({ kind: 'body-text', text: '<a/>', contentType: 'application/xml' } as const),
        fc.constant({ kind: 'body-text', text: JSON.stringify({ oversized: 'z'.repeat(bodyLimit) }), contentType: 'application/json' } as const),
      ),
    );
  } else if (op.method !== 'GET' && op.method !== 'DELETE') {
    // A body where none is expected is ignored, not a crash.
    mutations.push(fc.jsonValue({ maxDepth: 2 }).map((value) => ({ kind: 'body', value }) as const));
  }
  return fc.record({
    caller: fc.integer({ min: 0, max: callerCount - 1 }),
    path: record(pathParams),
    query: record(queryParams),
    body: op.body ? arbs.valid(op.body.schema) : fc.constant(undefined),
    mutation: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: fc.oneof(...mutations) }),
  });
}

export type Built = {
  method: string;
  url: string;
  /** The payload as sent, and its content type; undefined when none. */
  payload: string | undefined;
  contentType: string | undefined;
  /** Whether the request keeps to its operation's documented schemas (ajv), unless its path was changed. */
  documented: boolean;
  /** The errors that made it undocumented, for the report. */
  why: string | undefined;
};

const queryText = (value: unknown): string | string[] => {
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/** Turns a draft into the request sent, and judges it against the document with ajv. */
export function buildRequest(op: Operation, draft: Draft, validators: Validators): Built {
  const m = draft.mutation;
  const errors: string[] = [];
  let url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const param = op.parameters.find((p) => p.in === 'path' && p.name === name)!;
    if (m?.kind === 'path' && m.name === name) {
      let decoded: string | undefined;
      try {
        decoded = decodeURIComponent(m.raw);
      } catch {
        errors.push(`path ${name}: not URL-decodable`);
      }
      const error = decoded === undefined ? undefined : validators.parameter(param.schema, decoded);
      if (error) errors.push(`path ${name}: ${error}`);
      return m.raw;
    }
    const value = String(draft.path[name]);
    const error = validators.parameter(param.schema, value);
    if (error) errors.push(`path ${name}: ${error}`);
    return encodeURIComponent(value);
  });
  if (m?.kind === 'segment') url += m.suffix;

  const query = { ...draft.query };
  if (m?.kind === 'query') query[m.name] = m.value;
  if (m?.kind === 'query-missing') delete query[m.name];
  const search = new URLSearchParams();
  for (const p of op.parameters.filter((p) => p.in === 'query')) {
    const absent = !(p.name in query) || query[p.name] === undefined || (Array.isArray(query[p.name]) && (query[p.name] as unknown[]).length === 0);
    if (absent) {
      if (p.required) errors.push(`query ${p.name}: missing`);
      continue;
    }
    const text = queryText(query[p.name]);
    for (const one of Array.isArray(text) ? text : [text]) search.append(p.name, one);
    const error = validators.parameter(p.schema, text);
    if (error) errors.push(`query ${p.name}: ${error}`);
  }
  if (m?.kind === 'query-extra') search.append(m.name, m.value);
  const qs = search.toString();
  if (qs) url += `?${qs}`;

  let payload: string | undefined;
  let contentType: string | undefined;
  if (m?.kind === 'body-text') {
    payload = m.text;
    contentType = m.contentType;
    if (op.body) errors.push('body: not JSON');
  } else if (m?.kind === 'body-missing') {
    if (op.body?.required) errors.push('body: missing');
  } else {
    const body = m?.kind === 'body' ? m.value : draft.body;
    if (body !== undefined) {
      payload = JSON.stringify(body);
      contentType = 'application/json';
      const error = op.body ? validators.body(op.body.schema, body) : undefined;
      if (error) errors.push(`body: ${error}`);
    }
  }
  return { method: op.method, url, payload, contentType, documented: m?.kind === 'segment' || errors.length === 0, why: errors.length ? errors.join(' | ') : undefined };
}
