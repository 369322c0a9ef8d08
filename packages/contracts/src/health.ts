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
    background_jobs: healthComponent,
  }),
});
export type HealthReport = z.infer<typeof healthReport>;
