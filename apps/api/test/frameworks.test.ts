import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FRAMEWORK_TEMPLATE_BYTES } from '@aegis/contracts';
import { syncBuiltInFrameworks } from '../src/modules/frameworks/built-in-sync';
import { multipartFile, organizationId, sampleTemplate } from './factories';
import { build, type TestApp } from './helper';

let t: TestApp;
let demo: string;
let other: string;
beforeAll(async () => {
  t = await build();
  demo = await organizationId(t, 'Demo Organization');
  other = await organizationId(t, 'Other Organization');
});
afterAll(() => t.close());

const templatesUrl = (organization = demo) => `/api/organizations/${organization}/templates`;
const upload = async (as: ReturnType<TestApp['as']>, content: string | Buffer, options: Parameters<typeof multipartFile>[1] = {}, organization = demo) =>
  as({ method: 'POST', url: templatesUrl(organization), ...multipartFile(content, options) });
const codesOf = (response: { json(): { items: { framework_code: string }[] } }) => response.json().items.map((i) => i.framework_code);

describe('the built-in catalogue', () => {
  it('loads the built-ins once: a restart with unchanged content loads nothing', async () => {
    expect((await syncBuiltInFrameworks(t.db)).loaded).toEqual([]);
  });

  it('lists the built-ins to every member, with counts, filtered by project type', async () => {
    const member = await t.login('editor@demo.local');
    const list = await member({ method: 'GET', url: templatesUrl() });
    expect(list.statusCode).toBe(200);
    expect(codesOf(list)).toEqual(['EU_AI_ACT', 'ISO_IEC_42001', 'MFF-1', 'NIST_AI_RMF']);
    const eu = list.json().items[0];
    expect(eu).toMatchObject({ source: 'builtin', enabled: true, requirement_count: expect.any(Number), control_count: expect.any(Number) });
    expect(eu.requirement_count).toBeGreaterThan(150);
    const byCode = await member({ method: 'GET', url: `${templatesUrl()}?name=nist&sort_by=framework_code` });
    expect(codesOf(byCode)).toEqual(['NIST_AI_RMF']);
    const outsider = await t.login('outsider@other.local');
    expect((await outsider({ method: 'GET', url: templatesUrl() })).statusCode).toBe(404);
  });

  it('serves a framework with its tree, mappings with their sources, and the crosswalk', async () => {
    const member = await t.login('reviewer@demo.local');
    const response = await member({ method: 'GET', url: `/api/organizations/${demo}/frameworks/ISO_IEC_42001` });
    expect(response.statusCode).toBe(200);
    const iso = response.json();
    const annex = iso.requirements.find((r: { code: string }) => r.code.startsWith('A'));
    expect(annex.children.length).toBeGreaterThan(0);
    const leaf = iso.requirements.flatMap((r: { children: unknown[] }) => r.children).find((r: { controls: unknown[] }) => r.controls.length > 0);
    expect(leaf.controls[0]).toMatchObject({ control_code: expect.stringMatching(/^MFF-1\./), relationship: expect.any(String), source: expect.any(String) });
    expect(iso.controls.length).toBe(iso.control_count);
    // A control ISO maps to also serves requirements of the EU AI Act or the NIST AI RMF.
    const shared = Object.values(iso.crosswalk).flat() as { framework_code: string }[];
    expect(new Set(shared.map((e) => e.framework_code))).toEqual(new Set(['EU_AI_ACT', 'NIST_AI_RMF']));
    expect((await member({ method: 'GET', url: `/api/organizations/${demo}/frameworks/NOPE` })).statusCode).toBe(404);
  });

  it('serves the JSON Schema of template files and the platform tags', async () => {
    const schema = await t.app.inject({ method: 'GET', url: '/api/schemas/framework-template.json' });
    expect(schema.statusCode).toBe(200);
    expect(schema.json()).toMatchObject({ $id: 'framework-template.json', type: 'object' });
    const member = await t.login('editor@demo.local');
    const tags = (await member({ method: 'GET', url: `/api/v1/organizations/${demo}/tags?size=50` })).json();
    expect(tags.total).toBe(15);
    expect(tags.items.map((i: { name: string }) => i.name)).toContain('Risk management');
  });
});

describe('switching platform frameworks on and off', () => {
  it('lets admins switch one off (projects can no longer apply it) and on again; MFF-1 stays on', async () => {
    const admin = await t.login('admin@demo.local');
    const toggle = (framework_code: string, enabled: boolean) => admin({ method: 'POST', url: `/api/organizations/${demo}/platform-frameworks`, payload: { framework_code, enabled } });
    expect((await toggle('NIST_AI_RMF', false)).json()).toMatchObject({ framework_code: 'NIST_AI_RMF', enabled: false });
    expect(codesOf(await admin({ method: 'GET', url: templatesUrl() }))).not.toContain('NIST_AI_RMF');
    const all = await admin({ method: 'GET', url: `${templatesUrl()}?include_disabled=true` });
    expect(all.json().items.find((i: { framework_code: string }) => i.framework_code === 'NIST_AI_RMF').enabled).toBe(false);
    const refused = await admin({ method: 'POST', url: '/api/projects', payload: { name: 'Needs NIST', project_type: 'ai_application', frameworks: ['NIST_AI_RMF'] } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toContain('NIST_AI_RMF');
    // Another organization is not affected.
    const outsider = await t.login('outsider@other.local');
    expect(codesOf(await outsider({ method: 'GET', url: templatesUrl(other) }))).toContain('NIST_AI_RMF');
    expect((await toggle('NIST_AI_RMF', true)).json().enabled).toBe(true);
    expect((await toggle('MFF-1', false)).statusCode).toBe(409);
    const member = await t.login('editor@demo.local');
    expect((await member({ method: 'POST', url: `/api/organizations/${demo}/platform-frameworks`, payload: { framework_code: 'EU_AI_ACT', enabled: false } })).statusCode).toBe(403);
  });
});

describe('uploading templates', () => {
  const before = async () => (await (await t.login('admin@demo.local'))({ method: 'GET', url: `${templatesUrl()}?include_disabled=true&size=250` })).json().total;

  it('refuses bad files with every problem by path (and line), storing nothing', async () => {
    const admin = await t.login('admin@demo.local');
    const count = await before();
    const missing = await upload(admin, JSON.stringify({ framework_code: 'BROKEN', version: '1', requirements: [] }));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(['name', 'requirements']));

    const template = sampleTemplate('DUPES');
    template.requirements[0]!.children!.push({ code: 'P1.1', title: 'Again', controls: ['MFF-1.XX.99'] });
    const dupes = (await upload(admin, JSON.stringify(template, null, 2))).json();
    expect(dupes.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'requirements[0].children[2].code', message: expect.stringContaining('P1.1') }),
        expect.objectContaining({ path: 'requirements[0].children[2].controls[0]', message: expect.stringContaining('MFF-1.XX.99'), line: expect.any(Number) }),
      ]),
    );
    const builtIn = await upload(admin, JSON.stringify(sampleTemplate('EU_AI_ACT')));
    expect(builtIn.statusCode).toBe(422);
    expect(builtIn.json().errors[0].path).toBe('framework_code');

    const syntax = await upload(admin, '{\n  "framework_code": "X1",\n  "name": oops\n}');
    expect(syntax.statusCode).toBe(422);
    expect(syntax.json().errors[0]).toMatchObject({ line: 3 });

    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]', ...Array.from({ length: 9 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)}]`)].join('\n');
    const yamlBomb = await upload(admin, bomb, { filename: 'bomb.yaml', contentType: 'application/yaml' });
    expect(yamlBomb.statusCode).toBe(422);
    const latin1 = await upload(admin, Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d]));
    expect(latin1.statusCode).toBe(422);
    expect(latin1.json().detail).toMatch(/UTF-8/i);

    const huge = await upload(admin, Buffer.alloc(MAX_FRAMEWORK_TEMPLATE_BYTES + 10, 0x20));
    expect(huge.statusCode).toBe(413);
    const notMultipart = await admin({ method: 'POST', url: templatesUrl(), payload: sampleTemplate() });
    expect(notMultipart.statusCode).toBe(415);
    expect(await before()).toBe(count);
  });

  it('stores a good template (JSON or YAML) for the organization alone, and refuses its code twice', async () => {
    const admin = await t.login('admin@demo.local');
    const template = sampleTemplate('DEMO_POLICY');
    const created = await upload(admin, JSON.stringify(template));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ framework_code: 'DEMO_POLICY', source: 'organization', enabled: true, requirement_count: 2, control_count: 3 });
    expect((await upload(admin, JSON.stringify(template))).statusCode).toBe(409);

    const yaml = ['framework_code: DEMO_YAML', 'name: YAML policy', "version: '1'", 'requirements:', '  - code: Y1', '    title: Logs are kept', '    controls: [MFF-1.LOG.01]'].join('\n');
    expect((await upload(admin, yaml, { filename: 'policy.yaml', contentType: 'application/yaml' })).statusCode).toBe(201);

    const detail = (await admin({ method: 'GET', url: `/api/organizations/${demo}/frameworks/DEMO_POLICY` })).json();
    expect(detail.requirements[0].children[1].controls.map((c: { control_code: string }) => c.control_code)).toEqual(['DEMO_POLICY.C1', 'MFF-1.DOC.01']);
    expect(detail.controls.find((c: { control_code: string }) => c.control_code === 'DEMO_POLICY.C1')).toMatchObject({ defined_by: 'DEMO_POLICY' });

    // Invisible to another organization, which may use the same code for its own.
    const outsider = await t.login('outsider@other.local');
    expect((await outsider({ method: 'GET', url: `/api/organizations/${other}/frameworks/DEMO_POLICY` })).statusCode).toBe(404);
    expect(codesOf(await outsider({ method: 'GET', url: templatesUrl(other) }))).not.toContain('DEMO_POLICY');
    expect((await upload(outsider, JSON.stringify(sampleTemplate('DEMO_POLICY')), {}, other)).statusCode).toBe(201);
    expect((await upload(outsider, JSON.stringify(sampleTemplate('X9')), {}, demo)).statusCode).toBe(404);
    // Members read but do not upload.
    const member = await t.login('editor@demo.local');
    expect((await upload(member, JSON.stringify(sampleTemplate()))).statusCode).toBe(403);
  });

  it('deletes an own template only while no project applies it', async () => {
    const admin = await t.login('admin@demo.local');
    await upload(admin, JSON.stringify(sampleTemplate('IN_USE')));
    const project = await admin({ method: 'POST', url: '/api/projects', payload: { name: 'Uses the policy', project_type: 'ai_application', frameworks: ['IN_USE'] } });
    expect(project.statusCode).toBe(201);
    const refused = await admin({ method: 'DELETE', url: `${templatesUrl()}/IN_USE` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain('Uses the policy');
    expect((await admin({ method: 'DELETE', url: `${templatesUrl()}/EU_AI_ACT` })).statusCode).toBe(409);
    const outsider = await t.login('outsider@other.local');
    expect((await outsider({ method: 'DELETE', url: `${templatesUrl(other)}/IN_USE` })).statusCode).toBe(404);
    expect((await admin({ method: 'DELETE', url: `/api/projects/${project.json().id}/frameworks/IN_USE` })).statusCode).toBe(204);
    expect((await admin({ method: 'DELETE', url: `${templatesUrl()}/IN_USE` })).statusCode).toBe(204);
    expect((await admin({ method: 'GET', url: `/api/organizations/${demo}/frameworks/IN_USE` })).statusCode).toBe(404);
  });
});
