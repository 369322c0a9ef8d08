import { sql, type SQL } from 'drizzle-orm';
import type { MetricDirection, TestingSourceKind } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { offsetOf } from '../../lib/paging';
import { iso, like, rowsOf } from './source-repository';

export type MetricRow = {
  id: string;
  source_id: string;
  source_name: string;
  source_kind: TestingSourceKind;
  name: string;
  unit: string;
  description: string;
  direction: MetricDirection;
  expected_every_hours: number | null;
  value_count: number;
  last_value: number | null;
  last_value_at: Date | string | null;
  stale: boolean;
  created_at: Date | string;
};

export type MetricSort = 'name' | 'created_at' | 'last_value_at';
const SORT: Record<MetricSort, (direction: SQL) => SQL> = {
  name: (d) => sql`lower(m.name) ${d}`,
  created_at: (d) => sql`m.created_at ${d}`,
  last_value_at: (d) => sql`m.last_value_at ${d} nulls last`,
};

/** Stale: values are expected every N hours and none came within the last N hours (`now` from the app's clock). */
const select = (now: Date) => sql`select m.id, m.source_id, s.name as source_name, s.kind as source_kind, m.name, m.unit, m.description, m.direction,
    m.expected_every_hours, m.value_count::float8 as value_count, m.last_value, m.last_value_at,
    (m.expected_every_hours is not null and (m.last_value_at is null
      or m.last_value_at < ${now.toISOString()}::timestamptz - make_interval(hours => m.expected_every_hours))) as stale,
    m.created_at
  from testing_metrics m join testing_sources s on s.id = m.source_id`;

const ofSource = (organizationId: string, projectId: string, sourceId: string) =>
  sql`m.organization_id = ${organizationId} and m.project_id = ${projectId} and m.source_id = ${sourceId}`;

export type SeriesPoint = { at: Date | string; mean: number; min: number; max: number; count: number };

/** A source's metrics and a metric's values: SQL only, the organization in every WHERE. */
/** At most this many values in a chart's range are read one by one; more are read from the sums. */
const RAW_ROWS = 5_000;
/** The sums a chart reads: the finest level with at most ROLLUP_ROWS buckets over the range. */
const ROLLUPS = [
  { level: 1, unit: 'minute', seconds: 60 },
  { level: 2, unit: 'hour', seconds: 3_600 },
  { level: 3, unit: 'day', seconds: 86_400 },
] as const;
const ROLLUP_ROWS = 5_000;

export const metricRepository = {
  async list(db: Executor, organizationId: string, projectId: string, sourceId: string, now: Date, q: { name?: string; sortBy?: MetricSort; descending: boolean; page: number; size: number }) {
    const direction = q.descending ? sql`desc` : sql`asc`;
    const filter = q.name ? sql`${ofSource(organizationId, projectId, sourceId)} and lower(m.name) like ${like(q.name)}` : ofSource(organizationId, projectId, sourceId);
    const rows = rowsOf<MetricRow>(
      await db.execute(sql`${select(now)} where ${filter} order by ${SORT[q.sortBy ?? 'name'](direction)}, m.id ${direction} limit ${q.size} offset ${offsetOf(q.page, q.size)}`),
    );
    const [count] = rowsOf<{ total: number }>(await db.execute(sql`select count(*)::int as total from testing_metrics m where ${filter}`));
    return { rows, total: count?.total ?? 0 };
  },

  async find(db: Executor, organizationId: string, projectId: string, sourceId: string, metricId: string, now: Date): Promise<MetricRow | undefined> {
    return rowsOf<MetricRow>(await db.execute(sql`${select(now)} where ${ofSource(organizationId, projectId, sourceId)} and m.id = ${metricId}`))[0];
  },

  /** Inserts the metric; undefined when the source has a metric of that name already (any case). */
  async insert(
    db: Executor,
    row: { organizationId: string; projectId: string; sourceId: string; name: string; unit: string; description: string; direction: MetricDirection; expectedEveryHours: number | null; createdBy: string | null },
  ) {
    return rowsOf<{ id: string }>(
      await db.execute(sql`insert into testing_metrics (organization_id, project_id, source_id, name, unit, description, direction, expected_every_hours, created_by)
        values (${row.organizationId}, ${row.projectId}, ${row.sourceId}, ${row.name}, ${row.unit}, ${row.description}, ${row.direction}, ${row.expectedEveryHours}, ${row.createdBy})
        on conflict do nothing returning id`),
    )[0];
  },

  /** Creates the source's metrics of these names that do not exist yet (one statement); answers those created. */
  async insertMissing(db: Executor, row: { organizationId: string; projectId: string; sourceId: string; names: string[]; createdBy: string | null }) {
    return rowsOf<{ id: string; name: string }>(
      await db.execute(sql`insert into testing_metrics (organization_id, project_id, source_id, name, created_by)
        select ${row.organizationId}, ${row.projectId}, ${row.sourceId}, n, ${row.createdBy}::uuid from unnest(${sql.param(row.names)}::text[]) as t(n)
        on conflict do nothing returning id, name`),
    );
  },

  /** Every metric of a source, by id and lower-cased name (a file names its metrics either way). */
  async namesOf(db: Executor, organizationId: string, projectId: string, sourceId: string) {
    return rowsOf<{ id: string; name: string }>(await db.execute(sql`select m.id, m.name from testing_metrics m where ${ofSource(organizationId, projectId, sourceId)}`));
  },

  /**
   * A metric's values in at most `points` buckets of equal time over [from, to] (the metric's first to last
   * value when not given): min, max, mean and count per bucket, computed in SQL. Few values in the range are
   * read one by one (a bucket of one value is placed at that value's time, others at their start); many are
   * read from the sums per minute, hour or day the pushes keep (testing_value_rollups), the finest of them
   * with at most ROLLUP_ROWS rows over the range — so 100,000 values draw as fast as 100.
   */
  async series(db: Executor, organizationId: string, metricId: string, range: { from: string | null; to: string | null; points: number }) {
    // The organization is checked on the metric's row; the values are read by the (metric_id, observed_at) index.
    const [metric] = rowsOf<{ id: string; value_count: number; first: Date | string | null; last: Date | string | null }>(
      await db.execute(sql`select m.id, m.value_count,
          (select observed_at from testing_values where metric_id = m.id order by observed_at asc limit 1) as first,
          (select observed_at from testing_values where metric_id = m.id order by observed_at desc limit 1) as last
        from testing_metrics m where m.id = ${metricId} and m.organization_id = ${organizationId}`),
    );
    if (!metric) return { from: null, to: null, points: [] as SeriesPoint[] };
    const from = range.from ?? (metric.first === null ? null : iso(metric.first));
    const to = range.to ?? (metric.last === null ? null : iso(metric.last));
    if (!from || !to || metric.first === null || metric.last === null) return { from, to, points: [] as SeriesPoint[] };
    const spanSeconds = Math.max((Date.parse(to) - Date.parse(from)) / 1000, 0);
    // How many values the range holds if they are spread as the metric's are.
    const density = Number(metric.value_count) / Math.max((Date.parse(iso(metric.last)) - Date.parse(iso(metric.first))) / 1000, 1);
    const level = density * Math.max(spanSeconds, 1) <= RAW_ROWS ? null : ROLLUPS.find((r) => spanSeconds / r.seconds <= ROLLUP_ROWS) ?? ROLLUPS.at(-1)!;
    const bucketOf = (time: SQL) => sql`least(case when w.span = 0 then 0 else floor((extract(epoch from ${time})::float8 - w.f0) / w.span * ${range.points}::float8)::int end, ${range.points}::int - 1)`;
    const window = sql`w as (select ${from}::timestamptz as f, ${to}::timestamptz as t, extract(epoch from ${from}::timestamptz)::float8 as f0,
                             greatest(extract(epoch from ${to}::timestamptz)::float8 - extract(epoch from ${from}::timestamptz)::float8, 0) as span)`;
    const points = level === null
      ? rowsOf<SeriesPoint>(
          await db.execute(sql`with ${window}, b as (
              select ${bucketOf(sql`v.observed_at`)} as bucket, v.value, v.observed_at
                from testing_values v, w where v.metric_id = ${metric.id} and v.observed_at >= w.f and v.observed_at <= w.t
            )
            select case when count(*) = 1 then min(b.observed_at) else to_timestamp(w.f0 + b.bucket * w.span / ${range.points}::float8) end as at,
                   avg(b.value)::float8 as mean, min(b.value)::float8 as min, max(b.value)::float8 as max, count(*)::int as count
              from b, w group by b.bucket, w.f0, w.span order by b.bucket`),
        )
      : rowsOf<SeriesPoint>(
          await db.execute(sql`with ${window}, b as (
              select ${bucketOf(sql`r.bucket`)} as bucket, r.n, r.total, r.min, r.max
                from testing_value_rollups r, w
               where r.metric_id = ${metric.id} and r.level = ${level.level} and r.bucket >= date_trunc(${level.unit}, w.f, 'UTC') and r.bucket <= w.t
            )
            select to_timestamp(w.f0 + b.bucket * w.span / ${range.points}::float8) as at,
                   (sum(b.total) / sum(b.n))::float8 as mean, min(b.min)::float8 as min, max(b.max)::float8 as max, sum(b.n)::int as count
              from b, w group by b.bucket, w.f0, w.span order by b.bucket`),
        );
    return { from, to, points };
  },
};
