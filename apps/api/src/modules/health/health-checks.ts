import type { HealthComponent, HealthState } from '@aegis/contracts';
import type { Deps } from '../../deps';
import type { PdfRenderer } from '../../lib/pdf-pool';

/** A part that has not answered by then counts as unavailable. */
export const CHECK_TIMEOUT_MS = 3_000;

type Log = { warn(details: object, message: string): void };

/** Runs `probe` against the deadline; a failure is logged and shown as `failed`, never with its error text. */
async function timed(name: string, probe: (signal: AbortSignal) => Promise<void>, texts: { ok: string; failed: string }, now: () => Date, log: Log): Promise<HealthComponent> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`));
    }, CHECK_TIMEOUT_MS);
  });
  const started = performance.now();
  try {
    await Promise.race([probe(controller.signal), deadline]);
    return { status: 'ok', detail: texts.ok, latency_ms: Math.round(performance.now() - started), checked_at: now().toISOString() };
  } catch (error) {
    log.warn({ component: name, err: error instanceof Error ? error.message : String(error) }, 'health check failed');
    return { status: 'unavailable', detail: texts.failed, latency_ms: Math.round(performance.now() - started), checked_at: now().toISOString() };
  } finally {
    clearTimeout(timer);
  }
}

export function checkDatabase(deps: Deps, log: Log) {
  const name = deps.database.kind === 'pglite' ? 'The embedded PostgreSQL (PGlite)' : 'PostgreSQL';
  return timed('database', () => deps.database.ping(), { ok: `${name} answers`, failed: `${name} does not answer` }, deps.clock.now, log);
}

export function checkFileStorage(deps: Deps, log: Log) {
  const name = deps.storage.kind === 's3' ? 'The S3-compatible bucket' : 'The local file folder';
  return timed('file_storage', (signal) => deps.storage.check(signal), { ok: `${name} accepts files`, failed: `${name} cannot be reached or written` }, deps.clock.now, log);
}

export function checkIdentityProvider(deps: Deps, log: Log) {
  const name = deps.idp ? 'The embedded identity provider' : `The identity provider at ${new URL(deps.relyingParty.issuer).host}`;
  return timed(
    'identity_provider',
    (signal) => deps.relyingParty.probe(signal),
    { ok: `${name} answers`, failed: `${name} does not answer: signing in is not possible` },
    deps.clock.now,
    log,
  );
}

const worst = (states: HealthState[]): HealthState =>
  states.includes('unavailable') ? 'unavailable' : states.includes('degraded') ? 'degraded' : 'ok';

const minutesAgo = (then: Date, now: Date) => {
  const minutes = Math.round((now.getTime() - then.getTime()) / 60_000);
  return minutes < 1 ? 'just now' : minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
};

/** The periodic jobs as they last ran, and the report renderer's load. Nothing is probed: it reads what the jobs recorded. */
export function checkBackgroundJobs(deps: Deps, reports: PdfRenderer): HealthComponent {
  const now = deps.clock.now();
  const jobs = deps.jobs.states();
  const lines = jobs.map((job) => {
    const when = job.lastRunAt ? `last ran ${minutesAgo(job.lastRunAt, now)}` : 'not run yet';
    if (job.status === 'unavailable') return `${job.label}: the last run failed`;
    if (job.failures > 0) return `${job.label}: ${job.failures} waiting to be retried (${when})`;
    if (job.status === 'degraded') return `${job.label}: overdue (${when})`;
    return `${job.label}: ${when}`;
  });
  const { rendering, queued } = reports.stats();
  lines.push(`Report rendering: ${rendering} in progress, ${queued} waiting`);
  return { status: worst(jobs.map((job) => job.status)), detail: lines.join('; '), checked_at: now.toISOString() };
}

export { worst };
