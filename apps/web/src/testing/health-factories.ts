import type { HealthComponent, HealthReport, JobQueueState } from '@aegis/contracts';

const component = (detail: string, overrides: Partial<HealthComponent> = {}): HealthComponent => ({
  status: 'ok',
  detail,
  latency_ms: 2,
  checked_at: '2026-11-23T10:15:00.000Z',
  ...overrides,
});

/** A background job's queue as the API reports it; the file removal's by default. */
export const jobQueue = (overrides: Partial<JobQueueState> = {}): JobQueueState => ({
  name: 'file_removal',
  label: 'Removal of deleted projects’ files',
  status: 'ok',
  schedule: '*/5 * * * *',
  queued: 0,
  active: 0,
  retrying: 0,
  failed: 0,
  last_completed_at: '2026-11-23T10:14:00.000Z',
  last_failed_at: null,
  ...overrides,
});

/** A healthy report as the embedded mode gives it; pass components to break one. */
export function buildHealthReport(overrides: Partial<Omit<HealthReport, 'components'>> = {}, components: Partial<HealthReport['components']> = {}): HealthReport {
  return {
    status: 'ok',
    database: 'ok',
    version: 'v1.2.6',
    components: {
      database: component('The embedded PostgreSQL (PGlite) answers'),
      file_storage: component('The local file folder accepts files'),
      identity_provider: component('The embedded identity provider answers'),
      background_jobs: {
        status: 'ok',
        detail: 'Removal of deleted projects’ files: last ran just now; Report rendering: 0 in progress, 0 waiting',
        checked_at: '2026-11-23T10:15:00.000Z',
        queues: [jobQueue()],
      },
      ...components,
    },
    ...overrides,
  };
}
