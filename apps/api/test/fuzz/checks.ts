import { spansOrganizations, type Operation } from './operations';
import { UUID_IN_TEXT } from './pools';
import type { Validators } from './validators';
import type { Caller } from './world';

/** Finds the documented operation a method and URL reach, static segments before parameters as the router does. */
export class Router {
  private readonly routes: { op: Operation; pattern: RegExp; params: number }[];

  constructor(operations: Operation[]) {
    this.routes = operations
      .map((op) => ({
        op,
        pattern: new RegExp(`^${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+')}$`),
        params: (op.path.match(/\{/g) ?? []).length,
      }))
      .sort((a, b) => a.params - b.params);
  }

  match(method: string, url: string): Operation | undefined {
    // Dot segments are resolved before routing, as the request's URL is parsed.
    const path = new URL(url.split('?')[0]!, 'http://localhost').pathname;
    return this.routes.find((r) => r.op.method === method && r.pattern.test(path))?.op;
  }
}

export type Exchange = {
  op: Operation;
  /** The operation the URL reaches (another one, or none, when a segment was added). */
  reached: Operation | undefined;
  caller: Caller;
  method: string;
  url: string;
  payload: string | undefined;
  documented: boolean;
  status: number;
  contentType: string;
  body: string;
};

export type Knowledge = {
  validators: Validators;
  /** Ids owned by the foreign organization (tenant-state.ts). */
  foreignIds: Set<string>;
  /** Text found only in the foreign organization's names and codes. */
  foreignMarks: string[];
};

/** Foreign ids and marks a text carries. */
export function foreignIn(text: string, k: Knowledge): string[] {
  const found = new Set<string>();
  for (const id of text.match(UUID_IN_TEXT) ?? []) if (k.foreignIds.has(id.toLowerCase())) found.add(id.toLowerCase());
  const lower = text.toLowerCase();
  for (const mark of k.foreignMarks) if (lower.includes(mark.toLowerCase())) found.add(mark);
  return [...found];
}

const PROBLEM = { $ref: '#/components/schemas/Problem' };

/** What is wrong with one answer, if anything: the fuzzer's properties. */
export function problemsOf(x: Exchange, k: Knowledge): string[] {
  const problems: string[] = [];
  const { status } = x;
  if (status >= 500) problems.push(`answered ${status}`);

  if (!x.reached) {
    // A path no operation documents: a client error (404 mostly), as a problem document.
    if (status < 400) problems.push(`undocumented path answered ${status}`);
    if (x.body && x.contentType.startsWith('application/json')) {
      const error = parseAndValidate(x.body, PROBLEM, k.validators);
      if (error) problems.push(`undocumented path: the error is no Problem: ${error}`);
    }
  } else {
    problems.push(...responseProblems(x.reached, x, k.validators));
    if (x.reached === x.op && !x.documented && status < 300) problems.push(`accepted (${status}) a request its schema refuses`);
  }

  const ok = status >= 200 && status < 300;
  const platformWide = x.caller.kind === 'super' || (x.caller.kind === 'internal' && x.reached !== undefined && spansOrganizations(x.reached));
  // Another organization's id in the path or query names nothing the caller may see: 404. A read whose
  // answer is empty (a filter by an id with no match, as a random id gets) has read nothing; a write has.
  if (ok && !platformWide && !(x.method === 'GET' && isEmptyAnswer(x.body))) {
    const target = foreignIn(decodeSafely(x.url), k);
    if (target.length) problems.push(`answered ${status} to another organization's ${target.join(', ')} in the path or query`);
  }
  if (!platformWide && x.body) {
    const sent = new Set(foreignIn(`${decodeSafely(x.url)} ${x.payload ?? ''}`, k));
    const leaked = foreignIn(x.body, k).filter((v) => !sent.has(v));
    if (leaked.length) {
      const at = x.body.toLowerCase().indexOf(leaked[0]!.toLowerCase());
      problems.push(`the answer carries another organization's ${leaked.slice(0, 5).join(', ')}: …${x.body.slice(Math.max(0, at - 150), at + 80)}…`);
    }
  }
  return problems;
}

/** An empty list or page: what a filter matching nothing answers. */
function isEmptyAnswer(body: string): boolean {
  try {
    const value = JSON.parse(body) as unknown;
    if (Array.isArray(value)) return value.length === 0;
    const page = value as { items?: unknown[]; total?: number } | null;
    return Array.isArray(page?.items) && page.items.length === 0 && (page.total ?? 0) === 0;
  } catch {
    return false;
  }
}

function decodeSafely(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

function responseProblems(op: Operation, x: Exchange, validators: Validators): string[] {
  const doc = op.responses.get(String(x.status)) ?? op.responses.get(`${String(x.status)[0]}XX`) ?? op.responses.get('default');
  if (!doc) return [`status ${x.status} is not documented for ${op.id} (documented: ${[...op.responses.keys()].join(', ')})`];
  if (!x.body) {
    if (x.status === 204 || (x.status >= 300 && x.status < 400) || !doc.schema) return [];
    return [`empty ${x.status} answer; documented as ${doc.contentType}`];
  }
  if (!doc.contentType) return [`${x.status} has a body but documents none`];
  // An answer may come in any of the types documented (a download in a chosen format); a range documented
  // (`*/*`, `image/*`: a stored file answers in its own type) admits every type in it.
  const prefix = (type: string) => (type === '*/*' ? '' : type.endsWith('/*') ? type.slice(0, -1) : type);
  const media = doc.media.find((each) => x.contentType.startsWith(prefix(each.type)) && (prefix(each.type) !== '' || x.contentType !== ''));
  if (!media) return [`${x.status} answered ${x.contentType || 'no content type'}; documented as ${doc.media.map((each) => each.type).join(' or ')}`];
  if (/^application\/([\w.-]+\+)?json$/.test(media.type) && media.schema) {
    const error = parseAndValidate(x.body, media.schema, validators);
    return error ? [`${x.status} answer breaks its schema: ${error}`] : [];
  }
  if (media.type === 'application/pdf' && !x.body.startsWith('%PDF-')) return ['the PDF answer is no PDF'];
  return [];
}

function parseAndValidate(body: string, schema: object, validators: Validators): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return 'not JSON';
  }
  return validators.body(schema as Record<string, unknown>, value);
}
