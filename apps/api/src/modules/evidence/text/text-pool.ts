import type { EvidenceFileType } from '@aegis/contracts';
import { AppError } from '../../../lib/errors';
import { createWorkerPool, startWorkerThread } from '../../../lib/worker-pool';
import type { ExtractOutcome } from './outcome';
import type { TextJob, TextJobResult } from './text-worker';

/** The largest file read (25 MB) takes seconds; two minutes means it never will (on a loaded machine too). */
const TIMEOUT_MS = 120_000;
/** A 25 MB PDF peaks at a few hundred MB while parsed; a worker stops at this heap size alone. */
const WORKER_HEAP_MB = 512;

/**
 * The process's text-extraction workers (lib/worker-pool.ts): one thread, as extraction is background
 * work that should leave the other cores to requests; it stops after an idle minute, so an instance
 * that seldom sees uploads does not keep its memory.
 */
export const textPool = createWorkerPool<TextJob, TextJobResult, ExtractOutcome>({
  what: 'Text extraction',
  start: () => startWorkerThread(import.meta.url, './text-worker.ts', 'evidence-text-worker.js', { heapMb: WORKER_HEAP_MB }),
  settle: (result) => {
    if ('crashed' in result) throw new Error(`Text extraction failed: ${result.crashed}`);
    return result.outcome;
  },
  size: 1,
  queueLimit: 32,
  timeoutMs: TIMEOUT_MS,
  idleMs: 60_000,
  busy: () => new AppError(503, 'Too many files are being read right now', 'text_extraction_busy'),
  cancelled: () => new AppError(499, 'The text extraction was cancelled', 'text_extraction_cancelled'),
  closing: () => new AppError(503, 'The server is shutting down', 'service_unavailable'),
});

/**
 * Extracts in the worker. The file's own faults come back as an outcome: a worker that ran out of
 * memory or time on it is `failed` with why. A full queue or a closing server throws (AppError), so the
 * job is tried again later.
 */
export async function extractInWorker(bytes: Uint8Array, fileType: EvidenceFileType): Promise<ExtractOutcome> {
  // The bytes move to the worker rather than being copied (a fresh buffer: a Buffer's may be shared).
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? bytes : bytes.slice();
  try {
    return await textPool.run({ bytes: own, fileType }, undefined, [own.buffer as ArrayBuffer]);
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (/took longer than/.test(message)) return { status: 'failed', error: `Reading the file's text took longer than ${TIMEOUT_MS / 1000} seconds; it was stopped` };
    if (/out of memory|ERR_WORKER_OUT_OF_MEMORY|exit code/i.test(message) || (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      return { status: 'failed', error: 'Reading the file’s text needed more memory than allowed; it was stopped' };
    }
    return { status: 'failed', error: `The file's text could not be read (${message.split('\n')[0]!.slice(0, 300)})` };
  }
}
