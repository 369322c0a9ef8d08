import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localStorage } from '../../src/lib/storage/local-storage';
import { build, type TestApp } from '../helper';
import { problemsOf, Router, type Exchange, type Knowledge } from './checks';
import { EXCLUDED, fuzzOrder, readOperations, spansOrganizations, type Operation } from './operations';
import { picker, Pool } from './pools';
import { buildRequest, draftArbitrary, type Built } from './requests';
import { SchemaArbitraries } from './schema-arbitrary';
import { changedParts, ownedIds, tenantDigest } from './tenant-state';
import { buildWorld, callerState, FOREIGN_MARK, restoreCallers, type Caller, type World } from './world';
import { Validators } from './validators';

/**
 * Schema fuzzing (issue 18): walks every operation of /api/openapi.json and sends requests drawn from its
 * schemas — valid ones and ones broken on purpose — as every role of one organization, with that
 * organization's ids, another organization's ids, random ids and garbage. It fails on any 5xx, on any
 * answer its documented schema does not describe, on a 2xx to another organization's id in the path or
 * query, on an answer that carries another organization's ids or names, and on any change to the other
 * organization's data. New operations are fuzzed as they appear in the document; README "Schema fuzzing".
 *
 *   FUZZ_SEED   the seed (printed at the start and with every failure); the same seed replays the run
 *   FUZZ_RUNS   how many requests in all (default 10,500), spread over the operations
 *   FUZZ_ONLY   a comma-separated list of operationIds to fuzz alone (faster to replay, state may differ)
 *   FUZZ_OPERATION_MS  the most time one operation's phase may take (default 6 s; the PDF export hits it)
 *   FUZZ_TRACE  prints the own organization's pools of ids and every request with its answer
 */

const DEFAULT_SEED = 180_418;
const SEED = Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 10_500);
const ONLY = process.env.FUZZ_ONLY?.split(',').map((s) => s.trim()).filter(Boolean);
/** Share of each operation's requests sent by the platform callers (internal, super admin). */
const PLATFORM_SHARE = 0.2;
const STREAM_READ_MS = 2_000;
/** Longest an operation's phase may take (its answers are slow, like the PDF export): fewer requests then. */
const OPERATION_MS = Number(process.env.FUZZ_OPERATION_MS ?? 6_000);

let t: TestApp;
/** Uploaded files (the fixtures' evidence) go to a folder of the run's own. */
const files = mkdtempSync(path.join(tmpdir(), 'aegis-fuzz-files-'));
beforeAll(async () => {
  t = await build({}, { storage: localStorage(files) });
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(files, { recursive: true, force: true });
});

/** FNV-1a, so that each operation's seed depends on the run's seed and its id, not on its position. */
function seedFor(name: string): number {
  let hash = 0x811c9dc5 ^ SEED;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return hash | 0;
}

type Failure = { key: string; operation: string; problem: string; example: string; count: number };

it(
  'fuzzes every operation of the OpenAPI document without a 5xx, a schema break or a cross-organization read or write',
  async () => {
    console.log(`openapi fuzz: seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${TOTAL_RUNS} requests`);
    const started = Date.now();
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, never>; components?: unknown };
    const all = readOperations(document, t.app.routeAccess);
    for (const [id, why] of Object.entries(EXCLUDED)) console.log(`openapi fuzz: ${id} left out: ${why}`);
    const operations = all.filter((op) => !EXCLUDED[op.id] && (!ONLY || ONLY.includes(op.id))).sort(fuzzOrder);
    expect(all.length).toBeGreaterThan(50);

    const world = await buildWorld(t);
    const validators = new Validators(document);
    const router = new Router(all);
    const own = new Pool();
    const foreign = new Pool();
    own.add('organization_id', world.own);
    foreign.add('organization_id', world.foreign);
    await harvest(t, all, own, await t.login('admin@demo.local'));
    await harvest(t, all, foreign, world.foreignAdmin);
    if (process.env.FUZZ_TRACE) for (const [name, set] of own.values) console.log(`pool ${name}: ${set.size} (${[...set].slice(0, 3).join(' ')})`);
    const knowledge: Knowledge = { validators, foreignIds: await ownedIds(t, world.foreign), foreignMarks: [FOREIGN_MARK] };
    const arbs = new SchemaArbitraries(document, picker(own, foreign));
    const emails = [...new Set(world.callers.flatMap((c) => (c.email ? [c.email] : [])))];
    const expected = await callerState(t, world.own, emails);
    const tokens = new Tokens(t, world);
    await tokens.mintAll();

    const failures = new Map<string, Failure>();
    const fail = (operation: string, problem: string, example: string) => {
      // Ids and numbers vary between examples of one problem; the key keeps its shape.
      const key = `${operation}: ${problem.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gi, '<id>').replace(/\d+/g, 'N')}`;
      const known = failures.get(key);
      if (known) known.count++;
      else failures.set(key, { key, operation, problem, example, count: 1 });
    };
    const perOperation = Math.ceil(TOTAL_RUNS / operations.length);
    let sent = 0;
    console.log(`openapi fuzz: fixtures and pools ready in ${((Date.now() - started) / 1000).toFixed(1)}s`);
    const statuses = new Map<number, number>();
    const succeeded = new Set<string>();
    const timings: { id: string; ms: number }[] = [];

    for (const op of operations) {
      const opStarted = Date.now();
      const unauthorized = new Set<string>();
      for (const phase of ['ordinary', 'platform'] as const) {
        const callers = world.callers.filter((c) => (phase === 'platform') === (c.kind === 'internal' || c.kind === 'super'));
        const runs = phase === 'platform' ? Math.max(1, Math.round(perOperation * PLATFORM_SHARE)) : perOperation - Math.round(perOperation * PLATFORM_SHARE);
        // Only callers of the own organization act in this phase: nothing of the foreign one may change.
        const before = phase === 'ordinary' ? await tenantDigest(t, world.foreign) : undefined;
        const phaseStarted = Date.now();
        await fc.assert(
          fc.asyncProperty(draftArbitrary(op, arbs, callers.length, t.app.deps.config.bodyLimit), async (draft) => {
            // A slow operation (the PDF export) gets fewer requests; the draws stay the same for the rest.
            if (Date.now() - phaseStarted > OPERATION_MS) return true;
            const caller = callers[draft.caller]!;
            const request = buildRequest(op, draft, validators);
            const response = await send(t, request, caller, tokens, op.streams);
            sent++;
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
            if (response.status < 400) succeeded.add(op.id);
            if (response.status === 401 && caller.email) unauthorized.add(caller.name);
            const exchange: Exchange = { op, reached: router.match(request.method, request.url), caller, ...request, ...response };
            for (const problem of problemsOf(exchange, knowledge)) fail(op.id, problem, describeExchange(exchange, request));
            if (process.env.FUZZ_TRACE) console.log(describeExchange(exchange, request).slice(0, 600));
            const reachedPlatform = exchange.reached && spansOrganizations(exchange.reached);
            if (caller.kind === 'ordinary' && response.status < 300 && exchange.reached && response.contentType.startsWith('application/json') && !reachedPlatform) {
              own.harvest(exchange.reached.path, safeJson(response.body));
            }
            return true;
          }),
          { seed: seedFor(`${op.id}/${phase}`), numRuns: runs, endOnFailure: true },
        );
        if (before) {
          const changed = changedParts(before, await tenantDigest(t, world.foreign));
          if (changed.length) fail(op.id, `changed the other organization's ${changed.join(', ')}`, `${op.method} ${op.path} by the own organization's callers`);
        }
      }
      const restored = await restoreCallers(t, world.own, expected, () => tokens.injectFor('super admin'));
      await tokens.remint(world.callers.filter((c) => unauthorized.has(c.name) || (c.email && restored.has(c.email))));
      timings.push({ id: op.id, ms: Date.now() - opStarted });
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const slowest = [...timings].sort((a, b) => b.ms - a.ms).slice(0, 5).map((x) => `${x.id} ${(x.ms / 1000).toFixed(1)}s`);
    console.log(
      `openapi fuzz: ${operations.length} operations, ${sent} requests in ${seconds}s; statuses ${JSON.stringify(Object.fromEntries(statuses))}; slowest ${slowest.join(', ')}`,
    );
    // Not a failure, but where the fuzzer got no further than the checks in front of the work.
    const neverOk = operations.filter((op) => !succeeded.has(op.id)).map((op) => op.id);
    if (neverOk.length) console.log(`openapi fuzz: never answered 2xx or 3xx: ${neverOk.join(', ')}`);
    if (failures.size) {
      const report = [...failures.values()].map((f) => `- ${f.key} (×${f.count})\n    ${f.example}`).join('\n');
      throw new Error(`openapi fuzz (seed ${SEED}, replay with FUZZ_SEED=${SEED}) found ${failures.size} problems:\n${report}`);
    }
    expect(sent).toBeGreaterThanOrEqual(Math.min(TOTAL_RUNS, 10_000) * (ONLY ? 0 : 1));
  },
  15 * 60_000,
);

/** Access tokens of the callers, minted again when an operation ended their session or changed their roles. */
class Tokens {
  private readonly headers = new Map<string, string>();

  constructor(
    private readonly t: TestApp,
    private readonly world: World,
  ) {}

  async mintAll() {
    await this.remint(this.world.callers);
  }

  async remint(callers: Caller[]) {
    for (const caller of callers) {
      if (!caller.email) continue;
      if (caller.apiToken) {
        const admin = await this.t.login(caller.email);
        const created = await admin({ method: 'POST', url: '/api/auth/api', payload: { name: 'fuzz caller' } });
        this.headers.set(caller.name, `Bearer ${(created.json() as { token: string }).token}`);
      } else {
        this.headers.set(caller.name, `Bearer ${(await this.t.tokensFor(caller.email, caller.rights)).access_token}`);
      }
    }
  }

  header(caller: Caller): string | undefined {
    return caller.authorization ?? this.headers.get(caller.name);
  }

  async injectFor(name: string) {
    const header = this.headers.get(name)!;
    return this.t.as(header.slice('Bearer '.length));
  }
}

async function send(t: TestApp, request: Built, caller: Caller, tokens: Tokens, streams: boolean) {
  const authorization = tokens.header(caller);
  const headers: Record<string, string> = {};
  if (authorization) headers.authorization = authorization;
  if (request.contentType) headers['content-type'] = request.contentType;
  const options = { method: request.method as 'GET', url: request.url, headers, payload: request.payload };
  if (!streams) {
    const response = await t.app.inject(options);
    return { status: response.statusCode, contentType: String(response.headers['content-type'] ?? ''), body: response.body };
  }
  // An event stream never ends: read its head and what comes within a moment, then hang up.
  const controller = new AbortController();
  const response = await t.app.inject({ ...options, payloadAsStream: true, signal: controller.signal });
  const contentType = String(response.headers['content-type'] ?? '');
  const body = await readFor(response.stream(), contentType.startsWith('text/event-stream') ? STREAM_READ_MS : 30_000);
  controller.abort();
  return { status: response.statusCode, contentType, body };
}

async function readFor(stream: NodeJS.ReadableStream, ms: number): Promise<string> {
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    stream.on('data', (chunk: Buffer) => {
      chunks.push(Buffer.from(chunk));
      // The first event (the unread count) is enough for a stream.
      if (Buffer.concat(chunks).includes('\n\ndata:') || Buffer.concat(chunks).toString().includes('"type"')) {
        clearTimeout(timer);
        resolve();
      }
    });
    stream.on('end', () => {
      clearTimeout(timer);
      resolve();
    });
    stream.on('error', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return Buffer.concat(chunks).toString();
}

function safeJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

function describeExchange(x: Exchange, request: Built): string {
  const payload = x.payload === undefined ? '' : ` body ${x.payload.length > 300 ? `${x.payload.slice(0, 300)}…(${x.payload.length} chars)` : x.payload}`;
  const url = x.url.length > 300 ? `${x.url.slice(0, 300)}…` : x.url;
  const answer = x.body.length > 400 ? `${x.body.slice(0, 400)}…` : x.body;
  return `as ${x.caller.name}: ${x.method} ${url}${payload}${request.why ? ` [refused by its schema: ${request.why.slice(0, 200)}]` : ''} → ${x.status} ${answer}`;
}

/**
 * Fills the pools with the ids an organization's admin sees: every GET operation whose path parameters
 * the pools can fill, twice, so that ids found in lists open their details.
 */
async function harvest(t: TestApp, operations: Operation[], pool: Pool, as: ReturnType<TestApp['as']>) {
  const reads = operations.filter((op) => op.method === 'GET' && !op.streams && op.responses.get('200')?.contentType === 'application/json');
  for (let round = 0; round < 2; round++) {
    for (const op of reads) {
      const pathParams = op.parameters.filter((p) => p.in === 'path');
      const named = pathParams.map((p) => pool.valuesFor(p.name, p.schema).slice(0, 3));
      // A text parameter nothing has named yet (an activity log's object id) tries the ids of the others
      // in its path (the project's own id gives all its activity), then any id seen so far.
      const choices = named.map((values, i) =>
        values.length || pathParams[i]!.schema.type !== 'string' ? values : [...named.filter((_, j) => j !== i).flat(), ...pool.valuesFor(undefined, pathParams[i]!.schema, true)].slice(0, 3),
      );
      if (choices.some((c) => c.length === 0)) continue;
      const query = new URLSearchParams();
      if (op.parameters.some((p) => p.in === 'query' && p.name === 'size')) query.set('size', '250');
      let missing = false;
      for (const p of op.parameters.filter((p) => p.in === 'query' && p.required)) {
        const value = pool.valuesFor(p.name, p.schema)[0];
        if (value === undefined) missing = true;
        else query.set(p.name, value);
      }
      if (missing) continue;
      for (let i = 0; i < Math.max(1, ...choices.map((c) => c.length)); i++) {
        let index = 0;
        const url = op.path.replace(/\{\w+\}/g, () => {
          const values = choices[index++]!;
          return encodeURIComponent(values[i % values.length]!);
        });
        const response = await as({ method: 'GET', url: query.size ? `${url}?${query}` : url });
        if (response.statusCode === 200) pool.harvest(op.path, safeJson(response.body));
      }
    }
  }
}
