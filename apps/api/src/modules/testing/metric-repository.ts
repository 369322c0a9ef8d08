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
   * value when not given): min, max, mean and count per bucket, computed in SQL. A bucket of one value is
   * placed at that value's time, others at their start.
   */
  async series(db: Executor, organizationId: string, metricId: string, range: { from: string | null; to: string | null; points: number }) {
    // The organization is checked on the metric's row, so the values are read by the (metric_id, observed_at) index alone.
    const metric = sql`(select id from testing_metrics where id = ${metricId} and organization_id = ${organizationId})`;
    const [bounds] = rowsOf<{ from: Date | string | null; to: Date | string | null }>(
      await db.execute(sql`select coalesce(${range.from}::timestamptz, (select min(observed_at) from testing_values where metric_id = ${metric})) as "from",
        coalesce(${range.to}::timestamptz, (select max(observed_at) from testing_values where metric_id = ${metric})) as "to"`),
    );
    if (!bounds?.from || !bounds.to) return { from: bounds?.from ?? null, to: bounds?.to ?? null, points: [] as SeriesPoint[] };
    const points = rowsOf<SeriesPoint>(
      await db.execute(sql`with r as (
          select ${iso(bounds.from)}::timestamptz as f, ${iso(bounds.to)}::timestamptz as t
        ), w as (
          select f, t, extract(epoch from f)::float8 as f0, greatest(extract(epoch from t)::float8 - extract(epoch from f)::float8, 0) as span from r
        ), b as (
          select least(case when w.span = 0 then 0 else floor((extract(epoch from v.observed_at)::float8 - w.f0) / w.span * ${range.points}::float8)::int end, ${range.points}::int - 1) as bucket,
                 v.value, v.observed_at
            from testing_values v, w
           where v.metric_id = ${metric} and v.observed_at >= w.f and v.observed_at <= w.t
        )
        select case when count(*) = 1 then min(b.observed_at) else to_timestamp(w.f0 + b.bucket * w.span / ${range.points}::float8) end as at,
               avg(b.value)::float8 as mean, min(b.value)::float8 as min, max(b.value)::float8 as max, count(*)::int as count
          from b, w group by b.bucket, w.f0, w.span order by b.bucket`),
    );
    return { from: bounds.from, to: bounds.to, points };
  },
};
