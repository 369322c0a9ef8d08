import { AppError } from './errors';
import type { ReportModel } from './pdf-report-model';
import type { PdfJob, PdfResult } from './pdf-worker';
import { createWorkerPool, defaultPoolSize as defaultWorkerPoolSize, startWorkerThread } from './worker-pool';

export type PdfPoolOptions = {
  /** Worker threads at most; they start on demand and stay for the next report. */
  size?: number;
  /** Reports waiting for a worker at most; one more is refused (503) rather than kept waiting for minutes. */
  queueLimit?: number;
  /** A render running longer is stopped with its worker (a fresh one takes the next report). */
  timeoutMs?: number;
};

export type PdfRenderer = {
  /** The PDF of `model`. When `signal` aborts while the report still waits for a worker, it is dropped unrendered. */
  render(model: ReportModel, signal?: AbortSignal): Promise<Buffer>;
  stats(): { workers: number; rendering: number; queued: number };
  close(): Promise<void>;
};

/** One core stays with the event loop; more than 4 parallel renders would mostly compete for memory. */
export const defaultPoolSize = defaultWorkerPoolSize;

const busy = () => new AppError(503, 'Too many reports are being prepared right now; try again in a minute', 'reports_busy');
// 499 as proxies log a request its client closed: nobody reads this answer, and it is no server fault to warn about.
const cancelled = () => new AppError(499, 'The report was not prepared: its request went away', 'report_cancelled');
const closing = () => new AppError(503, 'The server is shutting down; try again shortly', 'service_unavailable');

/**
 * A report the size the sections allow peaks at about 450 MB in its worker; a runaway one is stopped at
 * this heap size with its worker alone (ERR_WORKER_OUT_OF_MEMORY) instead of taking the API down.
 */
const WORKER_HEAP_MB = 1024;

/** A bounded pool of threads that render report models to PDF (lib/worker-pool.ts), so that no render blocks the event loop. */
export function createPdfPool({ size = defaultPoolSize(), queueLimit = 8 * size, timeoutMs = 120_000 }: PdfPoolOptions = {}): PdfRenderer {
  const pool = createWorkerPool<PdfJob, PdfResult, Buffer>({
    what: 'PDF rendering',
    start: () => startWorkerThread(import.meta.url, './pdf-worker.tsx', 'pdf-worker.js', { heapMb: WORKER_HEAP_MB }),
    settle: (result) => {
      if ('pdf' in result) return Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength);
      throw new Error(`PDF rendering failed: ${result.error}`);
    },
    size,
    queueLimit,
    timeoutMs,
    // A worker that rendered a large report holds hundreds of MB; an idle minute gives them back.
    idleMs: 60_000,
    busy,
    cancelled,
    closing,
  });
  return {
    render: (model, signal) => pool.run({ model }, signal),
    stats: () => {
      const { workers, running, queued } = pool.stats();
      return { workers, rendering: running, queued };
    },
    close: () => pool.close(),
  };
}

/**
 * The process's pool: worker threads are a per-process resource (cores, memory), so every app built in
 * this process (one in production, several in tests) shares it rather than each sizing its own.
 */
export const sharedPdfPool = createPdfPool();
