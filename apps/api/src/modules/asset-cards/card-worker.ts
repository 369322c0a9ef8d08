import { parentPort } from 'node:worker_threads';
import { AppError } from '../../lib/errors';
import { readCardMarkdown, type CardReading, type ReadOptions } from './card-markdown';

/** What card-pool.ts sends a worker, and what the worker answers: one card file at a time. */
export type CardJob = { text: string } & ReadOptions;
export type CardJobResult =
  | { ok: true; card: CardReading }
  | { ok: false; statusCode: number; detail: string; code: string; errors?: { path: string; message: string; line?: number }[] }
  | { error: string };

// The entry of a card worker thread: the nesting guard, the YAML parser and the mapping to a card take up
// to a second of CPU for the largest card allowed, which here costs no other request anything.
const port = parentPort;
if (!port) throw new Error('card-worker runs as a worker thread of the API');

port.on('message', (job: CardJob) => {
  let answer: CardJobResult;
  try {
    const { text, ...options } = job;
    answer = { ok: true, card: readCardMarkdown(text, options) };
  } catch (error) {
    answer =
      error instanceof AppError
        ? { ok: false, statusCode: error.statusCode, detail: error.detail, code: error.code, ...(error.errors ? { errors: error.errors } : {}) }
        : { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(answer);
});
