import { afterAll, beforeAll, expect, it } from 'vitest';
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

const base = '/api/v1/platform-frameworks';

it('lets platform operators see the catalogue with its use across organizations', async () => {
  const operator = await t.login('internal@demo.local');
  const list = await operator({ method: 'GET', url: base });
  expect(list.statusCode).toBe(200);
  const eu = list.json().items.find((i: { framework_code: string }) => i.framework_code === 'EU_AI_ACT');
  expect(eu).toMatchObject({ source: 'builtin', enabled_by_default: true, organizations_enabled: 2, projects_using: expect.any(Number) });
  const detail = (await operator({ method: 'GET', url: `${base}/EU_AI_ACT` })).json();
  expect(detail.framework.requirements.length).toBeGreaterThan(5);
  expect(detail.organizations.map((o: { name: string }) => o.name)).toEqual(['Demo Organization', 'Other Organization']);
  const admin = await t.login('admin@demo.local');
  expect((await admin({ method: 'GET', url: base })).statusCode).toBe(403);
});

it('uploads a platform framework, off by default, that operators switch on per organization', async () => {
  const operator = await t.login('internal@demo.local');
  const created = await operator({ method: 'POST', url: base, ...multipartFile(JSON.stringify(sampleTemplate('SECTOR_CODE'))) });
  expect(created.statusCode).toBe(201);
  expect(created.json()).toMatchObject({ source: 'platform', enabled_by_default: false, organizations_enabled: 0 });
  const demoAdmin = await t.login('admin@demo.local');
  const listed = (await demoAdmin({ method: 'GET', url: `/api/organizations/${demo}/templates?include_disabled=true` })).json().items;
  expect(listed.find((i: { framework_code: string }) => i.framework_code === 'SECTOR_CODE')).toMatchObject({ enabled: false, source: 'platform' });

  // An operator switches it on for Other Organization from the admin area.
  const enabled = await operator({ method: 'POST', url: `/api/organizations/${other}/platform-frameworks`, payload: { framework_code: 'SECTOR_CODE', enabled: true } });
  expect(enabled.statusCode).toBe(200);
  const detail = (await operator({ method: 'GET', url: `${base}/SECTOR_CODE` })).json();
  expect(detail.organizations).toEqual([
    expect.objectContaining({ name: 'Demo Organization', enabled: false }),
    expect.objectContaining({ name: 'Other Organization', enabled: true }),
  ]);
  // An organization admin cannot do that for another organization.
  expect((await demoAdmin({ method: 'POST', url: `/api/organizations/${other}/platform-frameworks`, payload: { framework_code: 'SECTOR_CODE', enabled: false } })).statusCode).toBe(404);
  // Its code is taken for every organization.
  const outsider = await t.login('outsider@other.local');
  expect((await outsider({ method: 'POST', url: `/api/organizations/${other}/templates`, ...multipartFile(JSON.stringify(sampleTemplate('SECTOR_CODE'))) })).statusCode).toBe(409);
});

it('deletes an uploaded platform framework no project applies; never a built-in', async () => {
  const operator = await t.login('internal@demo.local');
  await operator({ method: 'POST', url: `${base}?enabled_by_default=true`, ...multipartFile(JSON.stringify(sampleTemplate('TO_DELETE'))) });
  const outsider = await t.login('outsider@other.local');
  const project = await outsider({ method: 'POST', url: '/api/projects', payload: { name: 'Uses it', project_type: 'ai_application', frameworks: ['TO_DELETE'] } });
  expect(project.statusCode).toBe(201);
  expect((await operator({ method: 'DELETE', url: `${base}/TO_DELETE` })).statusCode).toBe(409);
  expect((await outsider({ method: 'DELETE', url: `/api/projects/${project.json().id}/frameworks/TO_DELETE` })).statusCode).toBe(204);
  expect((await operator({ method: 'DELETE', url: `${base}/TO_DELETE` })).statusCode).toBe(204);
  expect((await operator({ method: 'DELETE', url: `${base}/EU_AI_ACT` })).statusCode).toBe(409);
  expect((await operator({ method: 'GET', url: `${base}/TO_DELETE` })).statusCode).toBe(404);
});
