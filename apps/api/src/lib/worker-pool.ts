import { availableParallelism } from 'node:os';
import { Worker, type TransferListItem } from 'node:worker_threads';

/**
 * A bounded pool of worker threads for CPU-heavy jobs (PDF reports, parsing uploaded files), so that
 * none of them blocks the event loop. Workers start on demand and stay for the next job; one job at a
 * time per worker; a worker that fails, stops or overruns its deadline is dropped with its job and the
 * next job starts a fresh one.
 */

export type WorkerPoolOptions<Message, Result> = {
  /** `what took longer than…`, in error messages ("PDF rendering", "Template parsing"). */
  what: string;
  /** Starts one worker thread (see `workerEntry`). */
  start: () => Worker;
  /** The worker's answer → the job's result; throws to reject the job. */
  settle: (message: Message) => Result;
  /** Worker threads at most. */
  size?: number;
  /** Jobs waiting for a worker at most; one more is refused with `busy()` rather than kept waiting for minutes. */
  queueLimit?: number;
  /** A job running longer is stopped with its worker. */
  timeoutMs?: number;
  /** An idle worker is stopped after this long (its memory returned); none when absent: it stays for the next job. */
  idleMs?: number;
  busy: () => Error;
  /** The job's signal aborted while it still waited for a worker. */
  cancelled: () => Error;
  closing: () => Error;
};

export type WorkerPool<Job, Result> = {
  /** Runs `job` in a worker. When `signal` aborts while the job still waits for a worker, it is dropped unrun. */
  run(job: Job, signal?: AbortSignal, transfer?: readonly TransferListItem[]): Promise<Result>;
  stats(): { workers: number; running: number; queued: number };
  close(): Promise<void>;
};

/** A worker's young generation (three semi-spaces of 16 MB). */
const WORKER_YOUNG_GENERATION_MB = 48;

/** One core stays with the event loop; more than 4 parallel jobs would mostly compete for memory. */
export const defaultPoolSize = () => Math.max(1, Math.min(4, availableParallelism() - 1));

/**
 * A worker thread's entry, from the TypeScript sources or from the bundle. From the sources (vitest,
 * `npm run dev`) the caller's URL ends in .ts and the worker starts through pdf-worker-boot.mjs, which
 * registers tsx (Node 20 workers do not inherit module hooks); in the bundle (dist/server.js) the worker
 * is `dist/<bundled>.js`, which apps/api/build.mjs writes beside it.
 */
export function startWorkerThread(callerUrl: string, source: string, bundled: string, options: { heapMb: number }): Worker {
  // The young generation V8 would give a busy isolate by default (16 MB semi-spaces): the process-wide 4 MB of
  // memory-settings.ts keeps an idle API small, but made the garbage collector a third of a PDF export's time.
  const resourceLimits = { maxOldGenerationSizeMb: options.heapMb, maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB };
  if (new URL(callerUrl).pathname.endsWith('.ts')) {
    const entry = new URL(source, callerUrl).href;
    return new Worker(new URL('./pdf-worker-boot.mjs', import.meta.url), { workerData: { entry }, resourceLimits });
  }
  return new Worker(new URL(`./${bundled}`, import.meta.url), { resourceLimits });
}

type Pending<Job, Result> = {
  job: Job;
  transfer?: readonly TransferListItem[];
  resolve(result: Result): void;
  reject(error: Error): void;
  signal?: AbortSignal;
  onAbort?: () => void;
};

export function createWorkerPool<Job, Message, Result>(options: WorkerPoolOptions<Message, Result>): WorkerPool<Job, Result> {
  const { what, start, settle: finish, size = defaultPoolSize(), timeoutMs = 120_000, busy, cancelled, closing } = options;
  const queueLimit = options.queueLimit ?? 8 * size;
  type Slot = { worker: Worker; job?: Pending<Job, Result>; timer?: NodeJS.Timeout; idle?: NodeJS.Timeout };
  const slots: Slot[] = [];
  const queue: Pending<Job, Result>[] = [];
  let closed = false;

  function settle(slot: Slot) {
    const { job } = slot;
    clearTimeout(slot.timer);
    slot.job = undefined;
    slot.timer = undefined;
    return job;
  }

  function drop(slot: Slot, error: Error) {
    const index = slots.indexOf(slot);
    if (index === -1) return;
    slots.splice(index, 1);
    settle(slot)?.reject(error);
    void slot.worker.terminate();
    pump();
  }

  function spawn(): Slot {
    const slot: Slot = { worker: start() };
    // An idle worker must not keep the process alive; the HTTP server does that while it listens.
    slot.worker.unref();
    slot.worker.on('message', (message: Message) => {
      const job = settle(slot);
      if (job) {
        try {
          job.resolve(finish(message));
        } catch (error) {
          job.reject(error instanceof Error ? error : new Error(String(error)));
        }
      }
      pump();
      if (!slot.job && options.idleMs !== undefined) {
        slot.idle = setTimeout(() => {
          const index = slots.indexOf(slot);
          if (index === -1 || slot.job) return;
          slots.splice(index, 1);
          slot.worker.removeAllListeners('exit');
          void slot.worker.terminate();
        }, options.idleMs);
        slot.idle.unref();
      }
    });
    slot.worker.on('error', (error) => drop(slot, error));
    slot.worker.on('exit', (code) => drop(slot, new Error(`${what} worker stopped with exit code ${code}`)));
    slots.push(slot);
    return slot;
  }

  function pump() {
    while (!closed && queue.length > 0) {
      const slot = slots.find((s) => !s.job) ?? (slots.length < size ? spawn() : undefined);
      if (!slot) return;
      const job = queue.shift()!;
      clearTimeout(slot.idle);
      if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
      slot.job = job;
      slot.timer = setTimeout(() => drop(slot, new Error(`${what} took longer than ${timeoutMs} ms`)), timeoutMs);
      slot.worker.postMessage(job.job, job.transfer);
    }
  }

  return {
    run(job, signal, transfer) {
      if (closed) return Promise.reject(closing());
      if (signal?.aborted) return Promise.reject(cancelled());
      const waitingForWorker = slots.length >= size && slots.every((s) => s.job);
      if (waitingForWorker && queue.length >= queueLimit) return Promise.reject(busy());
      return new Promise<Result>((resolve, reject) => {
        const pending: Pending<Job, Result> = { job, transfer, resolve, reject, signal };
        if (signal) {
          pending.onAbort = () => {
            const index = queue.indexOf(pending);
            if (index === -1) return;
            queue.splice(index, 1);
            reject(cancelled());
          };
          signal.addEventListener('abort', pending.onAbort, { once: true });
        }
        queue.push(pending);
        pump();
      });
    },
    stats: () => ({ workers: slots.length, running: slots.filter((s) => s.job).length, queued: queue.length }),
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
