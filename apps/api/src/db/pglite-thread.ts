import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { noteStatement } from './table-use';

/**
 * The embedded database (PGlite) on a thread of its own, behind the part of PGlite's interface that
 * Drizzle, pg-boss's adapter and db/client.ts use. PGlite runs PostgreSQL in WebAssembly on the thread
 * that calls it: on the API's thread a 3-second search held every other request, /api/health included
 * (issue 29, item 3). Here a slow statement delays the statements queued behind it — PGlite has one
 * session — but the event loop keeps answering what needs no database, and a short statement waits
 * for a long one only, never for the JavaScript of other requests.
 *
 * PGlite runs one statement at a time and a transaction holds its one session whole: statements and
 * transactions take turns through a FIFO lock here, as PGlite's own mutex does in-process.
 */
export type PgliteThreadOptions = { dataDir?: string; loadDataDir?: Blob; startParams: string[] };

type Pending = { resolve(value: unknown): void; reject(error: Error): void };
type Reply =
  | { type: 'ready' }
  | { type: 'failed'; error: PlainError }
  | { type: 'notification'; channel: string; payload: string }
  | { type: 'result'; id: number; result: unknown }
  | { type: 'error'; id: number; error: PlainError };
type PlainError = { message: string; name: string; fields: Record<string, unknown> };

/** A database error as PGlite threw it on its thread: same message, code, detail, constraint… */
function restoreError({ message, name, fields }: PlainError): Error {
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  return error;
}

/**
 * Drizzle's query options name parsers that keep a type's text as is (dates, timestamps, intervals);
 * functions cannot cross to the thread, so only such identity parsers are taken, by their type ids.
 */
function threadOptions(options: QueryOptions | undefined) {
  if (!options) return undefined;
  const { rowMode, parsers, ...rest } = options;
  if (Object.keys(rest).length > 0) throw new Error(`The embedded database's thread does not take the query options ${Object.keys(rest).join(', ')}`);
  const rawTypes = Object.entries(parsers ?? {}).map(([type, parse]) => {
    if (parse('probe', Number(type)) !== 'probe') throw new Error(`The embedded database's thread only keeps a type's text as is (parser for type ${type})`);
    return Number(type);
  });
  return { rowMode, rawTypes };
}

class TurnLock {
  #tail: Promise<void> = Promise.resolve();
  /** When the statement or transaction now running took its turn; undefined when none runs. */
  heldSince: number | undefined;

  async acquire(): Promise<() => void> {
    let release!: () => void;
    const turn = new Promise<void>((resolve) => (release = resolve));
    const before = this.#tail;
    this.#tail = before.then(() => turn);
    await before;
    this.heldSince = Date.now();
    return () => {
      this.heldSince = undefined;
      release();
    };
  }
}

export class PgliteThread {
  readonly waitReady: Promise<void>;
  #worker: Worker;
  #pending = new Map<number, Pending>();
  #nextId = 1;
  #closed = false;
  #failure: Error | undefined;
  #lock = new TurnLock();
  #inTransaction = false;
  #listeners = new Map<string, Set<(payload: string) => void>>();

  constructor(options: PgliteThreadOptions) {
    // From the sources (vitest, `npm run dev`) the worker is the .mjs beside this file; in the bundle
    // (dist/server.js) apps/api/build.mjs writes it beside the server as dist/pglite-worker.js.
    const entry = new URL(import.meta.url).pathname.endsWith('.ts') ? './pglite-worker.mjs' : './pglite-worker.js';
    const loadDataDir = options.loadDataDir;
    const started = (loadDataDir ? loadDataDir.arrayBuffer() : Promise.resolve(undefined)).then((buffer) => {
      const worker = new Worker(new URL(entry, import.meta.url), {
        workerData: { dataDir: options.dataDir, loadDataDir: buffer, startParams: options.startParams },
        transferList: buffer ? [buffer] : [],
      });
      this.#worker = worker;
      return worker;
    });
    this.#worker = undefined as unknown as Worker;
    this.waitReady = started.then(
      (worker) =>
        new Promise<void>((resolve, reject) => {
          worker.on('message', (reply: Reply) => {
            if (reply.type === 'ready') {
              // Idle from now on: only a statement under way keeps the process alive (#call).
              if (this.#pending.size === 0) worker.unref();
              resolve();
            } else if (reply.type === 'failed') reject(restoreError(reply.error));
            else this.#onReply(reply);
          });
          worker.on('error', (error) => this.#stop(error, reject));
          worker.on('exit', (code) => this.#stop(new Error(`pglite is closed (its thread exited with code ${code})`), reject));
        }),
    );
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** True while a transaction holds the session (as PGlite's isInTransaction). */
  isInTransaction(): boolean {
    return this.#inTransaction;
  }

  /** When the statement or transaction running now started; undefined when the database is idle. */
  busySince(): number | undefined {
    return this.#lock.heldSince;
  }

  async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    noteStatement(text);
    const release = await this.#lock.acquire();
    try {
      return (await this.#call('query', { text, params, options: threadOptions(options) })) as Results<T>;
    } finally {
      release();
    }
  }

  async exec(text: string): Promise<Results[]> {
    noteStatement(text);
    const release = await this.#lock.acquire();
    try {
      return (await this.#call('exec', { text })) as Results[];
    } finally {
      release();
    }
  }

  /** Runs `callback` in a transaction that holds the session: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const release = await this.#lock.acquire();
    this.#inTransaction = true;
    let ended = false;
    const ensureOpen = () => {
      if (ended) throw new Error('Transaction is closed');
    };
    // One statement at a time within the transaction, in the order sent (a `Promise.all` over the
    // transaction's client waits here, as on PostgreSQL: client.ts, issue 31 item 6).
    let tail: Promise<unknown> = Promise.resolve();
    const inTurn = <R>(send: () => Promise<R>): Promise<R> => {
      const result = tail.then(send, send);
      tail = result.catch(() => {});
      return result;
    };
    const tx = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        noteStatement(text);
        return inTurn(async () => {
          ensureOpen();
          return (await this.#call('query', { text, params, options: threadOptions(options) })) as Results<R>;
        });
      },
      exec: (text: string) => {
        noteStatement(text);
        return inTurn(async () => {
          ensureOpen();
          return (await this.#call('exec', { text })) as Results[];
        });
      },
      rollback: async () => {
        ensureOpen();
        await this.#call('exec', { text: 'rollback' });
        ended = true;
      },
      get closed() {
        return ended;
      },
    } as unknown as Transaction;
    try {
      await this.#call('exec', { text: 'begin' });
      try {
        const result = await callback(tx);
        if (!ended) {
          ended = true;
          await this.#call('exec', { text: 'commit' });
        }
        return result;
      } catch (error) {
        if (!ended) {
          ended = true;
          await this.#call('exec', { text: 'rollback' }).catch(() => {});
        }
        throw error;
      }
    } finally {
      this.#inTransaction = false;
      release();
    }
  }

  /** LISTENs on `channel`; `callback` hears each notification before the statement that committed it resolves. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.#listeners.get(channel);
    if (!callbacks) {
      this.#listeners.set(channel, (callbacks = new Set()));
      const release = await this.#lock.acquire();
      try {
        await this.#call('listen', { channel });
      } finally {
        release();
      }
    }
    callbacks.add(callback);
    return async () => {
      callbacks.delete(callback);
      if (callbacks.size > 0 || this.#listeners.get(channel) !== callbacks) return;
      this.#listeners.delete(channel);
      if (this.#closed) return;
      const release = await this.#lock.acquire();
      try {
        await this.#call('unlisten', { channel });
      } finally {
        release();
      }
    };
  }

  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'none'): Promise<Blob> {
    const release = await this.#lock.acquire();
    try {
      return new Blob([(await this.#call('dump', { compression })) as ArrayBuffer]);
    } finally {
      release();
    }
  }

  /** Closes the database (after the statements already queued) and ends its thread. */
  async close(): Promise<void> {
    if (this.#closed) return;
    await this.waitReady.catch(() => {});
    if (this.#closed) return;
    const release = await this.#lock.acquire();
    try {
      await this.#call('close', {});
    } finally {
      release();
      this.#closed = true;
      await this.#worker.terminate();
    }
  }

  #call(op: string, request: Record<string, unknown>): Promise<unknown> {
    if (this.#closed) return Promise.reject(this.#failure ?? new Error('pglite is closed'));
    const id = this.#nextId++;
    // A statement under way keeps the process alive, as PGlite on the main thread did; an idle database does not.
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, op, ...request });
    });
  }

  #onReply(reply: Reply) {
    if (reply.type === 'notification') {
      for (const callback of this.#listeners.get(reply.channel) ?? []) callback(reply.payload);
      return;
    }
    if (reply.type !== 'result' && reply.type !== 'error') return;
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (reply.type === 'result') pending.resolve(reply.result);
    else pending.reject(restoreError(reply.error));
  }

  #stop(error: Error, reject: (error: Error) => void) {
    if (this.#closed && this.#pending.size === 0) return;
    this.#closed = true;
    this.#failure = error;
    reject(error);
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}
