import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_VALUES_PER_PUSH } from '@aegis/contracts';
import { projects } from '../src/db/schema';
import { SAMPLE_MODEL_CARD } from '../src/modules/asset-cards/card-samples';
import { importAssetCard, multipartFile } from './factories';
import { build, type TestApp } from './helper';

let t: TestApp;
let project: string;
let editor: ReturnType<TestApp['as']>;
beforeAll(async () => {
  t = await build();
  project = (await t.db.select().from(projects).where(eq(projects.name, 'Credit Scoring Model')))[0]!.id;
  editor = await t.login('editor@demo.local');
});
afterAll(() => t.close());

const base = (p = project) => `/api/v1/projects/${p}/testing`;
type Source = { id: string; name: string; kind: string; [k: string]: unknown };
type Metric = { id: string; name: string; stale: boolean; value_count: number; last_value: number | null; last_value_at: string | null; [k: string]: unknown };

async function source(payload: Record<string, unknown>): Promise<Source> {
  const response = await editor({ method: 'POST', url: `${base()}/sources`, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
async function metric(sourceId: string, payload: Record<string, unknown>): Promise<Metric> {
  const response = await editor({ method: 'POST', url: `${base()}/sources/${sourceId}/metrics`, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
const getMetric = async (sourceId: string, metricId: string): Promise<Metric> => (await editor({ method: 'GET', url: `${base()}/sources/${sourceId}/metrics/${metricId}` })).json();
const push = (payload: unknown, as = editor) => as({ method: 'POST', url: `${base()}/logs`, payload: payload as Record<string, unknown> });
const upload = (sourceId: string, content: string, filename = 'values.csv') =>
  editor({ method: 'POST', url: `${base()}/sources/${sourceId}/values`, ...multipartFile(content, { filename, contentType: filename.endsWith('.json') ? 'application/json' : 'text/csv' }) });
const minutesFromNow = (minutes: number) => new Date(t.clock.now().getTime() + minutes * 60_000).toISOString();

describe('sources', () => {
  it('creates, lists (name filter, sort, paging) and reads sources, with an activity entry', async () => {
    const created = await source({ name: 'Training pipeline', kind: 'api', description: 'Nightly evaluation' });
    expect(created).toMatchObject({ name: 'Training pipeline', kind: 'api', description: 'Nightly evaluation', asset_card_id: null, metric_count: 0, last_value_at: null, created_by: expect.objectContaining({ email: 'editor@demo.local' }) });
    await source({ name: 'Another source', kind: 'manual' });
    const list = (await editor({ method: 'GET', url: `${base()}/sources?name=PIPE` })).json();
    expect(list).toMatchObject({ total: 1, items: [{ id: created.id }] });
    const sorted = (await editor({ method: 'GET', url: `${base()}/sources?sort_by=name&descending=true&size=1` })).json();
    expect(sorted).toMatchObject({ total: 2, pages: 2, size: 1, items: [{ name: 'Training pipeline' }] });
    const auditor = await t.login('auditor@demo.local');
    const read = await auditor({ method: 'GET', url: `${base()}/sources/${created.id}` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual(created);
    const log = (await editor({ method: 'GET', url: `/api/projects/${project}/logs/${created.id}` })).json().items;
    expect(log.map((e: { action: string }) => e.action)).toContain('created');
  });

  it('refuses a second source of the same name in any case (409), and bad kinds and cards (422, 404)', async () => {
    const twice = await editor({ method: 'POST', url: `${base()}/sources`, payload: { name: 'TRAINING PIPELINE', kind: 'api' } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toContain('TRAINING PIPELINE');
    for (const [payload, path] of [
      [{ name: 'x', kind: 'spreadsheet' }, 'body.kind'],
      [{ name: 'x', kind: 'asset_card' }, 'body.asset_card_id'],
      [{ name: 'x', kind: 'api', asset_card_id: crypto.randomUUID() }, 'body.asset_card_id'],
      [{ name: ' ', kind: 'api' }, 'body.name'],
    ] as const) {
      const response = await editor({ method: 'POST', url: `${base()}/sources`, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const unknownCard = await editor({ method: 'POST', url: `${base()}/sources`, payload: { name: 'Card', kind: 'asset_card', asset_card_id: crypto.randomUUID() } });
    expect(unknownCard.statusCode, unknownCard.body).toBe(404);
  });

  it('is refused to an auditor writing (403)', async () => {
    const auditor = await t.login('auditor@demo.local');
    expect((await auditor({ method: 'POST', url: `${base()}/sources`, payload: { name: 'Mine', kind: 'api' } })).statusCode).toBe(403);
    const api = await source({ name: 'Auditor check', kind: 'api' });
    expect((await auditor({ method: 'POST', url: `${base()}/sources/${api.id}/metrics`, payload: { name: 'm' } })).statusCode).toBe(403);
    const m = await metric(api.id, { name: 'm' });
    expect((await push({ values: [{ metric_id: m.id, value: 1 }] }, auditor)).statusCode).toBe(403);
    expect((await getMetric(api.id, m.id)).value_count).toBe(0);
  });
});

describe('metrics', () => {
  let api: Source;
  beforeAll(async () => {
    api = await source({ name: 'Metrics source', kind: 'api' });
  });

  it('creates, lists and reads metrics; a second metric of the same name is refused (409)', async () => {
    const accuracy = await metric(api.id, { name: 'accuracy', unit: '%', direction: 'higher_is_better', expected_every_hours: 24 });
    expect(accuracy).toMatchObject({ source_id: api.id, source_name: 'Metrics source', source_kind: 'api', name: 'accuracy', unit: '%', expected_every_hours: 24, value_count: 0, last_value: null, last_value_at: null, stale: true });
    await metric(api.id, { name: 'latency', direction: 'lower_is_better' });
    expect((await editor({ method: 'POST', url: `${base()}/sources/${api.id}/metrics`, payload: { name: 'Accuracy' } })).statusCode).toBe(409);
    const list = (await editor({ method: 'GET', url: `${base()}/sources/${api.id}/metrics?sort_by=name&descending=true` })).json();
    expect(list.items.map((m: Metric) => m.name)).toEqual(['latency', 'accuracy']);
    expect((await editor({ method: 'GET', url: `${base()}/sources/${api.id}/metrics?name=LAT` })).json()).toMatchObject({ total: 1, items: [{ name: 'latency', stale: false }] });
    expect((await editor({ method: 'GET', url: `${base()}/sources/${api.id}/metrics?page=2&size=1` })).json()).toMatchObject({ total: 2, page: 2, items: [{ name: 'latency' }] });
    expect((await editor({ method: 'GET', url: `${base()}/sources/${api.id}/metrics/${accuracy.id}` })).json()).toEqual(accuracy);
    expect((await editor({ method: 'GET', url: `${base()}/sources/${crypto.randomUUID()}/metrics` })).statusCode).toBe(404);
    expect((await editor({ method: 'GET', url: `${base()}/sources/${api.id}/metrics/${crypto.randomUUID()}` })).statusCode).toBe(404);
    const log = (await editor({ method: 'GET', url: `/api/projects/${project}/logs/${accuracy.id}` })).json().items;
    expect(log.map((e: { action: string }) => e.action)).toContain('created');
  });

  it('is stale when no value came within expected_every_hours, by the app clock', async () => {
    const hourly = await metric(api.id, { name: 'hourly', expected_every_hours: 1 });
    expect(hourly.stale).toBe(true);
    expect((await push({ values: [{ metric_id: hourly.id, value: 0.5 }] })).statusCode).toBe(200);
    expect((await getMetric(api.id, hourly.id)).stale).toBe(false);
    t.clock.advance(2 * 3600_000);
    editor = await t.login('editor@demo.local');
    expect((await getMetric(api.id, hourly.id)).stale).toBe(true);
    expect((await push({ values: [{ metric_id: hourly.id, value: 0.6 }] })).statusCode).toBe(200);
    expect(await getMetric(api.id, hourly.id)).toMatchObject({ stale: false, value_count: 2, last_value: 0.6 });
  });
});

describe('pushing values (POST …/logs)', () => {
  let api: Source;
  let m: Metric;
  let other: Metric;
  beforeAll(async () => {
    api = await source({ name: 'Push source', kind: 'api' });
    m = await metric(api.id, { name: 'auc' });
    other = await metric(api.id, { name: 'f1' });
  });

  it('stores a batch, counts it and keeps the value of the newest time as the latest', async () => {
    const response = await push({
      values: [
        { metric_id: m.id, value: 0.9, timestamp: minutesFromNow(-30), labels: { run: 'r1', epoch: 3, final: true } },
        { metric_id: m.id, value: 0.95, timestamp: minutesFromNow(-10) },
        { metric_id: m.id, value: 0.8, timestamp: minutesFromNow(-20) },
        { metric_id: other.id, value: 0.7 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ accepted: 4, duplicate: false, tests_run: 0 });
    expect(await getMetric(api.id, m.id)).toMatchObject({ value_count: 3, last_value: 0.95 });
    // An older value later does not move the latest back.
    await push({ values: [{ metric_id: m.id, value: 0.1, timestamp: minutesFromNow(-60 * 24) }] });
    const after = await getMetric(api.id, m.id);
    expect(after).toMatchObject({ value_count: 4, last_value: 0.95 });
    expect(Date.parse(after.last_value_at!)).toBeGreaterThan(Date.parse(minutesFromNow(-11)));
    const listed = (await editor({ method: 'GET', url: `${base()}/sources/${api.id}` })).json();
    expect(listed).toMatchObject({ metric_count: 2, last_value_at: expect.any(String) });
  });

  it('stores a retried push with the same idempotency key once', async () => {
    const payload = { idempotency_key: 'ci-run-42', values: [{ metric_id: other.id, value: 0.71 }, { metric_id: other.id, value: 0.72 }] };
    expect((await push(payload)).json()).toEqual({ accepted: 2, duplicate: false, tests_run: 0 });
    expect((await push(payload)).json()).toEqual({ accepted: 0, duplicate: true, tests_run: 0 });
    expect((await getMetric(api.id, other.id)).value_count).toBe(3);
  });

  it('refuses bad values with 422 naming the field, and stores nothing', async () => {
    const before = (await getMetric(api.id, m.id)).value_count;
    const cases: [unknown, string, RegExp?][] = [
      [{ values: [{ metric_id: m.id, value: 'high' }] }, 'body.values.0.value', /number/],
      [{ values: [{ metric_id: m.id, value: 1 }, { metric_id: m.id, value: 1, timestamp: minutesFromNow(60 * 24 * 365) }] }, 'body.values.1.timestamp', /future/],
      [{ values: [{ metric_id: m.id, value: 1, timestamp: 'yesterday' }] }, 'body.values.0.timestamp', /ISO 8601/],
      [{ values: [] }, 'body.values', /at least one/],
      [{ values: [{ metric_id: m.id, value: 1 }, { metric_id: crypto.randomUUID(), value: 1 }] }, 'body.values.1.metric_id', /no metric of this project/],
    ];
    for (const [payload, path, message] of cases) {
      const response = await push(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(422);
      const error = response.json().errors.find((e: { path: string }) => e.path === path);
      expect(error, response.body).toBeDefined();
      if (message) expect(error.message).toMatch(message);
    }
    expect((await getMetric(api.id, m.id)).value_count).toBe(before);
  });

  it(`refuses more than ${MAX_VALUES_PER_PUSH} values in one push, saying the limit`, async () => {
    const values = Array.from({ length: MAX_VALUES_PER_PUSH + 1 }, (_, i) => ({ metric_id: m.id, value: i }));
    const response = await push({ values });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toContain('At most 10,000 values per push');
    // 100,000 values are refused before their body is read, saying the limit too.
    const huge = await push({ values: Array.from({ length: 100_000 }, (_, i) => ({ metric_id: m.id, value: i })) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().detail).toContain('at most 10,000 values per push');
    expect((await getMetric(api.id, m.id)).value_count).toBeLessThan(10);
  });

  it("refuses a metric of another project, of a file source or of a model-card source, naming it", async () => {
    const admin = await t.login('admin@demo.local');
    const otherProject = (await admin({ method: 'POST', url: '/api/projects', payload: { name: 'Second testing project', project_type: 'ai_application' } })).json();
    const theirSource = (await admin({ method: 'POST', url: `${base(otherProject.id)}/sources`, payload: { name: 'Theirs', kind: 'api' } })).json();
    const theirMetric = (await admin({ method: 'POST', url: `${base(otherProject.id)}/sources/${theirSource.id}/metrics`, payload: { name: 'auc' } })).json();
    const response = await push({ values: [{ metric_id: m.id, value: 1 }, { metric_id: theirMetric.id, value: 1 }] });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([{ path: 'body.values.1.metric_id', message: 'is no metric of this project' }]);
    // In its own project it is taken.
    expect((await push({ values: [{ metric_id: theirMetric.id, value: 1 }] }, admin)).statusCode).toBe(422);
    expect((await admin({ method: 'POST', url: `${base(otherProject.id)}/logs`, payload: { values: [{ metric_id: theirMetric.id, value: 1 }] } })).json().accepted).toBe(1);

    const file = await source({ name: 'Uploads for push', kind: 'file' });
    const fileMetric = await metric(file.id, { name: 'precision' });
    const refused = await push({ values: [{ metric_id: fileMetric.id, value: 1 }] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0]).toMatchObject({ path: 'body.values.0.metric_id', message: expect.stringContaining('uploaded') });
  });
});

describe("a pipeline's token", () => {
  it('pushes with a token narrowed to the project and testing_logs:create, which is refused everywhere else', async () => {
    const api = await source({ name: 'CI pipeline', kind: 'api' });
    const m = await metric(api.id, { name: 'ci accuracy' });
    const created = await editor({ method: 'POST', url: '/api/auth/api', payload: { name: 'ci', project_id: project, rights: ['testing_logs:create'] } });
    expect(created.statusCode, created.body).toBe(201);
    const pipeline = t.as(created.json().token as string);
    const pushed = await push({ idempotency_key: 'ci-1', values: [{ metric_id: m.id, value: 0.91 }] }, pipeline);
    expect(pushed.statusCode, pushed.body).toBe(200);
    expect(pushed.json()).toMatchObject({ accepted: 1, duplicate: false });
    expect((await getMetric(api.id, m.id)).last_value).toBe(0.91);
    // Reading anything, even this project's metrics and tests, is refused; other projects do not exist for it.
    expect((await pipeline({ method: 'GET', url: `${base()}/sources/${api.id}/metrics` })).statusCode).toBe(403);
    expect((await pipeline({ method: 'GET', url: `${base()}/tests` })).statusCode).toBe(403);
    expect((await pipeline({ method: 'GET', url: `/api/projects/${project}/controls` })).statusCode).toBe(403);
    const chatbot = (await t.db.select().from(projects).where(eq(projects.name, 'Customer Support Chatbot')))[0]!.id;
    expect((await pipeline({ method: 'POST', url: `${base(chatbot)}/logs`, payload: { values: [{ metric_id: m.id, value: 0.9 }] } })).statusCode).toBe(404);
    expect((await pipeline({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(403);
  });
});

describe('the chart series', () => {
  it('answers at most `points` buckets whose counts sum to the values in range', async () => {
    const api = await source({ name: 'Series source', kind: 'api' });
    const m = await metric(api.id, { name: 'loss' });
    const empty = (await editor({ method: 'GET', url: `${base()}/sources/${api.id}/metrics/${m.id}/series` })).json();
    expect(empty).toEqual({ metric_id: m.id, from: null, to: null, value_count: 0, points: [] });
    const start = t.clock.now().getTime() - 5000 * 60_000;
    for (let batch = 0; batch < 5; batch++) {
      const values = Array.from({ length: 1000 }, (_, i) => {
        const n = batch * 1000 + i;
        return { metric_id: m.id, value: n % 10, timestamp: new Date(start + n * 60_000).toISOString() };
      });
      const response = await push({ values });
      expect(response.json(), response.body).toMatchObject({ accepted: 1000 });
    }
    const response = await editor({ method: 'GET', url: `${base()}/sources/${api.id}/metrics/${m.id}/series?points=100` });
    expect(response.statusCode, response.body).toBe(200);
    const series = response.json();
    expect(series.points.length).toBeLessThanOrEqual(100);
    expect(series.points.length).toBeGreaterThan(90);
    expect(series.value_count).toBe(5000);
    expect(series.points.reduce((n: number, p: { count: number }) => n + p.count, 0)).toBe(5000);
    expect(series.from).toBe(new Date(start).toISOString());
    expect(series.to).toBe(new Date(start + 4999 * 60_000).toISOString());
    for (const p of series.points) {
      expect(p.min).toBeLessThanOrEqual(p.mean);
      expect(p.mean).toBeLessThanOrEqual(p.max);
    }
    const ats = series.points.map((p: { at: string }) => Date.parse(p.at));
    expect([...ats].sort((a, b) => a - b)).toEqual(ats);

    const from = new Date(start + 1000 * 60_000).toISOString();
    const to = new Date(start + 1999 * 60_000).toISOString();
    const ranged = (await editor({ method: 'GET', url: `${base()}/sources/${api.id}/metrics/${m.id}/series?${new URLSearchParams({ from, to, points: '10' })}` })).json();
    expect(ranged).toMatchObject({ from, to, value_count: 1000 });
    expect(ranged.points).toHaveLength(10);
    expect(ranged.points.every((p: { count: number }) => p.count === 100)).toBe(true);

    const backwards = await editor({ method: 'GET', url: `${base()}/sources/${api.id}/metrics/${m.id}/series?${new URLSearchParams({ from: to, to: from })}` });
    expect(backwards.statusCode).toBe(422);
    expect((await editor({ method: 'GET', url: `${base()}/sources/${api.id}/metrics/${m.id}/series?points=5000` })).statusCode).toBe(422);
  });
});

describe('the chart series over many values', () => {
  it('reads the sums per minute, hour or day the pushes keep, with the same counts, extremes and mean as the values; a retried push adds nothing to them', async () => {
    const api = await source({ name: 'Dense source', kind: 'api' });
    const m = await metric(api.id, { name: 'latency' });
    // 12,000 values one second apart (200 minutes): too many to read one by one, so the minute sums answer.
    const start = Math.floor((t.clock.now().getTime() - 13_000_000) / 60_000) * 60_000;
    const all: number[] = [];
    for (let batch = 0; batch < 2; batch++) {
      const values = Array.from({ length: 6000 }, (_, i) => {
        const n = batch * 6000 + i;
        const value = (n * 7) % 101;
        all.push(value);
        return { metric_id: m.id, value, timestamp: new Date(start + n * 1000).toISOString() };
      });
      const pushed = await push({ idempotency_key: `dense-${batch}`, values });
      expect(pushed.json(), pushed.body).toMatchObject({ accepted: 6000 });
      // The same push again: nothing stored, the sums untouched.
      expect((await push({ idempotency_key: `dense-${batch}`, values })).json()).toMatchObject({ accepted: 0, duplicate: true });
    }
    const rollups = (await t.db.execute(sql`select level, sum(n)::int as n, count(*)::int as buckets from testing_value_rollups where metric_id = ${m.id} group by level order by level`)) as unknown as { rows: { level: number; n: number; buckets: number }[] };
    expect(rollups.rows).toEqual([
      { level: 1, n: 12000, buckets: 200 },
      { level: 2, n: 12000, buckets: expect.any(Number) },
      { level: 3, n: 12000, buckets: expect.any(Number) },
    ]);
    const series = (await editor({ method: 'GET', url: `${base()}/sources/${api.id}/metrics/${m.id}/series?points=50` })).json();
    expect(series.value_count).toBe(12000);
    expect(series.points.length).toBeLessThanOrEqual(50);
    expect(series.points.length).toBeGreaterThan(40);
    expect(Math.min(...series.points.map((p: { min: number }) => p.min))).toBe(Math.min(...all));
    expect(Math.max(...series.points.map((p: { max: number }) => p.max))).toBe(Math.max(...all));
    const mean = series.points.reduce((sum: number, p: { mean: number; count: number }) => sum + p.mean * p.count, 0) / 12000;
    expect(mean).toBeCloseTo(all.reduce((a, b) => a + b, 0) / all.length, 6);
  });
});

describe('file sources', () => {
  let file: Source;
  let accuracy: Metric;
  let recall: Metric;
  beforeAll(async () => {
    file = await source({ name: 'Evaluation files', kind: 'file' });
    accuracy = await metric(file.id, { name: 'Accuracy' });
    recall = await metric(file.id, { name: 'recall' });
  });

  it('takes a CSV naming metrics by name or id, once per file', async () => {
    const csv = `metric,value,timestamp\naccuracy,0.91,${minutesFromNow(-60)}\n"Accuracy",0.92,${minutesFromNow(-30)}\r\n${recall.id},0.5,\n`;
    const response = await upload(file.id, csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ accepted: 3, duplicate: false, tests_run: 0 });
    expect(await getMetric(file.id, accuracy.id)).toMatchObject({ value_count: 2, last_value: 0.92 });
    expect((await upload(file.id, csv)).json()).toMatchObject({ accepted: 0, duplicate: true });
    expect((await getMetric(file.id, recall.id)).value_count).toBe(1);
  });

  it('takes JSON shaped as a push, metrics by name', async () => {
    const json = JSON.stringify({ values: [{ metric_id: 'recall', value: 0.6, labels: { split: 'test' } }, { metric: accuracy.id, value: 0.93 }] });
    const response = await upload(file.id, json, 'values.json');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().accepted).toBe(2);
  });

  it('refuses bad rows with their line, and stores nothing', async () => {
    const before = (await getMetric(file.id, accuracy.id)).value_count;
    const cases: [string, string, RegExp][] = [
      ['metric,value\naccuracy,0.9\naccuracy,high\n', 'body.file', /line 3/],
      [`metric,value,timestamp\naccuracy,0.9,${minutesFromNow(60 * 24 * 30)}\n`, 'body.file', /future.*line 2/],
      ['metric,value\naccuracy,0.9\nprecision,0.3\n', 'body.file', /precision.*line 3/],
      ['name,score\naccuracy,0.9\n', 'body.file', /header metric,value,timestamp/],
      ['metric,value\n', 'body.file', /no values/],
      ['metric,value\naccuracy,"0.9\n', 'body.file', /never closed/],
    ];
    for (const [content, path, detail] of cases) {
      const response = await upload(file.id, content);
      expect(response.statusCode, content).toBe(422);
      expect(response.json().errors[0].path).toBe(path);
      expect(response.json().detail, content).toMatch(detail);
    }
    const badJson = await upload(file.id, JSON.stringify({ values: [{ metric: 'accuracy', value: 'x' }] }), 'v.json');
    expect(badJson.statusCode).toBe(422);
    expect(badJson.json().errors[0].path).toBe('body.file.values.0.value');
    const broken = await upload(file.id, '{\n"values": [\n{"metric": "accuracy", "value": 1}\n,,]}', 'v.json');
    expect(broken.statusCode).toBe(422);
    expect(broken.json().detail).toMatch(/not valid JSON/);
    const deep = await upload(file.id, `{"values": [{"metric": "accuracy", "value": 1, "labels": ${'['.repeat(40)}${']'.repeat(40)}}]}`, 'v.json');
    expect(deep.statusCode).toBe(422);
    expect(deep.json().code).toBe('too_deeply_nested');
    const many = await upload(file.id, `metric,value\n${'accuracy,1\n'.repeat(MAX_VALUES_PER_PUSH + 1)}`);
    expect(many.statusCode).toBe(422);
    expect(many.json().detail).toContain('10,000');
    expect((await getMetric(file.id, accuracy.id)).value_count).toBe(before);
  });

  it('takes uploads only for a file source (409), and refuses a missing part (422) or another content type (415)', async () => {
    const api = await source({ name: 'Not a file source', kind: 'api' });
    expect((await upload(api.id, 'metric,value\nx,1\n')).statusCode).toBe(409);
    expect((await editor({ method: 'POST', url: `${base()}/sources/${file.id}/values`, ...multipartFile('metric,value\n', { field: 'other' }) })).statusCode).toBe(422);
    expect((await editor({ method: 'POST', url: `${base()}/sources/${file.id}/values`, payload: { values: [] } })).statusCode).toBe(415);
  });
});

describe('model-card sources', () => {
  it('syncs the model-index results of a project card into metrics and values, once per version of the card', async () => {
    const imported = await importAssetCard(editor, project, SAMPLE_MODEL_CARD);
    expect(imported.statusCode, imported.body).toBe(201);
    const card = imported.json();
    const cardSource = await source({ name: 'Model card results', kind: 'asset_card', asset_card_id: card.id });
    expect(cardSource).toMatchObject({ asset_card_id: card.id, asset_card_name: 'distilbert-loan-intent' });
    const first = await editor({ method: 'POST', url: `${base()}/sources/${cardSource.id}/sync` });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ metrics_created: 3, metrics_updated: 0, accepted: 3, duplicate: false, tests_run: 0 });
    const metrics = (await editor({ method: 'GET', url: `${base()}/sources/${cardSource.id}/metrics` })).json().items as Metric[];
    expect(metrics.map((m) => [m.name, m.last_value])).toEqual([
      ['Accuracy (banking77)', 0.88],
      ['Accuracy (loan-intent-2023)', 0.912],
      ['F1 (macro) (loan-intent-2023)', 0.897],
    ]);
    expect((await editor({ method: 'POST', url: `${base()}/sources/${cardSource.id}/sync` })).json()).toEqual({ metrics_created: 0, metrics_updated: 0, accepted: 0, duplicate: true, tests_run: 0 });
    // Pushing to a model-card metric is refused.
    const pushed = await push({ values: [{ metric_id: metrics[0]!.id, value: 1 }] });
    expect(pushed.statusCode).toBe(422);
    expect(pushed.json().errors[0].message).toContain('model card');
    // Sync is for model-card sources only.
    const api = await source({ name: 'No card here', kind: 'api' });
    expect((await editor({ method: 'POST', url: `${base()}/sources/${api.id}/sync` })).statusCode).toBe(409);
  });
});

describe('another organization', () => {
  it("answers 404 for another organization's project, source, metric and card ids", async () => {
    const outsider = await t.login('outsider@other.local');
    const theirs = (await outsider({ method: 'POST', url: '/api/projects', payload: { name: 'Other testing', project_type: 'ai_application' } })).json();
    const theirSource = (await outsider({ method: 'POST', url: `${base(theirs.id)}/sources`, payload: { name: 'Their source', kind: 'api' } })).json();
    expect(theirSource.id).toBeDefined();
    const theirMetric = (await outsider({ method: 'POST', url: `${base(theirs.id)}/sources/${theirSource.id}/metrics`, payload: { name: 'auc' } })).json();
    const theirCard = (await outsider({ method: 'POST', url: `/api/projects/${theirs.id}/asset_cards`, payload: { name: 'Their model', asset_card_type: 'model', asset_card_nature: 'in_house' } })).json();
    const admin = await t.login('admin@demo.local');
    for (const [method, path] of [
      ['GET', `${base(theirs.id)}/sources`],
      ['GET', `${base(theirs.id)}/sources/${theirSource.id}`],
      ['GET', `${base()}/sources/${theirSource.id}`],
      ['GET', `${base()}/sources/${theirSource.id}/metrics`],
      ['GET', `${base()}/sources/${theirSource.id}/metrics/${theirMetric.id}`],
      ['GET', `${base()}/sources/${theirSource.id}/metrics/${theirMetric.id}/series`],
      ['POST', `${base()}/sources/${theirSource.id}/metrics`],
      ['POST', `${base()}/sources/${theirSource.id}/sync`],
      ['POST', `${base(theirs.id)}/logs`],
    ] as const) {
      const payload = path.endsWith('/metrics') && method === 'POST' ? { name: 'mine' } : path.endsWith('/logs') ? { values: [{ metric_id: theirMetric.id, value: 1 }] } : undefined;
      expect((await admin({ method, url: path, payload })).statusCode, `${method} ${path}`).toBe(404);
    }
    const card = await admin({ method: 'POST', url: `${base()}/sources`, payload: { name: 'Their card', kind: 'asset_card', asset_card_id: theirCard.id } });
    expect(card.statusCode).toBe(404);
    const logs = await push({ values: [{ metric_id: theirMetric.id, value: 1 }] });
    expect(logs.statusCode).toBe(422);
    expect(logs.json().errors[0].path).toBe('body.values.0.metric_id');
    expect((await outsider({ method: 'GET', url: `${base(theirs.id)}/sources/${theirSource.id}/metrics/${theirMetric.id}` })).json().value_count).toBe(0);
  });
});
