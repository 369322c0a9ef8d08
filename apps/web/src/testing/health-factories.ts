import type { HealthComponent, HealthReport } from '@aegis/contracts';

const component = (detail: string, overrides: Partial<HealthComponent> = {}): HealthComponent => ({
  status: 'ok',
  detail,
  latency_ms: 2,
  checked_at: '2026-11-23T10:15:00.000Z',
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
      background_jobs: { status: 'ok', detail: 'Removal of deleted projects’ files: last ran just now; Report rendering: 0 in progress, 0 waiting', checked_at: '2026-11-23T10:15:00.000Z' },
      ...components,
    },
    ...overrides,
  };
}
