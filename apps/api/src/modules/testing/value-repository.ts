import { sql } from 'drizzle-orm';
import type { TestingSourceKind } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { rowsOf } from './source-repository';

/** A batch of values as four parallel arrays (one entry per value), as the insert sends them. */
export type ValueBatch = {
  metricIds: string[];
  values: number[];
  /** ISO 8601 times. */
  times: string[];
  /** Each value's labels as JSON text, or null. */
  labels: (string | null)[];
};

/** Metric values: SQL only, the organization in every WHERE. */
export const valueRepository = {
  /** The metrics of the project among these ids, with their source's kind (unknown and other projects' ids are absent). */
  async metricKinds(db: Executor, organizationId: string, projectId: string, metricIds: readonly string[]) {
    return rowsOf<{ id: string; name: string; kind: TestingSourceKind }>(
      await db.execute(sql`select m.id, m.name, s.kind from testing_metrics m join testing_sources s on s.id = m.source_id
        where m.organization_id = ${organizationId} and m.project_id = ${projectId} and m.id = any(${sql.param(metricIds)}::uuid[])`),
    );
  },

  /**
   * Stores a batch in ONE statement: the idempotency key (when given) goes into testing_pushes first, `on
   * conflict do nothing`; the values are inserted from `unnest` only when the key row was inserted (or no
   * key was given); each touched metric's count, latest value (the value of the newest observed time) and
   * latest time (only ever forward) follow, and the chart's sums per minute, hour and day. PostgreSQL runs the statement as its own transaction, or as
   * part of the caller's.
   */
  async insert(db: Executor, organizationId: string, projectId: string, key: string | null, batch: ValueBatch) {
    const [row] = rowsOf<{ accepted: number; duplicate: boolean }>(
      await db.execute(sql`with pushed as (
          insert into testing_pushes (organization_id, project_id, idempotency_key, value_count)
          select ${organizationId}::uuid, ${projectId}::uuid, k, ${batch.values.length}::int from (select ${key}::text as k) x where k is not null
          on conflict do nothing returning 1
        ), go as (
          select (${key}::text is null or exists (select 1 from pushed)) as ok
        ), added as (
          insert into testing_values (organization_id, project_id, metric_id, value, observed_at, labels)
          select ${organizationId}::uuid, ${projectId}::uuid, v.metric_id, v.value, v.observed_at, v.labels::jsonb
            from unnest(${sql.param(batch.metricIds)}::uuid[], ${sql.param(batch.values)}::float8[], ${sql.param(batch.times)}::timestamptz[], ${sql.param(batch.labels)}::text[])
                 as v(metric_id, value, observed_at, labels)
           where (select ok from go)
          returning metric_id, value, observed_at
        ), per_metric as (
          select metric_id, count(*) as n, max(observed_at) as last_at, (array_agg(value order by observed_at desc))[1] as last_value
            from added group by metric_id
        ), rolled as (
          -- The chart's sums per minute, hour and day (testing_value_rollups), from the same rows.
          insert into testing_value_rollups as r (organization_id, project_id, metric_id, level, bucket, n, total, min, max)
          select ${organizationId}::uuid, ${projectId}::uuid, a.metric_id, l.level, date_trunc(l.unit, a.observed_at, 'UTC'), count(*)::int, sum(a.value), min(a.value), max(a.value)
            from added a cross join (values (1::smallint, 'minute'), (2::smallint, 'hour'), (3::smallint, 'day')) as l(level, unit)
           group by a.metric_id, l.level, date_trunc(l.unit, a.observed_at, 'UTC')
          on conflict (metric_id, level, bucket) do update
             set n = r.n + excluded.n, total = r.total + excluded.total, min = least(r.min, excluded.min), max = greatest(r.max, excluded.max)
          returning 1
        ), touched as (
          update testing_metrics m
             set value_count = m.value_count + p.n,
                 last_value = case when m.last_value_at is null or p.last_at >= m.last_value_at then p.last_value else m.last_value end,
                 last_value_at = greatest(m.last_value_at, p.last_at)
            from per_metric p
           where m.id = p.metric_id and m.organization_id = ${organizationId} and m.project_id = ${projectId}
          returning m.id
        )
        select (select count(*) from added)::int as accepted, not (select ok from go) as duplicate, (select count(*) from touched)::int as touched, (select count(*) from rolled)::int as rolled`),
    );
    return { accepted: row?.accepted ?? 0, duplicate: row?.duplicate ?? false };
  },
};
