import { TEXT_EXTRACTED_FILE_TYPES } from '@aegis/contracts';
import type { Deps } from '../../../deps';
import { everyMinutes, type JobDefinition, type JobLog } from '../../../jobs/registry';
import type { FileStorage } from '../../../lib/storage/file-storage';
import { publishChange } from '../../notifications/live-events';
import { scoreEvidenceLinks } from '../scoring';
import { tooLarge, unsupported, type ExtractOutcome } from './outcome';
import { MAX_EXTRACT_INPUT_BYTES } from './limits';
import { extractInWorker } from './text-pool';
import { textRepository, type TextResult, type VersionForText } from './text-repository';

/** The queue: sent with `{ versionId }` after an upload or a new version has committed. */
export const EVIDENCE_TEXT_JOB = 'evidence_text_extraction';
export type EvidenceTextJobData = { versionId: string };

/** Versions pending longer than this are taken to have lost their job (a crash between commit and send, retries spent). */
const LOST_AFTER_MS = 5 * 60_000;
/**
 * When this process first swept: everything pending before then (the demo seed, written by the start-up
 * preparation after this module loaded; a crash) is sent by that first sweep, whatever its age.
 */
let firstSweepAt: number | undefined;
/** Jobs a sweep sends at most; the next sweep sends the rest. */
const SWEEP_LIMIT = 1000;

/** The stored file, read whole up to `max` bytes (null when it is missing; `tooLarge` past the limit, the read stopped). */
async function readCapped(storage: FileStorage, key: string, max: number): Promise<Uint8Array | null | 'too_large'> {
  const found = await storage.readStream(key);
  if (!found) return null;
  const { stream } = found;
  if (found.size > max) {
    (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
    return 'too_large';
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += bytes.length;
    if (size > max) {
      (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
      return 'too_large';
    }
    chunks.push(bytes);
  }
  // One fresh buffer of its own, so that it moves to the worker without a copy.
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.length;
  }
  return whole;
}

async function outcomeOf(deps: Pick<Deps, 'storage'>, version: VersionForText): Promise<ExtractOutcome> {
  if (!TEXT_EXTRACTED_FILE_TYPES.includes(version.file_type)) return unsupported(version.file_type);
  if (Number(version.size) > MAX_EXTRACT_INPUT_BYTES) return tooLarge();
  // A storage that does not answer throws here: the run fails and is retried.
  const bytes = await readCapped(deps.storage, version.storage_key, MAX_EXTRACT_INPUT_BYTES);
  if (bytes === null) return { status: 'failed', error: 'The stored file is missing' };
  if (bytes === 'too_large') return tooLarge();
  return extractInWorker(bytes, version.file_type);
}

const resultOf = (outcome: ExtractOutcome): TextResult =>
  outcome.status === 'extracted' ? { status: 'extracted', content: outcome.text, error: null } : { status: outcome.status, content: null, error: outcome.error };

/**
 * Reads one version's text (in a worker thread) and keeps it: the version's content, status and error;
 * for the current version also the evidence's status, its search document (search-vector.ts) and, with
 * organization scoring on, its control links' scores. Idempotent: a version no longer pending is skipped.
 */
/**
 * PostgreSQL refuses a tsvector over 1 MB: a million characters of distinct tokens (a log of hashes, a
 * JSON of ids) is more than that. Such text is kept shortened (halved at a space until its search
 * document fits), rather than failing every retry.
 */
function searchTooLong(error: unknown): boolean {
  for (let e = error as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === '54000' || /too long for tsvector/.test(e.message ?? '')) return true;
  }
  return false;
}

const halved = (text: string) => {
  const half = text.slice(0, Math.floor(text.length / 2));
  const space = half.lastIndexOf(' ');
  return space > half.length / 2 ? half.slice(0, space) : half;
};

/**
 * Reads one version's text (in a worker thread) and keeps it: the version's content, status and error;
 * for the current version also the evidence's status, its search document (search-vector.ts) and, with
 * organization scoring on, its control links' scores. Idempotent: a version no longer pending is skipped.
 */
export async function extractVersionText(deps: Pick<Deps, 'db' | 'storage'>, versionId: string, log?: JobLog) {
  const version = await textRepository.version(deps.db, versionId);
  if (!version || version.text_status !== 'pending') return { versionId, skipped: true };
  const outcome = await outcomeOf(deps, version);
  let result = resultOf(outcome);
  const save = () =>
    deps.db.transaction(async (tx) => {
      const saved = await textRepository.saveResult(tx, version, result);
      if (saved.current) {
        await scoreEvidenceLinks(tx, { organizationId: version.organization_id, evidenceId: version.evidence_id });
        await publishChange(tx, { organizationId: version.organization_id, projectId: version.project_id, concept: 'evidence', objectId: version.evidence_id });
      }
      return saved;
    });
  for (;;) {
    try {
      const saved = await save();
      if (outcome.status !== 'extracted') log?.info({ versionId, status: outcome.status, reason: outcome.error }, 'evidence text not extracted');
      return { versionId, status: result.status, chars: result.content?.length ?? 0, ...saved };
    } catch (error) {
      if (!searchTooLong(error) || !result.content || result.content.length < 1000) throw error;
      const shorter = halved(result.content);
      result = { ...result, content: shorter };
      log?.info({ versionId, chars: shorter.length }, 'evidence text shortened: too many distinct words to index');
    }
  }
}

/** `evidence_text_extraction`: one version's text, sent after its upload. */
export const evidenceTextJob: JobDefinition<EvidenceTextJobData> = {
  name: EVIDENCE_TEXT_JOB,
  label: 'Evidence text extraction',
  retry: { limit: 3, delaySeconds: 30, backoff: true },
  timeoutSeconds: 10 * 60,
  async run({ data, deps, log }) {
    if (!data?.versionId) return { skipped: true };
    return extractVersionText(deps, data.versionId, log);
  },
};

/**
 * `evidence_text_sweep`: at start-up and every hour, versions still pending from before this instance
 * started or for five minutes get their job again (files added while the server prepared its database —
 * the demo seed —, the server stopped between an upload's commit and its send, every attempt failed while
 * the storage was down). Bounded per run; a version done meanwhile is skipped by its job, so a job sent
 * twice costs a read.
 */
export const evidenceTextSweepJob: JobDefinition = {
  name: 'evidence_text_sweep',
  label: 'Evidence text extraction: files still waiting',
  schedule: everyMinutes(60),
  atStart: true,
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  async run({ deps }) {
    return sweepPendingText(deps);
  },
};

export async function sweepPendingText(deps: Pick<Deps, 'db' | 'clock' | 'jobs'>) {
  const now = deps.clock.now().getTime();
  firstSweepAt ??= now;
  const before = Math.max(now - LOST_AFTER_MS, firstSweepAt);
  const ids = await textRepository.pendingBefore(deps.db, new Date(before), SWEEP_LIMIT);
  for (const versionId of ids) await deps.jobs.send(EVIDENCE_TEXT_JOB, { versionId } satisfies EvidenceTextJobData);
  return { sent: ids.length };
}

/** What src/composition.ts registers. */
export const evidenceTextJobs = [evidenceTextJob, evidenceTextSweepJob] as const;
