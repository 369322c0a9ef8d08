import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameworkDetail, MAX_FRAMEWORK_TEMPLATE_BYTES, MAX_TEMPLATE_MAPPINGS, platformFrameworkDetail } from '@aegis/contracts';
import { multipartFile, organizationId, sampleTemplate } from './factories';
import { deepTemplates } from './deep-templates';
import { build, type TestApp } from './helper';

let t: TestApp;
let demo: string;
let admin: ReturnType<TestApp['as']>;
beforeAll(async () => {
  t = await build();
  demo = await organizationId(t, 'Demo Organization');
  admin = await t.login('admin@demo.local');
});
afterAll(() => t.close());

const templatesUrl = () => `/api/organizations/${demo}/templates`;
const upload = (content: string | Buffer, options: Parameters<typeof multipartFile>[1] = {}) => admin({ method: 'POST', url: templatesUrl(), ...multipartFile(content, options) });
type Problem = { path: string; message: string; line?: number };

describe('template nesting', () => {
  it('refuses each hostile shape with a 422 naming the line, before any parser sees it', async () => {
    for (const [shape, { content, filename, contentType, line }] of Object.entries(deepTemplates)) {
      const response = await upload(content, { filename, contentType });
      expect(response.statusCode, shape).toBe(422);
      const body = response.json() as { detail: string; errors: Problem[] };
      expect(body.detail, shape).toContain(`line ${line}`);
      expect(body.errors, shape).toEqual([{ path: '$', message: expect.stringContaining('nested too deeply'), line }]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('every problem of a template at once', () => {
  it('reports structural and reference problems together, each with path and line', async () => {
    type Loose = { name?: string; requirements: { children: { title: unknown; controls: unknown[] }[] }[] };
    const template = sampleTemplate('BOTH_KINDS') as unknown as Loose;
    delete template.name; // structural: a required field
    template.requirements[0]!.children[0]!.title = 42; // structural: a wrong type
    template.requirements[0]!.children[1]!.controls.push('MFF-1.NOPE.01'); // reference: an unknown control
    const response = await upload(JSON.stringify(template, null, 2));
    expect(response.statusCode).toBe(422);
    const { errors, detail } = response.json() as { errors: Problem[]; detail: string };
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'name', message: 'is required', line: 1 }),
        expect.objectContaining({ path: 'requirements[0].children[0].title', line: expect.any(Number) }),
        expect.objectContaining({ path: 'requirements[0].children[1].controls[2]', message: expect.stringContaining('unknown control MFF-1.NOPE.01'), line: expect.any(Number) }),
      ]),
    );
    expect(detail).toMatch(/^The template has 3 problems/);
  });

  it('lists at most 100 problems and says how many more there are', async () => {
    const template = sampleTemplate('MANY_PROBLEMS') as unknown as { requirements: unknown[] };
    template.requirements.push(...Array.from({ length: 150 }, (_, i) => ({ code: `X${i}`, title: `Unknown ${i}`, controls: [`MFF-1.NOPE.${i}`] })));
    const response = await upload(JSON.stringify({ ...template, version: 7 }, null, 2));
    expect(response.statusCode).toBe(422);
    const { errors, detail } = response.json() as { errors: Problem[]; detail: string };
    expect(detail).toContain('151 problems');
    expect(detail).toContain('and 51 more');
    expect(errors).toHaveLength(101);
    expect(errors[0]).toMatchObject({ path: 'version', line: expect.any(Number) });
    expect(errors[100]).toEqual({ path: '$', message: 'and 51 more problems (at most 100 are listed)' });
  });
});

describe('template limits', () => {
  it('refuses more mappings than the documented limit, before checking references', async () => {
    const perRequirement = 50;
    const requirements = Array.from({ length: Math.ceil((MAX_TEMPLATE_MAPPINGS + 1) / perRequirement) }, (_, i) => ({
      code: `R${i}`,
      title: 'r',
      controls: Array.from({ length: perRequirement }, (_, j) => `C${j}`),
    }));
    const response = await upload(JSON.stringify({ framework_code: 'TOO_MANY_MAPPINGS', name: 'x', version: '1', requirements }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([{ path: 'requirements', message: expect.stringContaining(`at most ${MAX_TEMPLATE_MAPPINGS} mappings`), line: expect.any(Number) }]);
  });

  it('refuses a body announced larger than the limit without reading it', async () => {
    const response = await admin({
      method: 'POST',
      url: templatesUrl(),
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(MAX_FRAMEWORK_TEMPLATE_BYTES * 4) },
      payload: '--x\r\n',
    });
    expect(response.statusCode).toBe(413);
  });
});

describe('reading a large framework', () => {
  it('streams the whole tree, slice by slice, in the frameworkDetail shape', async () => {
    // 30 sections of 40 requirements (1,230 rows): several slices of whole top-level requirements.
    const requirements = Array.from({ length: 30 }, (_, i) => ({
      code: `S${i}`,
      title: `Section ${i}`,
      children: Array.from({ length: 40 }, (_, j) => ({ code: `S${i}.${j}`, title: `Requirement ${i}.${j}`, controls: ['MFF-1.GOV.01', { code: 'MFF-1.DOC.01', relationship: 'subset', strength: 3 }] })),
    }));
    const uploaded = await upload(JSON.stringify({ framework_code: 'LARGE_READ', name: 'Large', version: '1', requirements }));
    expect(uploaded.statusCode).toBe(201);
    const response = await admin({ method: 'GET', url: `/api/organizations/${demo}/frameworks/LARGE_READ` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const detail = frameworkDetail.parse(response.json());
    expect(detail.requirements.map((r) => r.code)).toEqual(requirements.map((r) => r.code));
    expect(detail.requirements.flatMap((r) => r.children.map((c) => c.code))).toEqual(requirements.flatMap((r) => r.children.map((c) => c.code)));
    expect(detail.requirements[29]!.children[39]!.controls).toEqual([
      expect.objectContaining({ control_code: 'MFF-1.GOV.01', relationship: 'equal', source: 'author' }),
      expect.objectContaining({ control_code: 'MFF-1.DOC.01', relationship: 'subset', strength: 3 }),
    ]);
    expect(detail).toMatchObject({ framework_code: 'LARGE_READ', requirement_count: 1200, control_count: 2, controls: [expect.any(Object), expect.any(Object)] });
    // The stream is compressed like any JSON answer.
    const gzipped = await admin({ method: 'GET', url: `/api/organizations/${demo}/frameworks/LARGE_READ`, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8'))).toEqual(response.json());

    const operator = await t.login('internal@demo.local');
    const platform = await operator({ method: 'GET', url: '/api/v1/platform-frameworks/EU_AI_ACT' });
    expect(platform.statusCode).toBe(200);
    const parsed = platformFrameworkDetail.parse(platform.json());
    expect(parsed.framework.requirements.length).toBeGreaterThan(5);
    expect(parsed.organizations.length).toBeGreaterThan(0);
  });
});
