import type { BackgroundJobsComponent, HealthComponent, HealthState, JobQueueState } from '@aegis/contracts';
import type { Deps } from '../../deps';
import type { JobEngineState } from '../../jobs/engine';
import { STUCK_AFTER_MINUTES, type QueueState } from '../../jobs/queue-states';
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

/** A reading of the queues this recent stands in for one that fails (a long transaction holding the embedded database). */
const QUEUES_REUSE_MS = 60_000;

function queueLine(queue: QueueState, now: Date) {
  const when = queue.lastCompletedAt ? `last ran ${minutesAgo(queue.lastCompletedAt, now)}` : 'not run yet';
  if (queue.status === 'unavailable') return `${queue.label}: the last run failed (${minutesAgo(queue.lastFailedAt!, now)})`;
  if (queue.retrying > 0) return `${queue.label}: ${queue.retrying} waiting to be retried (${when})`;
  if (queue.stuck > 0) return `${queue.label}: ${queue.stuck} waiting for more than ${STUCK_AFTER_MINUTES} minutes`;
  if (queue.overdue) return `${queue.label}: overdue (${when})`;
  return `${queue.label}: ${when}`;
}

const queueReport = (queue: QueueState): JobQueueState => ({
  name: queue.name,
  label: queue.label,
  status: queue.status,
  schedule: queue.schedule ?? null,
  queued: queue.queued,
  active: queue.active,
  retrying: queue.retrying,
  failed: queue.failed,
  last_completed_at: queue.lastCompletedAt?.toISOString() ?? null,
  last_failed_at: queue.lastFailedAt?.toISOString() ?? null,
});

/**
 * The background jobs' queues as the job engine's tables hold them (the same in every instance), and the
 * report renderer's load. Nothing is probed: it reads what the jobs recorded.
 */
export function backgroundJobsCheck(deps: Deps, reports: PdfRenderer, log: Log) {
  let last: { at: number; state: JobEngineState } | undefined;

  let reading: Promise<JobEngineState | undefined> | undefined;

  /**
   * The queues as last read when the embedded database is busy with someone's statement (a content
   * search, an import) and that reading is recent: the health check must not wait for the statement's
   * end (issue 29, item 3). A new reading starts behind it and stands in for the next check.
   */
  async function current(): Promise<JobEngineState | undefined> {
    if (deps.database.busy() && last && Date.now() - last.at < QUEUES_REUSE_MS) {
      reading ??= read().finally(() => (reading = undefined));
      return last.state;
    }
    return read();
  }

  async function read(): Promise<JobEngineState | undefined> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      });
      const state = await Promise.race([deps.jobs.state(), deadline]);
      last = { at: Date.now(), state };
      return state;
    } catch (error) {
      log.warn({ component: 'background_jobs', err: error instanceof Error ? error.message : String(error) }, 'health check failed');
      return last && Date.now() - last.at < QUEUES_REUSE_MS ? last.state : undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  return async (): Promise<BackgroundJobsComponent> => {
    const checkedAt = deps.clock.now().toISOString();
    const { rendering, queued } = reports.stats();
    const renderingLine = `Report rendering: ${rendering} in progress, ${queued} waiting`;
    const state = deps.jobs.running ? await current() : undefined;
    if (!state) {
      const detail = deps.jobs.running ? 'The job queues cannot be read' : 'The job engine is not running';
      return { status: 'unavailable', detail: `${detail}; ${renderingLine}`, checked_at: checkedAt, queues: [] };
    }
    const lines = state.queues.map((queue) => queueLine(queue, state.now));
    lines.push(renderingLine);
    return { status: worst(state.queues.map((queue) => queue.status)), detail: lines.join('; '), checked_at: checkedAt, queues: state.queues.map(queueReport) };
  };
}

export { worst };
