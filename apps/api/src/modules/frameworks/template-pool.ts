import { AppError } from '../../lib/errors';
import { createWorkerPool, startWorkerThread } from '../../lib/worker-pool';
import type { TemplateJob, TemplateJobResult } from './template-worker';

/** Parsing the largest template allowed takes well under a second of a worker's time; a minute means something is wrong. */
const TIMEOUT_MS = 60_000;
/** The largest template allowed peaks at a few hundred MB while parsed; a worker stops at this heap size alone. */
const WORKER_HEAP_MB = 512;

type Parsed = Exclude<TemplateJobResult, { error: string }>;

/**
 * The process's template workers (lib/worker-pool.ts): every upload is decoded, guarded, parsed,
 * validated and turned into rows off the request loop. A worker idle for a minute is stopped, so an
 * instance that seldom sees uploads does not keep its memory.
 */
export const templatePool = createWorkerPool<TemplateJob, TemplateJobResult, Parsed>({
  what: 'Template parsing',
  start: () => startWorkerThread(import.meta.url, './template-worker.ts', 'template-worker.js', { heapMb: WORKER_HEAP_MB }),
  settle: (result) => {
    if ('error' in result) throw new Error(`Template parsing failed: ${result.error}`);
    return result;
  },
  size: 1,
  queueLimit: 8,
  timeoutMs: TIMEOUT_MS,
  idleMs: 60_000,
  busy: () => new AppError(503, 'Too many templates are being read right now; try again in a minute', 'templates_busy'),
  cancelled: () => new AppError(499, 'The template was not read: its request went away', 'template_cancelled'),
  closing: () => new AppError(503, 'The server is shutting down; try again shortly', 'service_unavailable'),
});
