import { parentPort } from 'node:worker_threads';
import type { EvidenceFileType } from '@aegis/contracts';
import { extractText, type ExtractOutcome } from './extract';

/** What text-pool.ts sends a worker, and what the worker answers: one file at a time. */
export type TextJob = { bytes: Uint8Array; fileType: EvidenceFileType };
export type TextJobResult = { outcome: ExtractOutcome } | { crashed: string };

// The entry of a text-extraction worker thread: parsing a 25 MB PDF or unpacking a DOCX takes seconds of
// CPU and up to hundreds of MB, which here costs no request anything; a file that exhausts the worker's
// heap takes down this thread alone.
const port = parentPort;
if (!port) throw new Error('text-worker runs as a worker thread of the API');

port.on('message', (job: TextJob) => {
  extractText(job.bytes, job.fileType).then(
    (outcome) => port.postMessage({ outcome } satisfies TextJobResult),
    (error: unknown) => port.postMessage({ crashed: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies TextJobResult),
  );
});
