import { APP_VERSION, type HealthComponent, type HealthReport } from '@aegis/contracts';
import type { Deps } from '../../deps';
import { sharedPdfPool, type PdfRenderer } from '../../lib/pdf-pool';
import { backgroundJobsCheck, checkDatabase, checkFileStorage, checkIdentityProvider, worst } from './health-checks';

/**
 * Storage and identity-provider answers are reused this long: the health check is public and polled by
 * monitors, and must not turn each poll into a request to the bucket or to an external provider.
 */
export const PROBE_REUSE_MS = 15_000;

type Log = { warn(details: object, message: string): void };

/** The health report: the database is checked on every call; it alone decides whether the service is up. */
export function createHealthService(deps: Deps, log: Log, reports: PdfRenderer = sharedPdfPool) {
  let reused: { at: number; probes: Promise<[HealthComponent, HealthComponent]> } | undefined;
  const checkBackgroundJobs = backgroundJobsCheck(deps, reports, log);

  function slowProbes() {
    if (!reused || Date.now() - reused.at > PROBE_REUSE_MS) {
      reused = { at: Date.now(), probes: Promise.all([checkFileStorage(deps, log), checkIdentityProvider(deps, log)]) };
    }
    return reused.probes;
  }

  return {
    async report(): Promise<HealthReport> {
      const [database, [fileStorage, identityProvider], backgroundJobs] = await Promise.all([checkDatabase(deps, log), slowProbes(), checkBackgroundJobs()]);
      const components = {
        database,
        file_storage: fileStorage,
        identity_provider: identityProvider,
        background_jobs: backgroundJobs,
      };
      // Without its database nothing works; any other part failing leaves the service up but degraded.
      const others = worst([fileStorage.status, identityProvider.status, components.background_jobs.status]);
      const status = database.status === 'unavailable' ? 'unavailable' : others === 'ok' ? 'ok' : 'degraded';
      return { status, database: database.status === 'ok' ? 'ok' : 'unavailable', version: APP_VERSION, components };
    },
  };
}
