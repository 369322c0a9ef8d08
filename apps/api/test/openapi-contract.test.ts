import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compileErrors, validate } from '@readme/openapi-parser';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build, type TestApp } from './helper';

/**
 * `/api/openapi.json` as a client's project consumes it: a standard validator accepts it, every
 * reference resolves, every operation says how it fails, and openapi-typescript turns it into types
 * that compile. It walks whatever routes are registered, so a new route is checked as it lands.
 */

type Operation = { operationId?: string; security?: unknown[]; parameters?: { in: string }[]; responses?: Record<string, unknown> };
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

let t: TestApp;
let document: OpenAPI3;
beforeAll(async () => {
  t = await build();
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json() as OpenAPI3;
});
afterAll(() => t.close());

function operations() {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, method, path, operation })),
  );
}

/** Every `$ref` in the document with the JSON path where it stands. */
function references(value: unknown, at = '#', found: { at: string; ref: string }[] = []) {
  if (Array.isArray(value)) value.forEach((item, index) => references(item, `${at}/${index}`, found));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.push({ at, ref: item });
      else references(item, `${at}/${key}`, found);
    }
  }
  return found;
}

function resolves(ref: string): boolean {
  if (!ref.startsWith('#/')) return false;
  let node: unknown = document;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}

it('documents every /api route that is registered', () => {
  // Hidden from the document on purpose (the document itself); adding one here is a deliberate decision.
  const hidden = new Set(['GET /api/openapi.json']);
  const documented = new Set(operations().map((o) => `${o.method.toUpperCase()} ${o.path}`));
  const routes = t.app.routeAccess
    .filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs'))
    .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
    .filter((route) => !hidden.has(route));
  expect(routes.length).toBeGreaterThan(50);
  expect(routes.filter((route) => !documented.has(route))).toEqual([]);
});

it('passes a standard OpenAPI validator', async () => {
  const result = await validate(structuredClone(document) as Parameters<typeof validate>[0]);
  expect(result.valid ? '' : compileErrors(result)).toBe('');
});

it('resolves every $ref inside the document', () => {
  const found = references(document);
  expect(found.length).toBeGreaterThan(0);
  expect(found.filter(({ ref }) => !resolves(ref))).toEqual([]);
});

it('documents how every operation succeeds and fails, errors in the one error shape', () => {
  const problem = '#/components/schemas/Problem';
  expect(document.components?.schemas?.Problem).toMatchObject({ required: ['detail', 'code'] });
  const missing: string[] = [];
  let problems = 0;
  for (const { name, operation } of operations()) {
    const statuses = Object.keys(operation.responses ?? {});
    const errors = statuses.filter((status) => /^[45]\d\d$/.test(status));
    const expected = [
      '422', // the text guard reads every query, so any operation can be refused
      ...(operation.security?.length ? ['401', '503'] : []),
      ...(operation.parameters?.some((p) => p.in === 'path') && !statuses.some((s) => s.startsWith('3')) ? ['404'] : []),
    ];
    for (const status of expected) if (!errors.includes(status)) missing.push(`${name}: ${status}`);
    if (errors.length === 0) missing.push(`${name}: no error answer`);
    if (!statuses.some((status) => /^[23]/.test(status))) missing.push(`${name}: no success answer`);
    for (const status of errors) {
      const answer = operation.responses![status] as { description?: string; content?: Record<string, { schema?: { $ref?: string } }> };
      if (!answer.description || answer.description === 'Default Response') missing.push(`${name}: ${status} has no description`);
      const schema = answer.content?.['application/json']?.schema;
      if (!schema) missing.push(`${name}: ${status} has no JSON schema`);
      if (schema?.$ref === problem) problems++;
    }
  }
  expect(missing).toEqual([]);
  // Health answers 503 with its report; every other error answer is a Problem.
  expect(problems).toBeGreaterThan(operations().length * 2);
});

it('generates a TypeScript client with openapi-typescript that compiles', async () => {
  const source = astToString(await openapiTS(structuredClone(document), { silent: true }));
  for (const { name, operation } of operations()) {
    expect(operation.operationId, name).toBeTruthy();
    expect(source, name).toContain(`    ${operation.operationId}: {`);
  }
  const usage = `import type { components, operations } from './api';
type Problem = components['schemas']['Problem'];
export const problem: Problem = { detail: 'Not found', code: 'not_found' };
export type HealthFailure = operations['health']['responses'][503]['content']['application/json'];
`;
  // A client project of its own: the generated file beside code that uses it, compiled strictly.
  const project = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-client-'));
  try {
    fs.writeFileSync(path.join(project, 'api.ts'), source);
    fs.writeFileSync(path.join(project, 'usage.ts'), usage);
    const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, lib: ['lib.es2022.d.ts'], types: [] };
    const program = ts.createProgram([path.join(project, 'api.ts'), path.join(project, 'usage.ts')], options);
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  } finally {
    fs.rmSync(project, { recursive: true, force: true });
  }
});
