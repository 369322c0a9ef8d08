import { randomUUID } from 'node:crypto';
import type { EvidenceDetail, UploadEvidenceQuery } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { retryOnConflict } from '../../lib/conflict-retry';
import { notFound } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage/file-storage';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity } from '../logs/record-activity';
import { assertChangeAllowed } from '../work-items/lock-rule';
import { workItems, type WorkItem } from '../work-items/work-items';
import { releaseControls } from './evidence-expiry';
import { nameFromFile, storeFile, versionKey, type IncomingFile, type StoredEvidenceFile } from './evidence-files';
import { changeLinkIn, distinctItems, targetItem, type LinkTarget } from './evidence-link-service';
import { evidenceLinkRepository } from './evidence-link-repository';
import { evidenceRepository } from './evidence-repository';
import { assertNotHeld, assertValidity, fieldError } from './evidence-rules';
import { evidenceService, type EvidenceDeps } from './evidence-service';
import { evidenceItem } from './evidence-view';
import { generatedRefusal, isGenerated } from './generated-evidence';
import { refreshSearch } from './search-vector';
import { todayOf } from './sql-helpers';

/** The text helper's job (modules/evidence/text): sent for each version whose text can be read. */
export const TEXT_EXTRACTION_JOB = 'evidence_text_extraction';

/**
 * What an upload attaches the file to: a live control of the project by its code, or a risk of the
 * project by its id or `R-<n>` (422 naming component_id otherwise — another project's is not one of
 * these). An approved one refuses a new link (409 `locked`), before any byte is stored.
 */
async function componentOf(db: Executor, ctx: RequestContext, projectId: string, componentId: string, lock: boolean): Promise<LinkTarget> {
  const organizationId = ctx.organizationId!;
  const [control] = await evidenceLinkRepository.controlsByCode(db, organizationId, projectId, [componentId], lock);
  const target: LinkTarget | undefined = control
    ? { kind: 'control', control }
    : await evidenceLinkRepository.riskByReference(db, organizationId, projectId, componentId, lock).then((risk) => (risk ? { kind: 'risk' as const, risk } : undefined));
  if (!target) throw fieldError('querystring.component_id', `${componentId} is neither a control code nor a risk of this project`);
  assertChangeAllowed({ status: target.kind === 'control' ? target.control.status : target.risk.status, concept: target.kind }, { kind: 'link', target: 'new evidence' });
  return target;
}

type NewEvidence = { evidenceId: string; versionId: string; key: string };

/**
 * The rows of a new evidence whose file is stored already, in the caller's transaction: the evidence
 * and its first version, its search document, the activity entry and the link to the component.
 * Answers the items to tell the open screens about.
 */
async function recordEvidenceIn(tx: Executor, ctx: RequestContext, projectId: string, ids: NewEvidence, stored: StoredEvidenceFile, input: UploadEvidenceQuery, today: string): Promise<WorkItem[]> {
  const name = input.name ?? nameFromFile(stored.fileName);
  const effectiveDate = input.effective_date ?? today;
  await evidenceRepository.insert(tx, {
    ...stored,
    versionId: ids.versionId,
    storageKey: ids.key,
    uploadedBy: ctx.user.id,
    organizationId: ctx.organizationId!,
    projectId,
    evidenceId: ids.evidenceId,
    name,
    description: input.description ?? '',
    effectiveDate,
    expiresOn: input.expires_on ?? null,
  });
  await refreshSearch(tx, ids.evidenceId);
  const item = evidenceItem(ctx, projectId, { id: ids.evidenceId, name });
  const evidence = { id: ids.evidenceId, name, status: 'ready' as const };
  const target = input.component_id ? await componentOf(tx, ctx, projectId, input.component_id, true) : undefined;
  await recordActivity(tx, {
    ...workItems.activity(ctx, item, 'created'),
    after: {
      label: name,
      name,
      file_name: stored.fileName,
      size: stored.size,
      file_type: stored.fileType,
      sha256: stored.sha256,
      version: 1,
      effective_date: effectiveDate,
      expires_on: input.expires_on ?? null,
      component: target ? targetItem(ctx, projectId, target).label : null,
    },
  });
  return [item, ...(target ? await changeLinkIn(tx, ctx, projectId, evidence, target, true) : [])];
}

/** What is checked before a byte is read: the validity dates and the component. */
async function checkUpload(db: Executor, ctx: RequestContext, projectId: string, input: UploadEvidenceQuery, today: string) {
  assertValidity(input.effective_date ?? today, input.expires_on, 'querystring.expires_on');
  if (input.component_id) await componentOf(db, ctx, projectId, input.component_id, false);
}

/**
 * Adds an evidence in the caller's transaction, file and rows: the demo seed builds its evidence with it,
 * as an upload would (the file is removed again when the rows cannot be written).
 */
export async function addEvidenceIn(tx: Executor, deps: { storage: FileStorage; clock: Deps['clock'] }, ctx: RequestContext, projectId: string, input: UploadEvidenceQuery, file: IncomingFile) {
  const today = todayOf(deps.clock.now());
  await checkUpload(tx, ctx, projectId, input, today);
  const evidenceId = randomUUID();
  const versionId = randomUUID();
  const key = versionKey(ctx.organizationId!, projectId, evidenceId, versionId);
  const stored = await storeFile(deps.storage, key, file);
  try {
    await recordEvidenceIn(tx, ctx, projectId, { evidenceId, versionId, key }, stored, input, today);
  } catch (error) {
    await deps.storage.remove(key).catch(() => undefined);
    throw error;
  }
  return evidenceId;
}

/**
 * Uploads: a new evidence (POST …/evidence) and a new version of one (POST …/evidence/{id}/versions).
 * The body streams to the storage, hashed and counted on the way, before any transaction opens; the
 * rows are written after, in one transaction with the activity entry and the links; a failure of the
 * rows removes the file again. Nothing is checked after the stream that could have been checked before.
 */
export function evidenceUploadService(deps: EvidenceDeps & Pick<Deps, 'jobs'>) {
  const evidence = evidenceService(deps);
  const today = () => todayOf(deps.clock.now());

  /** Stores, then writes the rows; removes the file when the rows fail. */
  async function storeThenRecord(key: string, file: IncomingFile, record: (stored: StoredEvidenceFile) => Promise<WorkItem[]>) {
    const stored = await storeFile(deps.storage, key, file);
    let items: WorkItem[];
    try {
      items = await retryOnConflict(() => record(stored));
    } catch (error) {
      await deps.storage.remove(key).catch((cause: unknown) => deps.log?.warn({ key, err: String(cause) }, 'could not remove the file of a failed upload'));
      throw error;
    }
    for (const item of distinctItems(items)) await workItems.published(deps.db, item);
    return stored;
  }

  /** After the commit, never inside it: the text of a readable file is extracted by the text job, when that job exists. */
  async function extractText(versionId: string, stored: StoredEvidenceFile) {
    if (stored.textStatus !== 'pending' || !deps.jobs.definitions.some((job) => job.name === TEXT_EXTRACTION_JOB)) return;
    await deps.jobs.send(TEXT_EXTRACTION_JOB, { versionId }).catch((error: unknown) => deps.log?.warn({ versionId, err: String(error) }, 'text extraction not queued'));
  }

  return {
    async upload(ctx: RequestContext, projectId: string, input: UploadEvidenceQuery, open: () => Promise<IncomingFile>): Promise<EvidenceDetail> {
      const day = today();
      await checkUpload(deps.db, ctx, projectId, input, day);
      const file = await open();
      const ids = { evidenceId: randomUUID(), versionId: randomUUID(), key: '' };
      ids.key = versionKey(ctx.organizationId!, projectId, ids.evidenceId, ids.versionId);
      const stored = await storeThenRecord(ids.key, file, (stored) => deps.db.transaction((tx) => recordEvidenceIn(tx, ctx, projectId, ids, stored, input, day)));
      await extractText(ids.versionId, stored);
      return evidence.detail(ctx, projectId, ids.evidenceId);
    },

    /**
     * A new file for the evidence; the old ones stay with their hashes. Refused before a byte is read when
     * the evidence is approved (409 `locked`) or linked to an approved control (409
     * `held_by_approved_control`), and checked again under the row lock after. The effective date is the
     * one given, else the upload day; the expiry date is the one given (after the effective date, else 422
     * before a byte is read), else the old one when it is still after it (else it is cleared, for the owner
     * to set anew), and reminders and expiry flags start again.
     */
    async uploadVersion(ctx: RequestContext, projectId: string, evidenceId: string, input: { effective_date?: string; expires_on?: string }, open: () => Promise<IncomingFile>): Promise<EvidenceDetail> {
      const organizationId = ctx.organizationId!;
      const assertReplaceable = async (db: Executor, row: { name: string; status: EvidenceDetail['status']; id: string }, lock: boolean) => {
        assertChangeAllowed({ status: row.status, concept: 'evidence' }, { kind: 'content', fields: ['file'] });
        const { controls } = await evidenceLinkRepository.targetsOf(db, row.id);
        assertNotHeld(row.name, lock ? await evidenceLinkRepository.controlsById(db, organizationId, projectId, controls.map((c) => c.id), true) : controls, 'replaced');
      };
      // 404 for an evidence that is not the project's, then the rules, before a byte is read.
      const current = await evidence.detail(ctx, projectId, evidenceId);
      if (await isGenerated(deps.db, evidenceId)) throw generatedRefusal(current.name, 'given a new version');
      await assertReplaceable(deps.db, current, false);
      assertValidity(input.effective_date ?? today(), input.expires_on, 'querystring.expires_on');
      const file = await open();
      const versionId = randomUUID();
      const key = versionKey(organizationId, projectId, evidenceId, versionId);
      const day = input.effective_date ?? today();
      const stored = await storeThenRecord(key, file, (stored) =>
        deps.db.transaction(async (tx) => {
          const row = await evidenceRepository.findForChange(tx, organizationId, projectId, evidenceId);
          if (!row) throw notFound('Evidence');
          await assertReplaceable(tx, row, true);
          const version = Number(row.version) + 1;
          const expiresOn = input.expires_on ?? (row.expires_on !== null && row.expires_on > day ? row.expires_on : null);
          await evidenceRepository.insertVersion(tx, { ...stored, versionId, storageKey: key, uploadedBy: ctx.user.id, organizationId, projectId, evidenceId }, version);
          await evidenceRepository.makeCurrent(tx, evidenceId, { ...stored, versionId, storageKey: key, uploadedBy: ctx.user.id, version, effectiveDate: day });
          if (expiresOn !== row.expires_on) await evidenceRepository.update(tx, evidenceId, { expiresOn });
          await refreshSearch(tx, evidenceId);
          const item = evidenceItem(ctx, projectId, row);
          await recordActivity(tx, {
            ...workItems.activity(ctx, item, 'version_uploaded'),
            before: { version: Number(row.version), file_name: row.file_name, sha256: row.sha256, effective_date: row.effective_date, expires_on: row.expires_on },
            after: { label: row.name, version, file_name: stored.fileName, size: stored.size, file_type: stored.fileType, sha256: stored.sha256, effective_date: day, expires_on: expiresOn },
          });
          const released = row.expired_at !== null ? await releaseControls(tx, (await evidenceLinkRepository.targetsOf(tx, evidenceId)).controls.map((c) => c.id), ctx.user.id) : [];
          return [item, ...released];
        }),
      );
      await extractText(versionId, stored);
      return evidence.detail(ctx, projectId, evidenceId);
    },
  };
}
