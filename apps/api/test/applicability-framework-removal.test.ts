import { afterAll, beforeAll, expect, it } from 'vitest';
import { build, type TestApp } from './helper';

type Satisfies = { framework_code: string; applicable: boolean };
type Control = { control_code: string; status: string; out_of_scope_justification: string | null; satisfies: Satisfies[] };

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

/** A CV-screening tool an employer in the EU uses: provider-only EU AI Act requirements do not apply. */
const HIRING = {
  product_category: 'ai_system',
  role: ['deployer'],
  use_case: ['annex_iii_4a'],
  establishment: ['eu', 'employer'],
  project_requirements: ['none'],
  critical_issues: ['none'],
  supply_terms: ['none'],
};

it('removing a framework takes out of scope the controls it alone kept applicable, and keeps the others', async () => {
  const admin = await t.login('admin@demo.local');
  const created = await admin({ method: 'POST', url: '/api/projects', payload: { name: 'Hiring assistant', project_type: 'ai_application', frameworks: ['EU_AI_ACT', 'NIST_AI_RMF'] } });
  expect(created.statusCode).toBe(201);
  const project = created.json().id as string;
  expect((await admin({ method: 'POST', url: `/api/projects/${project}/eu_ai_act_settings`, payload: HIRING })).statusCode).toBe(200);

  const controls = async () => {
    const list = (await admin({ method: 'GET', url: `/api/projects/${project}/controls?size=250` })).json().items as { control_code: string }[];
    return Promise.all(list.map(async (c) => (await admin({ method: 'GET', url: `/api/projects/${project}/controls/${encodeURIComponent(c.control_code)}` })).json() as Control));
  };
  const before = await controls();
  // Kept in scope by NIST alone: every EU AI Act requirement it serves is out of scope, a NIST one applies.
  const nistOnly = before.filter(
    (c) => c.status !== 'out_of_scope' && c.satisfies.some((s) => s.framework_code === 'EU_AI_ACT') && c.satisfies.every((s) => s.framework_code === 'NIST_AI_RMF' || !s.applicable),
  );
  // Kept by an applicable EU AI Act requirement too.
  const euToo = before.filter((c) => c.status !== 'out_of_scope' && c.satisfies.some((s) => s.framework_code === 'EU_AI_ACT' && s.applicable));
  expect(nistOnly.length).toBeGreaterThan(0);
  expect(euToo.length).toBeGreaterThan(0);

  expect((await admin({ method: 'DELETE', url: `/api/projects/${project}/frameworks/NIST_AI_RMF` })).statusCode).toBeLessThan(300);

  const after = new Map((await controls()).map((c) => [c.control_code, c]));
  for (const c of nistOnly) {
    expect(after.get(c.control_code)?.status).toBe('out_of_scope');
    expect(after.get(c.control_code)?.out_of_scope_justification).toMatch(/^Not applicable: every requirement it serves is out of scope/);
  }
  for (const c of euToo) expect(after.get(c.control_code)?.status).toBe(c.status);

  // Applying it again brings them back to where they were.
  expect((await admin({ method: 'POST', url: `/api/projects/${project}/frameworks`, payload: { framework_code: 'NIST_AI_RMF' } })).statusCode).toBeLessThan(300);
  const again = new Map((await controls()).map((c) => [c.control_code, c]));
  for (const c of nistOnly) expect(again.get(c.control_code)?.status).toBe(c.status);
});
