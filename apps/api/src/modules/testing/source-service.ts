import { createHash } from 'node:crypto';
import {
  MAX_FUTURE_SKEW_MINUTES,
  type AssetCardSyncResult,
  type CreateTestingMetric,
  type CreateTestingSource,
  type MetricSeries,
  type Page,
  type PushValues,
  type PushValuesResult,
  type TestingMetric,
  type TestingSource,
  type TestingSourceKind,
} from '@aegis/contracts';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { concurrencyGate } from '../../lib/concurrency-gate';
import { AppError, conflict, notFound } from '../../lib/errors';
import { pageOf } from '../../lib/paging';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity } from '../logs/record-activity';
import { metricRepository, type MetricRow, type MetricSort } from './metric-repository';
import { readModelCardResults } from './model-card-metrics';
import { iso, isoOrNull, personOf, sourceRepository, type SourceRow, type SourceSort } from './source-repository';
import { runTestsOnNewValues } from './test-runs';
import { parseValuesFile } from './value-file';
import { valueRepository, type ValueBatch } from './value-repository';

type Problem = { path: string; message: string; line?: number };
const MAX_PROBLEMS = 20;
const refuse = (problems: Problem[]) => {
  const first = problems[0]!;
  const line = first.line === undefined ? '' : ` (line ${first.line})`;
  return new AppError(422, `${first.path.replace(/^body\./, '')}: ${first.message}${line}`, 'unprocessable_content', problems.slice(0, MAX_PROBLEMS));
};

/** Sources of these kinds take values pushed over `POST …/logs` (a pipeline, or values typed in the UI). */
const PUSHED_KINDS = new Set<TestingSourceKind>(['api', 'manual']);
const notPushed: Record<TestingSourceKind, string> = {
  api: '',
  manual: '',
  file: 'belongs to a file source: its values are uploaded (POST …/sources/{id}/values)',
  asset_card: 'belongs to a model-card source: its values come from its model card (POST …/sources/{id}/sync)',
};

const toSource = (row: SourceRow): TestingSource => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  description: row.description,
  asset_card_id: row.asset_card_id,
  asset_card_name: row.asset_card_name,
  metric_count: row.metric_count,
  last_value_at: isoOrNull(row.last_value_at),
  created_by: personOf(row.created_by),
  created_at: iso(row.created_at),
});

const toMetric = (row: MetricRow): TestingMetric => ({ ...row, last_value_at: isoOrNull(row.last_value_at), created_at: iso(row.created_at) });

/**
 * Sources, metrics and values of a project's automated testing (issue 32). Every batch of values is
 * stored in one statement (value-repository.ts); the tests that judge on every new value run after it
 * committed (test-runs.ts).
 */
/** Pushes stored at once by this instance (of the pool's 10 connections), whatever the number of pipelines. */
const INGEST_AT_ONCE = 3;
const ingestGate = concurrencyGate(INGEST_AT_ONCE);

export function sourceService(deps: Deps) {
  const { db, clock } = deps;
  const org = (ctx: RequestContext) => ctx.organizationId!;

  async function sourceOf(ctx: RequestContext, projectId: string, sourceId: string) {
    const source = await sourceRepository.kindOf(db, org(ctx), projectId, sourceId);
    if (!source) throw notFound('Testing source');
    return source;
  }

  /** Stores the batch in one statement (value-repository.ts). */
  // Outside a caller's transaction, a push waits for one of INGEST_AT_ONCE places on this instance: ten pipelines
  // pushing at once would otherwise hold every pooled connection and leave the reads waiting for one.
  const store = (ctx: RequestContext, projectId: string, key: string | null, batch: ValueBatch, tx: Executor = db) =>
    tx === db ? ingestGate(() => valueRepository.insert(db, org(ctx), projectId, key, batch)) : valueRepository.insert(tx, org(ctx), projectId, key, batch);
  /** After the commit: the tests that judge these metrics on every new value. */
  async function afterStore(ctx: RequestContext, projectId: string, accepted: number, metricIds: readonly string[]) {
    return accepted > 0 ? runTestsOnNewValues(deps, { organizationId: org(ctx), projectId, metricIds }) : 0;
  }

  /** Refuses times past now + MAX_FUTURE_SKEW_MINUTES (naming where), and fills the missing ones with now. */
  function timesOf(items: readonly { timestamp?: string | undefined }[], where: (index: number) => Omit<Problem, 'message'>) {
    const now = clock.now();
    const nowIso = now.toISOString();
    const latest = now.getTime() + MAX_FUTURE_SKEW_MINUTES * 60_000;
    const problems: Problem[] = [];
    const times = items.map((item, index) => {
      if (item.timestamp === undefined) return nowIso;
      if (Date.parse(item.timestamp) > latest && problems.length < MAX_PROBLEMS) {
        problems.push({ ...where(index), message: `is in the future: at most ${MAX_FUTURE_SKEW_MINUTES} minutes after the server's time (${nowIso})` });
      }
      return item.timestamp;
    });
    if (problems.length) throw refuse(problems);
    return times;
  }

  async function getMetric(ctx: RequestContext, projectId: string, sourceId: string, metricId: string): Promise<TestingMetric> {
    const row = await metricRepository.find(db, org(ctx), projectId, sourceId, metricId, clock.now());
    if (!row) throw notFound('Metric');
    return toMetric(row);
  }

  return {
    async listSources(ctx: RequestContext, projectId: string, q: { name?: string; sort_by?: SourceSort; descending: boolean; page: number; size: number }): Promise<Page<TestingSource>> {
      const { rows, total } = await sourceRepository.list(db, org(ctx), projectId, { ...q, sortBy: q.sort_by });
      return pageOf(rows.map(toSource), total, q.page, q.size);
    },

    async getSource(ctx: RequestContext, projectId: string, sourceId: string): Promise<TestingSource> {
      const row = await sourceRepository.find(db, org(ctx), projectId, sourceId);
      if (!row) throw notFound('Testing source');
      return toSource(row);
    },

    async createSource(ctx: RequestContext, projectId: string, body: CreateTestingSource): Promise<TestingSource> {
      const organizationId = org(ctx);
      const row = await db.transaction(async (tx) => {
        const card = body.asset_card_id === null ? undefined : await sourceRepository.assetCard(tx, organizationId, projectId, body.asset_card_id);
        if (body.asset_card_id !== null && !card) throw notFound('Asset card');
        const inserted = await sourceRepository.insert(tx, { organizationId, projectId, name: body.name, kind: body.kind, description: body.description, assetCardId: body.asset_card_id, createdBy: ctx.user.id });
        if (!inserted) throw conflict(`This project has a source named “${body.name}” already (names are compared without case): choose another name`);
        const after = { name: body.name, kind: body.kind, description: body.description, asset_card_id: body.asset_card_id };
        await recordActivity(tx, { organizationId, projectId, actorId: ctx.user.id, objectType: 'testing_source', objectId: inserted.id, action: 'created', after });
        return { ...inserted, card };
      });
      const u = ctx.user;
      return {
        id: row.id,
        name: body.name,
        kind: body.kind,
        description: body.description,
        asset_card_id: body.asset_card_id,
        asset_card_name: row.card?.name ?? null,
        metric_count: 0,
        last_value_at: null,
        created_by: { id: u.id, name: `${u.firstname} ${u.lastname}`.trim() || u.email, email: u.email },
        created_at: iso(row.created_at),
      };
    },

    async listMetrics(ctx: RequestContext, projectId: string, sourceId: string, q: { name?: string; sort_by?: MetricSort; descending: boolean; page: number; size: number }): Promise<Page<TestingMetric>> {
      await sourceOf(ctx, projectId, sourceId);
      const { rows, total } = await metricRepository.list(db, org(ctx), projectId, sourceId, clock.now(), { ...q, sortBy: q.sort_by });
      return pageOf(rows.map(toMetric), total, q.page, q.size);
    },

    getMetric,

    async createMetric(ctx: RequestContext, projectId: string, sourceId: string, body: CreateTestingMetric): Promise<TestingMetric> {
      const organizationId = org(ctx);
      await sourceOf(ctx, projectId, sourceId);
      const id = await db.transaction(async (tx) => {
        const row = { organizationId, projectId, sourceId, name: body.name, unit: body.unit, description: body.description, direction: body.direction, expectedEveryHours: body.expected_every_hours, createdBy: ctx.user.id };
        const inserted = await metricRepository.insert(tx, row);
        if (!inserted) throw conflict(`This source has a metric named “${body.name}” already (names are compared without case): choose another name`);
        await recordActivity(tx, { organizationId, projectId, actorId: ctx.user.id, objectType: 'testing_metric', objectId: inserted.id, action: 'created', after: { source_id: sourceId, ...body } });
        return inserted.id;
      });
      return getMetric(ctx, projectId, sourceId, id);
    },

    async series(ctx: RequestContext, projectId: string, sourceId: string, metricId: string, q: { from?: string; to?: string; points: number }): Promise<MetricSeries> {
      if (q.from && q.to && Date.parse(q.from) > Date.parse(q.to)) throw refuse([{ path: 'querystring.from', message: 'must not be after to' }]);
      const metric = await metricRepository.find(db, org(ctx), projectId, sourceId, metricId, clock.now());
      if (!metric) throw notFound('Metric');
      const series = await metricRepository.series(db, org(ctx), metricId, { from: q.from ?? null, to: q.to ?? null, points: q.points });
      const points = series.points.map((p) => ({ ...p, at: iso(p.at) }));
      return { metric_id: metricId, from: isoOrNull(series.from), to: isoOrNull(series.to), value_count: points.reduce((n, p) => n + p.count, 0), points };
    },

    /** `POST …/logs`: values for metrics of this project whose source takes pushes (api, manual), in one statement. */
    async push(ctx: RequestContext, projectId: string, body: PushValues): Promise<PushValuesResult> {
      const items = body.values;
      const metricIds = items.map((v) => v.metric_id);
      const values = items.map((v) => v.value);
      const labels = items.map((v) => (v.labels === undefined ? null : JSON.stringify(v.labels)));
      const times = timesOf(items, (index) => ({ path: `body.values.${index}.timestamp` }));
      const distinct = [...new Set(metricIds)];
      const known = new Map((await valueRepository.metricKinds(db, org(ctx), projectId, distinct)).map((m) => [m.id, m]));
      const problems: Problem[] = [];
      const reported = new Set<string>();
      metricIds.forEach((id, index) => {
        const metric = known.get(id);
        if ((metric && PUSHED_KINDS.has(metric.kind)) || reported.has(id) || problems.length >= MAX_PROBLEMS) return;
        reported.add(id);
        const message = metric ? `the metric “${metric.name}” ${notPushed[metric.kind]}` : 'is no metric of this project';
        problems.push({ path: `body.values.${index}.metric_id`, message });
      });
      if (problems.length) throw refuse(problems);
      const result = await store(ctx, projectId, body.idempotency_key ?? null, { metricIds, values, times, labels });
      return { ...result, tests_run: await afterStore(ctx, projectId, result.accepted, distinct) };
    },

    /** `POST …/sources/{id}/values`: a CSV or JSON file of a file source's values, its metrics by name or id; the same file twice stores once. */
    async upload(ctx: RequestContext, projectId: string, sourceId: string, read: () => Promise<string>): Promise<PushValuesResult> {
      const source = await sourceOf(ctx, projectId, sourceId);
      if (source.kind !== 'file') throw conflict(`This source is of kind ${source.kind}: only a source of kind file takes uploaded values`);
      const text = await read();
      const rows = parseValuesFile(text);
      const metrics = await metricRepository.namesOf(db, org(ctx), projectId, sourceId);
      const byKey = new Map<string, string>();
      for (const m of metrics) byKey.set(m.name.toLowerCase(), m.id).set(m.id, m.id);
      const problems: Problem[] = [];
      const metricIds = rows.map((row) => {
        const id = byKey.get(row.metric.toLowerCase());
        if (!id && problems.length < MAX_PROBLEMS) problems.push({ ...row.at, message: `no metric of this source is named or has the id ${JSON.stringify(row.metric.slice(0, 200))}` });
        return id ?? '';
      });
      if (problems.length) throw refuse(problems);
      const times = timesOf(rows, (index) => rows[index]!.at);
      const batch = { metricIds, values: rows.map((r) => r.value), times, labels: rows.map((r) => (r.labels === undefined ? null : JSON.stringify(r.labels))) };
      const key = `file:${sourceId}:${createHash('sha256').update(text).digest('hex')}`;
      const result = await store(ctx, projectId, key, batch);
      return { ...result, tests_run: await afterStore(ctx, projectId, result.accepted, [...new Set(metricIds)]) };
    },

    /** `POST …/sources/{id}/sync`: the model card's results as metrics (created when missing) and values, once per version of the card. */
    async sync(ctx: RequestContext, projectId: string, sourceId: string): Promise<AssetCardSyncResult> {
      const organizationId = org(ctx);
      const source = await sourceOf(ctx, projectId, sourceId);
      if (source.kind !== 'asset_card') throw conflict(`This source is of kind ${source.kind}: only a source of kind asset_card reads a model card`);
      const card = source.asset_card_id === null ? undefined : await readModelCardResults(db, organizationId, projectId, source.asset_card_id);
      if (!card) throw conflict('The model card of this source was deleted: create a source for another card');
      if (card.results.length === 0) return { metrics_created: 0, metrics_updated: 0, accepted: 0, duplicate: false, tests_run: 0 };
      const outcome = await db.transaction(async (tx) => {
        const created = await metricRepository.insertMissing(tx, { organizationId, projectId, sourceId, names: card.results.map((r) => r.name), createdBy: ctx.user.id });
        for (const metric of created) {
          await recordActivity(tx, { organizationId, projectId, actorId: ctx.user.id, objectType: 'testing_metric', objectId: metric.id, action: 'created', after: { source_id: sourceId, name: metric.name, asset_card_id: card.cardId } });
        }
        const ids = new Map((await metricRepository.namesOf(tx, organizationId, projectId, sourceId)).map((m) => [m.name.toLowerCase(), m.id]));
        const results = card.results.filter((r) => ids.has(r.name.toLowerCase()));
        const batch = { metricIds: results.map((r) => ids.get(r.name.toLowerCase())!), values: results.map((r) => r.value), times: results.map(() => card.updatedAt), labels: results.map(() => null) };
        const stored = await store(ctx, projectId, `asset-card:${card.cardId}:${card.updatedAt}`, batch, tx);
        return { created: created.length, stored, metricIds: batch.metricIds };
      });
      const { accepted, duplicate } = outcome.stored;
      return {
        metrics_created: outcome.created,
        metrics_updated: duplicate ? 0 : Math.max(0, accepted - outcome.created),
        accepted,
        duplicate,
        tests_run: await afterStore(ctx, projectId, accepted, outcome.metricIds),
      };
    },
  };
}
