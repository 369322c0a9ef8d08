import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError } from './errors';
import type { ReportModel } from './pdf-report-model';
import type { PdfJob, PdfResult } from './pdf-worker';

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
export const defaultPoolSize = () => Math.max(1, Math.min(4, availableParallelism() - 1));

type Job = { model: ReportModel; resolve(pdf: Buffer): void; reject(error: Error): void; signal?: AbortSignal; onAbort?: () => void };
type Slot = { worker: Worker; job?: Job; timer?: NodeJS.Timeout };

const busy = () => new AppError(503, 'Too many reports are being prepared right now; try again in a minute', 'reports_busy');
// 499 as proxies log a request its client closed: nobody reads this answer, and it is no server fault to warn about.
const cancelled = () => new AppError(499, 'The report was not prepared: its request went away', 'report_cancelled');
const closing = () => new AppError(503, 'The server is shutting down; try again shortly', 'service_unavailable');

/**
 * A report the size the sections allow peaks at about 450 MB in its worker; a runaway one is stopped at
 * this heap size with its worker alone (ERR_WORKER_OUT_OF_MEMORY) instead of taking the API down.
 */
const WORKER_HEAP_MB = 1024;

/**
 * From the TypeScript sources (vitest, `npm run dev`) this file's URL ends in .ts and the worker starts
 * through a loader that registers tsx; in the bundle (dist/server.js) the worker is dist/pdf-worker.js,
 * which apps/api/build.mjs writes beside it.
 */
function startWorker(): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: WORKER_HEAP_MB };
  if (new URL(import.meta.url).pathname.endsWith('.ts')) {
    const entry = new URL('./pdf-worker.tsx', import.meta.url).href;
    return new Worker(new URL('./pdf-worker-boot.mjs', import.meta.url), { workerData: { entry }, resourceLimits });
  }
  return new Worker(new URL('./pdf-worker.js', import.meta.url), { resourceLimits });
}

/** A bounded pool of threads that render report models to PDF, so that no render blocks the event loop. */
export function createPdfPool({ size = defaultPoolSize(), queueLimit = 8 * size, timeoutMs = 120_000 }: PdfPoolOptions = {}): PdfRenderer {
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let closed = false;

  function settle(slot: Slot): Job | undefined {
    const { job } = slot;
    clearTimeout(slot.timer);
    slot.job = undefined;
    slot.timer = undefined;
    return job;
  }

  /** A worker that failed, stopped or overran its deadline is dropped with its report; the next report starts a fresh one. */
  function drop(slot: Slot, error: Error) {
    const index = slots.indexOf(slot);
    if (index === -1) return;
    slots.splice(index, 1);
    settle(slot)?.reject(error);
    void slot.worker.terminate();
    pump();
  }

  function spawn(): Slot {
    const slot: Slot = { worker: startWorker() };
    // An idle worker must not keep the process alive; the HTTP server does that while it listens.
    slot.worker.unref();
    slot.worker.on('message', (result: PdfResult) => {
      const job = settle(slot);
      if ('pdf' in result) job?.resolve(Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength));
      else job?.reject(new Error(`PDF rendering failed: ${result.error}`));
      pump();
    });
    slot.worker.on('error', (error) => drop(slot, error));
    slot.worker.on('exit', (code) => drop(slot, new Error(`PDF worker stopped with exit code ${code}`)));
    slots.push(slot);
    return slot;
  }

  function pump() {
    while (!closed && queue.length > 0) {
      const slot = slots.find((s) => !s.job) ?? (slots.length < size ? spawn() : undefined);
      if (!slot) return;
      const job = queue.shift()!;
      if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
      slot.job = job;
      slot.timer = setTimeout(() => drop(slot, new Error(`PDF rendering took longer than ${timeoutMs} ms`)), timeoutMs);
      slot.worker.postMessage({ model: job.model } satisfies PdfJob);
    }
  }

  return {
    render(model, signal) {
      if (closed) return Promise.reject(closing());
      if (signal?.aborted) return Promise.reject(cancelled());
      const waitingForWorker = slots.length >= size && slots.every((s) => s.job);
      if (waitingForWorker && queue.length >= queueLimit) return Promise.reject(busy());
      return new Promise<Buffer>((resolve, reject) => {
        const job: Job = { model, resolve, reject, signal };
        if (signal) {
          job.onAbort = () => {
            const index = queue.indexOf(job);
            if (index === -1) return;
            queue.splice(index, 1);
            reject(cancelled());
          };
          signal.addEventListener('abort', job.onAbort, { once: true });
        }
        queue.push(job);
        pump();
      });
    },
    stats: () => ({ workers: slots.length, rendering: slots.filter((s) => s.job).length, queued: queue.length }),
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(closing());
      await Promise.all(
        slots.splice(0).map((slot) => {
          settle(slot)?.reject(closing());
          return slot.worker.terminate();
        }),
      );
    },
  };
}

/**
 * The process's pool: worker threads are a per-process resource (cores, memory), so every app built in
 * this process (one in production, several in tests) shares it rather than each sizing its own.
 */
export const sharedPdfPool = createPdfPool();
