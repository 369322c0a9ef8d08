import { AppError } from '../../lib/errors';
import { createWorkerPool, startWorkerThread } from '../../lib/worker-pool';
import type { CardReading } from './card-markdown';
import type { CardJob, CardJobResult } from './card-worker';

/** The largest card allowed reads in well under a second of a worker's time; half a minute means something is wrong. */
const TIMEOUT_MS = 30_000;
/** A 1 MB card's YAML tree takes some tens of MB; a worker stops at this heap size alone. */
const WORKER_HEAP_MB = 256;

/**
 * The process's card workers (lib/worker-pool.ts): every imported or previewed card file is guarded,
 * parsed and mapped off the request loop, as framework templates are (frameworks/template-pool.ts). A
 * refusal (422 naming the line) comes back as the AppError it was; a worker idle for a minute is stopped.
 */
export const cardPool = createWorkerPool<CardJob, CardJobResult, CardReading>({
  what: 'Card parsing',
  start: () => startWorkerThread(import.meta.url, './card-worker.ts', 'card-worker.js', { heapMb: WORKER_HEAP_MB }),
  settle: (result) => {
    if ('error' in result) throw new Error(`Card parsing failed: ${result.error}`);
    if (!result.ok) throw new AppError(result.statusCode, result.detail, result.code, result.errors);
    return result.card;
  },
  size: 1,
  queueLimit: 8,
  timeoutMs: TIMEOUT_MS,
  idleMs: 60_000,
  busy: () => new AppError(503, 'Too many cards are being read right now; try again in a minute', 'cards_busy'),
  cancelled: () => new AppError(499, 'The card was not read: its request went away', 'card_cancelled'),
  closing: () => new AppError(503, 'The server is shutting down; try again shortly', 'service_unavailable'),
});
