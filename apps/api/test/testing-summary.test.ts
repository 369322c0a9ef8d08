import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helper';
import { pdfText, squeezed } from './pdf-text';

// Issue 32, item 6: the project's tests at a glance (the dashboard's card) and the report's testing section,
// built through the API as a pipeline and a team would: every number equals the list it stands for.

let t: TestApp;
let owner: Awaited<ReturnType<TestApp['login']>>;
let projectId: string;
const base = () => `/api/v1/projects/${projectId}/testing`;

async function ok<T>(call: Promise<{ statusCode: number; json: () => unknown; body: string }>, status = 200): Promise<T> {
  const response = await call;
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

beforeAll(async () => {
  t = await build();
  owner = await t.login('owner@demo.local');
  // A project of its own with one framework: its report stays a few pages (the demo project's is eighty).
  const created = await owner({ method: 'POST', url: '/api/projects', payload: { name: 'Testing summary', project_type: 'ai_application', frameworks: ['NIST_AI_RMF'] } });
  expect(created.statusCode, created.body).toBe(201);
  projectId = created.json().id;
});
afterAll(() => t?.close());

type Summary = { total: number; by_result: Record<string, number>; pass_rate: number | null; controls_with_failing_tests: number; failing: { reference: string; name: string }[]; stale_metrics: number };

describe('GET …/testing/summary and the report', () => {
  it('counts the tests by latest result as the tests list filters them, flags the controls of failing tests, and puts the tests in the PDF', async () => {
    const empty = await ok<Summary>(owner({ method: 'GET', url: `${base()}/summary` }));
    expect(empty).toMatchObject({ total: 0, pass_rate: null, failing: [], controls_with_failing_tests: 0 });

    const source = await ok<{ id: string }>(owner({ method: 'POST', url: `${base()}/sources`, payload: { name: 'Nightly job', kind: 'api' } }), 201);
    const metric = await ok<{ id: string }>(owner({ method: 'POST', url: `${base()}/sources/${source.id}/metrics`, payload: { name: 'accuracy', expected_every_hours: 24 } }), 201);
    const stale = await ok<{ id: string }>(owner({ method: 'POST', url: `${base()}/sources/${source.id}/metrics`, payload: { name: 'recall', expected_every_hours: 24 } }), 201);
    expect(stale.id).toBeTruthy();
    await ok(owner({ method: 'POST', url: `${base()}/logs`, payload: { values: [{ metric_id: metric.id, value: 0.93 }] } }));

    const test = (name: string, threshold: number) => ok<{ id: string; reference: string }>(owner({ method: 'POST', url: `${base()}/tests`, payload: { name, metric_id: metric.id, operator: '>=', threshold } }), 201);
    const passing = await test('Accuracy at least 0.9', 0.9);
    const failing = await test('Accuracy at least 0.95', 0.95);
    await test('Accuracy at least 0.5 (never run)', 0.5);
    const controls = await ok<{ items: { id: string; control_code: string }[] }>(owner({ method: 'GET', url: `/api/projects/${projectId}/controls?size=2` }));
    const [first, second] = controls.items;
    await ok(owner({ method: 'PUT', url: `${base()}/tests/${failing.id}/controls/${first!.id}` }));
    await ok(owner({ method: 'PUT', url: `${base()}/tests/${passing.id}/controls/${second!.id}` }));
    await ok(owner({ method: 'POST', url: `${base()}/tests/${passing.id}/results` }), 201);
    await ok(owner({ method: 'POST', url: `${base()}/tests/${failing.id}/results` }), 201);

    const summary = await ok<Summary>(owner({ method: 'GET', url: `${base()}/summary` }));
    expect(summary).toMatchObject({ total: 3, by_result: { passed: 1, failed: 1, error: 0, never_run: 1 }, pass_rate: 0.5, controls_with_failing_tests: 1, stale_metrics: 1 });
    expect(summary.failing).toEqual([expect.objectContaining({ reference: failing.reference, name: 'Accuracy at least 0.95' })]);
    // Each number is the tests list filtered by it.
    for (const status of ['passed', 'failed', 'error', 'never_run'] as const) {
      const listed = await ok<{ total: number }>(owner({ method: 'GET', url: `${base()}/tests?result_status=${status}` }));
      expect(listed.total, status).toBe(summary.by_result[status]);
    }
    const flagged = (await ok<{ items: { control_code: string; test_failing: boolean }[] }>(owner({ method: 'GET', url: `/api/projects/${projectId}/controls?size=250` }))).items.filter((c) => c.test_failing);
    expect(flagged.map((c) => c.control_code)).toEqual([first!.control_code]);

    const exported = await owner({ method: 'GET', url: `/api/projects/${projectId}/export` });
    expect(exported.statusCode).toBe(200);
    const text = squeezed((await pdfText(exported.rawPayload)).text);
    expect(text).toContain(squeezed('Automated testing'));
    expect(text).toContain(squeezed('1 of 2 tests that ran passed their latest run (50 %)'));
    expect(text).toContain(squeezed(`${failing.reference} Accuracy at least 0.95`));
    expect(text).toContain(squeezed('Never run'));
  });

  it('another organization sees nothing', async () => {
    const outsider = await t.login('outsider@other.local');
    expect((await outsider({ method: 'GET', url: `${base()}/summary` })).statusCode).toBe(404);
  });
});
