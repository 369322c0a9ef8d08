import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, users } from '../src/db/schema';
import { organizationId } from './factories';
import { build, type TestApp } from './helper';

let t: TestApp;
let demo: string;
let project: string;
let chatbot: string;
const ids: Record<string, string> = {};
const DAY = 86_400_000;

beforeAll(async () => {
  t = await build();
  demo = await organizationId(t, 'Demo Organization');
  project = (await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model')))[0]!.id;
  chatbot = (await t.db.select().from(projects).where(eq(projects.name, 'Customer Support Chatbot')))[0]!.id;
  for (const email of ['owner@demo.local', 'editor@demo.local', 'reviewer@demo.local', 'auditor@demo.local', 'admin@demo.local', 'outsider@other.local']) {
    ids[email] = (await t.db.select().from(users).where(eq(users.email, email)))[0]!.id;
  }
});
afterAll(() => t.close());

const rows = <T,>(result: unknown) => (result as { rows: T[] }).rows;

/** A source and a metric of the project, written straight into the tables (the ingest API is another helper's). */
async function metric(projectId = project, options: { expectedEveryHours?: number | null; name?: string } = {}) {
  const [source] = rows<{ id: string }>(
    await t.db.execute(sql`insert into testing_sources (organization_id, project_id, name, kind) values (${demo}, ${projectId}, ${`Pipeline ${Math.random()}`}, 'api') returning id`),
  );
  const [row] = rows<{ id: string }>(
    await t.db.execute(sql`insert into testing_metrics (organization_id, project_id, source_id, name, unit, expected_every_hours)
                           values (${demo}, ${projectId}, ${source!.id}, ${options.name ?? `accuracy ${Math.random()}`}, 'ratio', ${options.expectedEveryHours ?? null}) returning id`),
  );
  return row!.id;
}

/** Values of a metric, each `[value, days ago]` by the app's clock; the metric's last value follows. */
async function values(metricId: string, points: [number, number][], projectId = project) {
  const now = t.clock.now().getTime();
  for (const [value, daysAgo] of points) {
    const at = new Date(now - daysAgo * DAY).toISOString();
    await t.db.execute(sql`insert into testing_values (organization_id, project_id, metric_id, value, observed_at) values (${demo}, ${projectId}, ${metricId}, ${value}, ${at}::timestamptz)`);
  }
  await t.db.execute(sql`update testing_metrics m set value_count = (select count(*) from testing_values v where v.metric_id = m.id),
                           last_value_at = (select max(observed_at) from testing_values v where v.metric_id = m.id) where m.id = ${metricId}`);
}

const url = (suffix = '', projectId = project) => `/api/v1/projects/${projectId}/testing${suffix}`;
type Test = { id: string; reference: string; name: string; status: string; condition: string; [k: string]: unknown };

async function create(body: Record<string, unknown>, as = 'editor@demo.local') {
  const response = await (await t.login(as))({ method: 'POST', url: url('/tests'), payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Test;
}

async function run(testId: string, as = 'editor@demo.local') {
  const response = await (await t.login(as))({ method: 'POST', url: url(`/tests/${testId}/results`) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; result_status: string; observed_value: number | null; error: string | null; value_count: number; condition: string; evidence_ids: string[]; [k: string]: unknown };
}

async function controls() {
  const list = (await (await t.login('admin@demo.local'))({ method: 'GET', url: `/api/projects/${project}/controls?size=5&sort_by=control_code` })).json();
  return list.items as { id: string; control_code: string; status: string; test_failing: boolean }[];
}

describe('creating a test', () => {
  it('needs a name, a metric of the project, an operator and a threshold; numbers it T-<n> and starts it ready', async () => {
    const m = await metric();
    const test = await create({ name: 'Accuracy holds', metric_id: m, operator: '>=', threshold: 0.9 });
    expect(test).toMatchObject({
      reference: expect.stringMatching(/^T-\d+$/),
      status: 'ready',
      condition: 'latest value ≥ 0.9',
      aggregation: 'latest',
      lookback_days: 30,
      schedule: 'manual',
      metric_id: m,
      metric_unit: 'ratio',
      last_result: null,
      next_run_at: null,
      locked: false,
      allowed_transitions: ['in_progress', 'out_of_scope'],
      created_by: expect.objectContaining({ id: ids['editor@demo.local'] }),
    });
    const next = await create({ name: 'Mean accuracy', metric_id: m, operator: '>=', threshold: 0.9, aggregation: 'mean', window_kind: 'values', window_size: 5, schedule: 'daily' });
    expect(Number(next.reference.slice(2))).toBe(Number(test.reference.slice(2)) + 1);
    expect(next).toMatchObject({ condition: 'mean of the last 5 values ≥ 0.9', next_run_at: expect.any(String) });
    // A deleted test's number is never given again.
    expect((await (await t.login('editor@demo.local'))({ method: 'DELETE', url: url(`/tests/${next.id}`) })).statusCode).toBe(204);
    const after = await create({ name: 'After the deletion', metric_id: m, operator: '<', threshold: 1 });
    expect(Number(after.reference.slice(2))).toBe(Number(next.reference.slice(2)) + 1);
  });

  it('refuses bad input with 422 naming the field, and stores nothing', async () => {
    const editor = await t.login('editor@demo.local');
    const m = await metric();
    const other = await metric(chatbot);
    const before = rows<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from testing_tests`))[0]!.n;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'x', metric_id: other, operator: '>=', threshold: 1 }, 'body.metric_id'],
      [{ name: 'x', metric_id: '00000000-0000-4000-8000-000000000000', operator: '>=', threshold: 1 }, 'body.metric_id'],
      [{ name: 'x', metric_id: m, operator: '>=' }, 'body.threshold'],
      [{ name: 'x', metric_id: m, operator: '>=', threshold: 'high' }, 'body.threshold'],
      [{ name: 'x', metric_id: m, operator: 'between', threshold: 1 }, 'body.threshold_upper'],
      [{ name: 'x', metric_id: m, operator: 'between', threshold: 1, threshold_upper: 0.5 }, 'body.threshold_upper'],
      [{ name: 'x', metric_id: m, operator: '>', threshold: 1, threshold_upper: 2 }, 'body.threshold_upper'],
      [{ name: 'x', metric_id: m, operator: '>', threshold: 1, aggregation: 'mean' }, 'body.window_size'],
      [{ name: 'x', metric_id: m, operator: '>', threshold: 1, window_kind: 'values', window_size: 3 }, 'body.window_kind'],
      [{ name: 'x', metric_id: m, operator: '~', threshold: 1 }, 'body.operator'],
      [{ name: ' ', metric_id: m, operator: '>', threshold: 1 }, 'body.name'],
    ];
    for (const [payload, path] of cases) {
      const response = await editor({ method: 'POST', url: url('/tests'), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors.map((e: { path: string }) => e.path), JSON.stringify(payload)).toContain(path);
    }
    expect(rows<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from testing_tests`))[0]!.n).toBe(before);
  });
});

describe('listing and reading tests', () => {
  it('lists a page with metric, latest result, people and tags; filters by name, status, result and metric; sorts', async () => {
    const m = await metric(project, { expectedEveryHours: 24, name: 'Stale metric' });
    const a = await create({ name: 'Listed alpha', metric_id: m, operator: '>', threshold: 0 });
    const b = await create({ name: 'Listed beta', metric_id: m, operator: '>', threshold: 0 });
    await values(m, [[1, 0.1]]);
    await run(a.id);
    const editor = await t.login('editor@demo.local');
    const list = (await editor({ method: 'GET', url: url(`/tests?metric_id=${m}`) })).json();
    expect(list).toMatchObject({ total: 2, page: 1 });
    const first = list.items.find((i: Test) => i.id === a.id);
    expect(first).toMatchObject({ metric_name: 'Stale metric', source_name: expect.stringContaining('Pipeline'), metric_stale: false, last_result: { result_status: 'passed', observed_value: 1 }, assignees: [], tags: [], control_count: 0, review_status: null });
    expect((await editor({ method: 'GET', url: url(`/tests?metric_id=${m}&result_status=never_run`) })).json().items.map((i: Test) => i.id)).toEqual([b.id]);
    expect((await editor({ method: 'GET', url: url(`/tests?metric_id=${m}&result_status=passed,failed`) })).json().items.map((i: Test) => i.id)).toEqual([a.id]);
    expect((await editor({ method: 'GET', url: url(`/tests?name=${encodeURIComponent('listed be')}`) })).json().items.map((i: Test) => i.id)).toEqual([b.id]);
    expect((await editor({ method: 'GET', url: url(`/tests?name=${b.reference}`) })).json().items.map((i: Test) => i.id)).toEqual([b.id]);
    expect((await editor({ method: 'GET', url: url(`/tests?metric_id=${m}&sort_by=name&descending=true`) })).json().items.map((i: Test) => i.id)).toEqual([b.id, a.id]);
    expect((await editor({ method: 'GET', url: url(`/tests?metric_id=${m}&status=in_progress`) })).json().total).toBe(0);
    expect((await editor({ method: 'GET', url: url('/tests?status=finished') })).statusCode).toBe(422);
    // Two days on, the metric (expected daily) is stale.
    t.clock.advance(2 * DAY);
    expect((await (await t.login('editor@demo.local'))({ method: 'GET', url: url(`/tests/${a.id}`) })).json()).toMatchObject({ metric_stale: true, status_history: [] });
  });

  it('answers 404 for a test that is not the project\'s, and to another organization', async () => {
    const m = await metric();
    const test = await create({ name: 'Private', metric_id: m, operator: '>', threshold: 0 });
    const editor = await t.login('editor@demo.local');
    expect((await editor({ method: 'GET', url: url('/tests/00000000-0000-4000-8000-000000000000') })).statusCode).toBe(404);
    expect((await (await t.login('admin@demo.local'))({ method: 'GET', url: url(`/tests/${test.id}`, chatbot) })).statusCode).toBe(404);
    const outsider = await t.login('outsider@other.local');
    for (const [method, suffix] of [
      ['GET', `/tests/${test.id}`],
      ['PATCH', `/tests/${test.id}`],
      ['DELETE', `/tests/${test.id}`],
      ['POST', `/tests/${test.id}/results`],
      ['GET', `/tests/${test.id}/results`],
      ['GET', `/tests/${test.id}/controls`],
      ['GET', '/tests-results'],
    ] as const) {
      const response = await outsider({ method, url: url(suffix), ...(method === 'PATCH' ? { payload: { name: 'Taken' } } : {}) });
      expect(response.statusCode, `${method} ${suffix}`).toBe(404);
    }
    expect((await editor({ method: 'GET', url: url(`/tests/${test.id}`) })).json().name).toBe('Private');
  });

  it('refuses writes to an auditor (403) and lets them read', async () => {
    const m = await metric();
    const test = await create({ name: 'Audited', metric_id: m, operator: '>', threshold: 0 });
    const [control] = await controls();
    const auditor = await t.login('auditor@demo.local');
    expect((await auditor({ method: 'GET', url: url(`/tests/${test.id}`) })).statusCode).toBe(200);
    expect((await auditor({ method: 'GET', url: url(`/tests/${test.id}/results`) })).statusCode).toBe(200);
    expect((await auditor({ method: 'GET', url: url(`/tests/${test.id}/controls`) })).statusCode).toBe(200);
    for (const [method, suffix, payload] of [
      ['POST', '/tests', { name: 'x', metric_id: m, operator: '>', threshold: 0 }],
      ['PATCH', `/tests/${test.id}`, { name: 'x' }],
      ['DELETE', `/tests/${test.id}`, undefined],
      ['POST', `/tests/${test.id}/results`, undefined],
      ['PUT', `/tests/${test.id}/controls/${control!.id}`, undefined],
      ['DELETE', `/tests/${test.id}/controls/${control!.id}`, undefined],
      ['PUT', `/tests/${test.id}/assignees`, { assignees: [], reviewers: [] }],
    ] as const) {
      const response = await auditor({ method, url: url(suffix), ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${suffix}`).toBe(403);
    }
  });
});

describe('changing a test', () => {
  it('changes fields and status within the life cycle, checks the merged condition again, and logs it', async () => {
    const m = await metric();
    const other = await metric(chatbot);
    const test = await create({ name: 'To change', metric_id: m, operator: '>=', threshold: 0.9 });
    const editor = await t.login('editor@demo.local');
    const changed = await editor({ method: 'PATCH', url: url(`/tests/${test.id}`), payload: { name: 'Changed', operator: 'between', threshold: 0.1, threshold_upper: 0.2, status: 'in_progress' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Changed', condition: 'latest value between 0.1 and 0.2', status: 'in_progress', status_history: [{ from: 'ready', to: 'in_progress' }] });
    const bad = await editor({ method: 'PATCH', url: url(`/tests/${test.id}`), payload: { operator: '>' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([{ path: 'body.threshold_upper', message: expect.any(String) }]);
    const aggregate = await editor({ method: 'PATCH', url: url(`/tests/${test.id}`), payload: { aggregation: 'max' } });
    expect(aggregate.json().errors[0].path).toBe('body.window_size');
    const foreign = await editor({ method: 'PATCH', url: url(`/tests/${test.id}`), payload: { metric_id: other } });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors[0].path).toBe('body.metric_id');
    const windowed = await editor({ method: 'PATCH', url: url(`/tests/${test.id}`), payload: { operator: '<=', threshold_upper: null, aggregation: 'max', window_kind: 'days', window_size: 7, schedule: 'weekly' } });
    expect(windowed.json()).toMatchObject({ condition: 'max of the last 7 days ≤ 0.1', schedule: 'weekly' });
    expect((await editor({ method: 'PATCH', url: url(`/tests/${test.id}`), payload: { status: 'approved' } })).statusCode).toBe(409);
    const log = rows<{ action: string }>(await t.db.execute(sql`select action from activity_logs where object_id = ${test.id} order by created_at, id`));
    expect(log.map((l) => l.action)).toEqual(expect.arrayContaining(['created', 'status_changed', 'updated']));
  });

  it('replaces assignees, and is locked once approved through a review: no fields, links or deletion until reopened', async () => {
    const m = await metric();
    const test = await create({ name: 'Reviewed test', metric_id: m, operator: '>=', threshold: 0.9 });
    const [control] = await controls();
    const editor = await t.login('editor@demo.local');
    const people = await editor({ method: 'PUT', url: url(`/tests/${test.id}/assignees`), payload: { assignees: [ids['owner@demo.local']], reviewers: [ids['reviewer@demo.local']] } });
    expect(people.statusCode, people.body).toBe(200);
    expect(people.json().assignees.map((p: { id: string }) => p.id)).toEqual([ids['owner@demo.local']]);
    const requested = await editor({ method: 'POST', url: `/api/projects/${project}/reviews/test/${test.id}`, payload: { reviewers: [ids['reviewer@demo.local']] } });
    expect(requested.statusCode, requested.body).toBe(201);
    expect((await editor({ method: 'DELETE', url: url(`/tests/${test.id}`) })).json().code).toBe('review_pending');
    const decided = await (await t.login('reviewer@demo.local'))({ method: 'PATCH', url: `/api/projects/${project}/reviews/test/${test.id}/decision`, payload: { decision: 'approved' } });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await editor({ method: 'GET', url: url(`/tests/${test.id}`) })).json()).toMatchObject({ status: 'approved', locked: true, review_status: 'approved' });
    for (const payload of [{ name: 'Renamed' }, { threshold: 0.5 }, { tags: [] }, { status: 'ready' }]) {
      const response = await editor({ method: 'PATCH', url: url(`/tests/${test.id}`), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(409);
    }
    const link = await editor({ method: 'PUT', url: url(`/tests/${test.id}/controls/${control!.id}`) });
    expect(link.statusCode).toBe(409);
    expect(link.json().code).toBe('locked');
    const removal = await editor({ method: 'DELETE', url: url(`/tests/${test.id}`) });
    expect(removal.statusCode).toBe(409);
    expect(removal.json().code).toBe('locked');
    // Runs go on while it is approved; people may change.
    await run(test.id);
    expect((await editor({ method: 'PUT', url: url(`/tests/${test.id}/assignees`), payload: { assignees: [], reviewers: [] } })).statusCode).toBe(200);
    // Reopening needs a reason (and, with separation of duties, the force right the admin holds).
    const admin = await t.login('admin@demo.local');
    expect((await admin({ method: 'PATCH', url: url(`/tests/${test.id}`), payload: { status: 'in_progress' } })).statusCode).toBe(422);
    const reopened = await admin({ method: 'PATCH', url: url(`/tests/${test.id}`), payload: { status: 'in_progress', justification: 'Threshold revisited' } });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'in_progress', locked: false });
    expect((await editor({ method: 'DELETE', url: url(`/tests/${test.id}`) })).statusCode).toBe(204);
    expect((await editor({ method: 'GET', url: url(`/tests/${test.id}`) })).statusCode).toBe(404);
  });
});

describe('running a test', () => {
  it('judges the latest value, passed and failed; between includes its bounds', async () => {
    const m = await metric();
    await values(m, [[0.5, 3], [0.93, 1]]);
    const test = await create({ name: 'Accuracy', metric_id: m, operator: '>=', threshold: 0.9 });
    const passed = await run(test.id);
    expect(passed).toMatchObject({ result_status: 'passed', observed_value: 0.93, value_count: 1, condition: 'latest value ≥ 0.9', error: null, trigger: 'manual', run_by: expect.objectContaining({ id: ids['editor@demo.local'] }), evidence_ids: [] });
    expect(passed.data_from).toBe(passed.data_to);
    const editor = await t.login('editor@demo.local');
    await editor({ method: 'PATCH', url: url(`/tests/${test.id}`), payload: { threshold: 0.95 } });
    expect(await run(test.id)).toMatchObject({ result_status: 'failed', observed_value: 0.93, threshold: 0.95 });
    await editor({ method: 'PATCH', url: url(`/tests/${test.id}`), payload: { operator: 'between', threshold: 0.5, threshold_upper: 0.93 } });
    expect(await run(test.id)).toMatchObject({ result_status: 'passed', condition: 'latest value between 0.5 and 0.93' });
    const detail = (await editor({ method: 'GET', url: url(`/tests/${test.id}`) })).json();
    expect(detail.last_result).toMatchObject({ result_status: 'passed', observed_value: 0.93 });
  });

  it('judges a window of the last N values or N days with mean, min and max, within the lookback', async () => {
    const m = await metric();
    await values(m, [[0.1, 20], [0.5, 5], [0.75, 3], [1.0, 1]]);
    const editor = await t.login('editor@demo.local');
    const test = await create({ name: 'Window', metric_id: m, operator: '>=', threshold: 0.8, aggregation: 'mean', window_kind: 'values', window_size: 2 });
    expect(await run(test.id)).toMatchObject({ result_status: 'passed', observed_value: 0.875, value_count: 2, condition: 'mean of the last 2 values ≥ 0.8' });
    await editor({ method: 'PATCH', url: url(`/tests/${test.id}`), payload: { window_size: 3 } });
    expect(await run(test.id)).toMatchObject({ result_status: 'failed', observed_value: 0.75, value_count: 3 });
    await editor({ method: 'PATCH', url: url(`/tests/${test.id}`), payload: { aggregation: 'min', window_kind: 'days', window_size: 4, threshold: 0.7 } });
    expect(await run(test.id)).toMatchObject({ result_status: 'passed', observed_value: 0.75, value_count: 2, condition: 'min of the last 4 days ≥ 0.7' });
    await editor({ method: 'PATCH', url: url(`/tests/${test.id}`), payload: { aggregation: 'max', window_size: 30, operator: '<', threshold: 1 } });
    expect(await run(test.id)).toMatchObject({ result_status: 'failed', observed_value: 1, value_count: 4 });
    // The lookback bounds every window: the value of 20 days ago is out of a 10-day lookback.
    await editor({ method: 'PATCH', url: url(`/tests/${test.id}`), payload: { aggregation: 'min', lookback_days: 10, operator: '>', threshold: 0.4 } });
    expect(await run(test.id)).toMatchObject({ result_status: 'passed', observed_value: 0.5, value_count: 3 });
  });

  it('is an error, never a pass, with no value in the lookback or no metric', async () => {
    const m = await metric();
    await values(m, [[0.99, 40]]);
    const test = await create({ name: 'Old values only', metric_id: m, operator: '>=', threshold: 0.9 });
    expect(await run(test.id)).toMatchObject({ result_status: 'error', observed_value: null, value_count: 0, error: 'No value in the last 30 days', data_from: null });
    const empty = await create({ name: 'Nothing pushed', metric_id: await metric(), operator: '<', threshold: 1, aggregation: 'mean', window_kind: 'days', window_size: 7 });
    expect(await run(empty.id)).toMatchObject({ result_status: 'error', error: 'No value in the last 7 days' });
    await t.db.execute(sql`delete from testing_metrics where id = ${m}`);
    const gone = await run(test.id);
    expect(gone).toMatchObject({ result_status: 'error', error: expect.stringContaining('metric was deleted') });
    expect((await (await t.login('editor@demo.local'))({ method: 'GET', url: url(`/tests/${test.id}`) })).json()).toMatchObject({ metric_id: null, metric_name: null, last_result: { result_status: 'error' } });
  });

  it("is an error when the metric's source fails: a model-card source whose card was deleted", async () => {
    const m = await metric();
    await values(m, [[0.95, 1]]);
    const test = await create({ name: 'From a model card', metric_id: m, operator: '>=', threshold: 0.9 });
    expect(await run(test.id)).toMatchObject({ result_status: 'passed' });
    // The source becomes a model-card source whose card is gone (the card's deletion sets it to null).
    await t.db.execute(sql`update testing_sources set kind = 'asset_card', asset_card_id = null where id = (select source_id from testing_metrics where id = ${m})`);
    expect(await run(test.id)).toMatchObject({ result_status: 'error', observed_value: null, error: expect.stringContaining('source is failing') });
  });

  it('lists a test\'s results and every test\'s, filtered and sorted, and reads one', async () => {
    const m = await metric();
    await values(m, [[0.5, 1]]);
    const test = await create({ name: 'Results list', metric_id: m, operator: '>=', threshold: 0.4 });
    const other = await create({ name: 'Other results', metric_id: m, operator: '>=', threshold: 0.9 });
    const first = await run(test.id);
    t.clock.advance(60_000);
    const second = await run(other.id);
    t.clock.advance(60_000);
    const third = await run(test.id);
    const editor = await t.login('editor@demo.local');
    const mine = (await editor({ method: 'GET', url: url(`/tests/${test.id}/results`) })).json();
    expect(mine).toMatchObject({ total: 2, page: 1, pages: 1 });
    expect(mine.items.map((r: { id: string }) => r.id)).toEqual([third.id, first.id]);
    expect(mine.items[0]).toMatchObject({ test_id: test.id, test_reference: test.reference, test_name: 'Results list' });
    expect((await editor({ method: 'GET', url: url(`/tests/${test.id}/results?sort_by=created_at`) })).json().items.map((r: { id: string }) => r.id)).toEqual([first.id, third.id]);
    expect((await editor({ method: 'GET', url: url(`/tests/${test.id}/results?result_status=failed`) })).json()).toMatchObject({ total: 0, items: [] });
    expect((await editor({ method: 'GET', url: url(`/tests/${test.id}/results?size=1&page=2`) })).json()).toMatchObject({ total: 2, pages: 2, items: [{ id: first.id }] });
    expect((await editor({ method: 'GET', url: url(`/tests/${test.id}/results/${first.id}`) })).json()).toEqual(first);
    expect((await editor({ method: 'GET', url: url(`/tests/${other.id}/results/${first.id}`) })).statusCode).toBe(404);
    expect((await editor({ method: 'GET', url: url('/tests/00000000-0000-4000-8000-000000000000/results') })).statusCode).toBe(404);
    const all = (await editor({ method: 'GET', url: url(`/tests-results?name=${encodeURIComponent('results')}`) })).json();
    expect(all.items.map((r: { id: string }) => r.id)).toEqual([third.id, second.id, first.id]);
    expect((await editor({ method: 'GET', url: url(`/tests-results?name=results&result_status=failed`) })).json().items.map((r: { id: string }) => r.id)).toEqual([second.id]);
    expect((await editor({ method: 'GET', url: url(`/tests-results?name=results&sort_by=test_name`) })).json().items.map((r: { test_name: string }) => r.test_name)).toEqual(['Other results', 'Results list', 'Results list']);
    expect((await editor({ method: 'GET', url: url(`/tests-results?name=results&status=approved`) })).json().total).toBe(0);
    expect((await editor({ method: 'GET', url: url('/tests-results?result_status=maybe') })).statusCode).toBe(422);
  });
});

describe('control links and results as evidence', () => {
  it('links and unlinks controls of the project from the test, and lists a control\'s tests', async () => {
    const m = await metric();
    const test = await create({ name: 'Linked test', metric_id: m, operator: '>=', threshold: 0.9 });
    const [control] = await controls();
    const editor = await t.login('editor@demo.local');
    const linked = await editor({ method: 'PUT', url: url(`/tests/${test.id}/controls/${control!.id}`) });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ id: control!.id, control_code: control!.control_code, linked_at: expect.any(String) });
    expect((await editor({ method: 'PUT', url: url(`/tests/${test.id}/controls/${control!.id}`) })).statusCode).toBe(200);
    expect((await editor({ method: 'GET', url: url(`/tests/${test.id}/controls`) })).json().items.map((c: { id: string }) => c.id)).toEqual([control!.id]);
    expect((await editor({ method: 'GET', url: url(`/tests/${test.id}`) })).json().control_count).toBe(1);
    const ofControl = (await editor({ method: 'GET', url: url(`/controls/${control!.id}/tests`) })).json();
    expect(ofControl.items).toContainEqual({ id: test.id, reference: test.reference, name: 'Linked test', condition: 'latest value ≥ 0.9', status: 'ready', last_result: null });
    expect((await editor({ method: 'PUT', url: url('/tests/' + test.id + '/controls/00000000-0000-4000-8000-000000000000') })).statusCode).toBe(404);
    expect((await editor({ method: 'GET', url: url('/controls/00000000-0000-4000-8000-000000000000/tests') })).statusCode).toBe(404);
    expect((await editor({ method: 'DELETE', url: url(`/tests/${test.id}/controls/${control!.id}`) })).statusCode).toBe(204);
    expect((await editor({ method: 'DELETE', url: url(`/tests/${test.id}/controls/${control!.id}`) })).statusCode).toBe(404);
    expect((await editor({ method: 'GET', url: url(`/tests/${test.id}/controls`) })).json().items).toEqual([]);
  });

  it('stores each result as locked, hashed evidence on every linked control, refuses its edits, tells the assignees of a failure and flags the control', async () => {
    const m = await metric();
    await values(m, [[0.95, 1]]);
    const test = await create({ name: 'Evidence test', metric_id: m, operator: '>=', threshold: 0.9 });
    const [first, second] = await controls();
    const editor = await t.login('editor@demo.local');
    const admin = await t.login('admin@demo.local');
    for (const control of [first!, second!]) expect((await editor({ method: 'PUT', url: url(`/tests/${test.id}/controls/${control.id}`) })).statusCode).toBe(200);
    const assigned = await admin({ method: 'PATCH', url: `/api/projects/${project}/controls/${encodeURIComponent(first!.control_code)}/assignees`, payload: { assignees: [ids['owner@demo.local']], reviewers: [] } });
    expect(assigned.statusCode, assigned.body).toBe(200);

    const passed = await run(test.id);
    expect(passed.evidence_ids).toHaveLength(2);
    const evidence = (await editor({ method: 'GET', url: `/api/projects/${project}/evidence/${passed.evidence_ids[0]}` })).json();
    expect(evidence).toMatchObject({ status: 'approved', locked: true, file_type: 'json', name: expect.stringContaining(`${test.reference} Evidence test: passed`) });
    expect(evidence.versions[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    const onControls = rows<{ control_id: string }>(await t.db.execute(sql`select l.control_id from evidence_links l where l.evidence_id in (${sql.join(passed.evidence_ids.map((id) => sql`${id}`), sql`, `)})`));
    expect(onControls.map((l) => l.control_id).sort()).toEqual([first!.id, second!.id].sort());
    // The stored record is the result, hashed by the storage.
    const download = await editor({ method: 'GET', url: `/api/projects/${project}/evidence/${passed.evidence_ids[0]}/download` });
    expect(download.statusCode).toBe(200);
    expect(JSON.parse(download.rawPayload.toString('utf8'))).toMatchObject({ result_id: passed.id, outcome: 'passed', observed_value: 0.95, values: { count: 1 }, condition: { text: 'latest value ≥ 0.9' }, test: { reference: test.reference } });
    // Generated evidence is never changed: edits, status, reopening, new versions, links and deletion are refused.
    const id = passed.evidence_ids[0]!;
    for (const payload of [{ name: 'Edited' }, { status: 'in_progress', justification: 'Reopen' }, { control_ids: [] }]) {
      const response = await admin({ method: 'PATCH', url: `/api/projects/${project}/evidence/${id}`, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(409);
      expect(response.json().code).toBe('generated_evidence');
    }
    const removal = await admin({ method: 'DELETE', url: `/api/projects/${project}/evidence/${id}` });
    expect(removal.statusCode).toBe(409);
    expect(removal.json()).toMatchObject({ code: 'generated_evidence', detail: expect.stringContaining('generated from a test result') });

    const before = rows<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from notifications where user_id = ${ids['owner@demo.local']} and object_id = ${test.id}`))[0]!.n;
    expect(before).toBe(0);
    expect((await controls()).find((c) => c.id === first!.id)?.test_failing).toBe(false);
    await editor({ method: 'PATCH', url: url(`/tests/${test.id}`), payload: { threshold: 0.99 } });
    const failed = await run(test.id);
    expect(failed).toMatchObject({ result_status: 'failed', evidence_ids: expect.any(Array) });
    expect(failed.evidence_ids).toHaveLength(2);
    const told = rows<{ name: string; message: string }>(await t.db.execute(sql`select name, message from notifications where user_id = ${ids['owner@demo.local']} and object_id = ${test.id}`));
    expect(told).toEqual([{ name: `Test failing: ${test.reference} Evidence test`, message: expect.stringContaining(first!.control_code) }]);
    const flagged = await controls();
    expect(flagged.find((c) => c.id === first!.id)?.test_failing).toBe(true);
    expect(flagged.find((c) => c.id === second!.id)?.test_failing).toBe(true);
    const detail = (await admin({ method: 'GET', url: `/api/projects/${project}/controls/${encodeURIComponent(first!.control_code)}` })).json();
    expect(detail.test_failing).toBe(true);
    expect((await editor({ method: 'GET', url: url(`/controls/${first!.id}/tests`) })).json().items).toContainEqual(expect.objectContaining({ id: test.id, last_result: expect.objectContaining({ result_status: 'failed' }) }));
    // A pass lifts the flag.
    await editor({ method: 'PATCH', url: url(`/tests/${test.id}`), payload: { threshold: 0.9 } });
    await run(test.id);
    expect((await controls()).find((c) => c.id === first!.id)?.test_failing).toBe(false);
  });
});
