import { z } from 'zod';
import { isoDateTime } from './common';

/** ok: working; degraded: working, but something needs a look; unavailable: not working. */
export const HEALTH_STATES = ['ok', 'degraded', 'unavailable'] as const;
export const healthState = z.enum(HEALTH_STATES);
export type HealthState = z.infer<typeof healthState>;

/** The parts the service depends on, in the order the status page lists them. */
export const HEALTH_COMPONENTS = ['database', 'file_storage', 'identity_provider', 'background_jobs'] as const;
export type HealthComponentName = (typeof HEALTH_COMPONENTS)[number];

export const healthComponent = z.object({
  status: healthState,
  /** What this deployment uses and how it fares, in words for people (never an internal error text). */
  detail: z.string(),
  /** How long the probe took; absent for parts that are read, not probed (background jobs). */
  latency_ms: z.number().int().nonnegative().optional(),
  /** When the part was checked: the slower probes (storage, identity provider) are reused for a few seconds. */
  checked_at: isoDateTime,
});
export type HealthComponent = z.infer<typeof healthComponent>;

const count = z.number().int().nonnegative();

/** One background job's queue (pg-boss), as every instance sees it: the database holds it. */
export const jobQueueState = z.object({
  name: z.string(),
  /** What the job does, in words for people. */
  label: z.string(),
  /** ok; degraded: a run waits to be retried, runs wait with nobody taking them, or a scheduled run is overdue; unavailable: the last run failed for good. */
  status: healthState,
  /** When it runs: a cron expression in UTC; null for a job sent on demand only. */
  schedule: z.string().nullable(),
  /** Runs waiting to start. */
  queued: count,
  active: count,
  /** Failed runs waiting for their next attempt. */
  retrying: count,
  /** Runs that failed with every attempt spent, in the last day. */
  failed: count,
  last_completed_at: isoDateTime.nullable(),
  last_failed_at: isoDateTime.nullable(),
});
export type JobQueueState = z.infer<typeof jobQueueState>;

/** The background jobs: the common fields, and each queue's state. */
export const backgroundJobsComponent = healthComponent.extend({ queues: z.array(jobQueueState) });
export type BackgroundJobsComponent = z.infer<typeof backgroundJobsComponent>;

/**
 * `GET /api/health`. 200 while the database answers (the service works, perhaps `degraded`), 503 when it
 * does not. `database` repeats `components.database.status` for monitors written against earlier releases.
 */
export const healthReport = z.object({
  status: healthState,
  database: z.enum(['ok', 'unavailable']),
  version: z.string(),
  components: z.object({
    database: healthComponent,
    file_storage: healthComponent,
    identity_provider: healthComponent,
    background_jobs: backgroundJobsComponent,
  }),
});
export type HealthReport = z.infer<typeof healthReport>;
