import { parentPort } from 'node:worker_threads';
import { renderToBuffer } from '@react-pdf/renderer';
import { ReportDocument } from './pdf-document';
import { registerFonts } from './pdf-fonts';
import type { ReportModel } from './pdf-report-model';

/** What the pool sends a worker, and what the worker answers: one job at a time. */
export type PdfJob = { model: ReportModel };
export type PdfResult = { pdf: Uint8Array } | { error: string };

// The entry of a PDF worker thread (lib/pdf-pool.ts): laying out and drawing a report takes seconds of
// CPU for a long one, which here costs no other request anything.
const port = parentPort;
if (!port) throw new Error('pdf-worker runs as a worker thread of the API');
registerFonts();

port.on('message', ({ model }: PdfJob) => {
  renderToBuffer(<ReportDocument model={model} />).then(
    (buffer) => {
      // A copy of our own, so its memory can be handed over instead of copied again.
      const pdf = new Uint8Array(buffer);
      port.postMessage({ pdf } satisfies PdfResult, [pdf.buffer]);
    },
    (error: unknown) => port.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies PdfResult),
  );
});
