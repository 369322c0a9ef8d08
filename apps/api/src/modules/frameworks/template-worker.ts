import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { planLoad, type LoadPlan } from './framework-loader';
import { parseFrameworkTemplate, type TemplateProblem } from './template-parser';

/** What template-pool.ts sends a worker, and what the worker answers: one upload at a time. */
export type TemplateJob = { bytes: Uint8Array; filename?: string; contentType?: string; knownControlCodes: string[]; reservedFrameworkCodes: string[] };
export type TemplateJobResult =
  | { ok: true; plan: LoadPlan; contentHash: string; controlCodes: string[] }
  | { ok: false; problems: TemplateProblem[]; total: number }
  | { error: string };

// The entry of a template worker thread: decoding, the nesting guard, YAML/JSON parsing, validation and
// building the rows to write take up to seconds of CPU for the largest template allowed, which here
// costs no other request anything.
const port = parentPort;
if (!port) throw new Error('template-worker runs as a worker thread of the API');

port.on('message', (job: TemplateJob) => {
  let answer: TemplateJobResult;
  try {
    const parsed = parseFrameworkTemplate({
      bytes: job.bytes,
      filename: job.filename,
      contentType: job.contentType,
      knownControlCodes: new Set(job.knownControlCodes),
      reservedFrameworkCodes: new Set(job.reservedFrameworkCodes),
    });
    answer = parsed.ok
      ? { ok: true, plan: planLoad(parsed.template), contentHash: createHash('sha256').update(job.bytes).digest('hex'), controlCodes: parsed.template.controls.map((c) => c.code) }
      : { ok: false, problems: parsed.problems, total: parsed.total };
  } catch (error) {
    answer = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(answer);
});
