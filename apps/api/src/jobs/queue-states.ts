import type { JobConnection } from './connection';
import type { JobDefinition } from './registry';

/** A queued run not started this long after it was due counts as stuck: no instance works the queue. */
export const STUCK_AFTER_MINUTES = 15;

/** Slack on top of two intervals before a scheduled job is overdue: the clock check, the hand-over and the poll. */
const SCHEDULE_SLACK_MS = 2 * 60_000;

export type QueueCounts = {
  /** Waiting to start (due or not yet due). */
  queued: number;
  active: number;
  /** Failed, waiting for their next attempt. */
  retrying: number;
  /** Failed with every attempt spent (within the last day: older ones are archived). */
  failed: number;
  /** Queued runs due for longer than STUCK_AFTER_MINUTES. */
  stuck: number;
  lastCompletedAt: Date | undefined;
  lastFailedAt: Date | undefined;
};

export type QueueHealth = 'ok' | 'degraded' | 'unavailable';

export type QueueState = QueueCounts & {
  name: string;
  label: string;
  /** The cron expression of a scheduled job; undefined for one sent on demand only. */
  schedule: string | undefined;
  /** unavailable: its last run failed for good; degraded: a run waits to be retried, is stuck, or a scheduled run is overdue. */
  status: QueueHealth;
  overdue: boolean;
};

type Row = {
  name: string;
  queued: number;
  active: number;
  retrying: number;
  failed: number;
  stuck: number;
  last_completed_at: Date | string | null;
  last_failed_at: Date | string | null;
  now: Date | string;
};

const asDate = (value: Date | string | null) => (value === null ? undefined : new Date(value));

/** One statement for every queue's counts, read from pg-boss's job table (archived runs are older than a day). */
function countsQuery(schema: string) {
  return `
    select q.name,
      count(j.id) filter (where j.state = 'created')::int as queued,
      count(j.id) filter (where j.state = 'active')::int as active,
      count(j.id) filter (where j.state = 'retry')::int as retrying,
      count(j.id) filter (where j.state = 'failed')::int as failed,
      count(j.id) filter (where j.state = 'created' and j.start_after < now() - interval '${STUCK_AFTER_MINUTES} minutes')::int as stuck,
      max(j.completed_on) filter (where j.state = 'completed') as last_completed_at,
      max(j.completed_on) filter (where j.state = 'failed') as last_failed_at,
      now() as now
    from unnest($1::text[]) as q(name)
    left join ${schema}.job j on j.name = q.name
    group by q.name`;
}

/**
 * Each declared queue's state and health, judged against the database's clock. `since`: when this
 * instance's engine started, the reference for a scheduled job that has not run yet.
 */
export async function readQueueStates(
  connection: JobConnection,
  schema: string,
  definitions: JobDefinition<never>[],
  since: Date,
): Promise<{ now: Date; queues: QueueState[] }> {
  const result = await connection.executeSql(countsQuery(schema), [definitions.map((job) => job.name)]);
  if (!result) throw new Error('the job engine is stopped');
  const rows = new Map((result.rows as Row[]).map((row) => [row.name, row]));
  const now = asDate((result.rows as Row[])[0]?.now ?? null) ?? new Date();
  const queues = definitions.map((job) => {
    const row = rows.get(job.name);
    const counts: QueueCounts = {
      queued: row?.queued ?? 0,
      active: row?.active ?? 0,
      retrying: row?.retrying ?? 0,
      failed: row?.failed ?? 0,
      stuck: row?.stuck ?? 0,
      lastCompletedAt: asDate(row?.last_completed_at ?? null),
      lastFailedAt: asDate(row?.last_failed_at ?? null),
    };
    return { name: job.name, label: job.label, schedule: job.schedule?.cron, ...judge(job, counts, now, since), ...counts };
  });
  return { now, queues };
}

/** The health rule of one queue. */
export function judge(job: Pick<JobDefinition<never>, 'schedule'>, counts: QueueCounts, now: Date, since: Date): { status: QueueHealth; overdue: boolean } {
  const reference = counts.lastCompletedAt ?? since;
  const overdue = job.schedule !== undefined && now.getTime() - reference.getTime() > 2 * job.schedule.everyMinutes * 60_000 + SCHEDULE_SLACK_MS;
  const lastRunFailed = counts.lastFailedAt !== undefined && (counts.lastCompletedAt === undefined || counts.lastFailedAt > counts.lastCompletedAt);
  const status = lastRunFailed ? 'unavailable' : counts.retrying > 0 || counts.stuck > 0 || overdue ? 'degraded' : 'ok';
  return { status, overdue };
}
