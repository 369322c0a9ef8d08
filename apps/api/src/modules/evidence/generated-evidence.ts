import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage/file-storage';
import { recordActivity } from '../logs/record-activity';
import type { WorkItem } from '../work-items/work-items';
import { storeFile, versionKey, type StoredEvidenceFile } from './evidence-files';
import { evidenceLinkRepository } from './evidence-link-repository';
import { evidenceRepository } from './evidence-repository';
import { TEXT_EXTRACTION_JOB } from './evidence-upload-service';
import { controlLink, evidenceItem } from './evidence-view';
import { refreshSearch } from './search-vector';

/**
 * Evidence the product writes itself (a test result stored on each control the test is linked to, issue
 * 32): a JSON record stored through the evidence storage with its SHA-256, approved (locked) from the
 * start and never edited — its rows in `testing_result_evidences` with `generated` mark it, and the
 * evidence module refuses its edits, new versions, status changes, link changes and deletion (409
 * `generated_evidence`).
 */
export type GeneratedFile = { evidenceId: string; versionId: string; key: string; stored: StoredEvidenceFile };

/** Stores the record as a JSON file of a new evidence (before any transaction: the rows follow with `recordGeneratedEvidenceIn`). */
export async function storeGeneratedFile(storage: FileStorage, scope: { organizationId: string; projectId: string }, fileName: string, record: unknown): Promise<GeneratedFile> {
  const evidenceId = randomUUID();
  const versionId = randomUUID();
  const key = versionKey(scope.organizationId, scope.projectId, evidenceId, versionId);
  const bytes = new TextEncoder().encode(`${JSON.stringify(record, null, 2)}\n`);
  const stored = await storeFile(storage, key, {
    fileName,
    source: (async function* () {
      yield bytes;
    })(),
    truncated: () => false,
  });
  return { evidenceId, versionId, key, stored };
}

/** Removes the files of records whose rows could not be written. */
export async function removeGeneratedFiles(storage: FileStorage, files: readonly GeneratedFile[]) {
  for (const file of files) await storage.remove(file.key).catch(() => undefined);
}

/**
 * The rows of a generated evidence whose file is stored, in the caller's transaction: the evidence and
 * its version (status approved), its search document, its link to the control, and both log entries.
 * The link is the product's own record of a run, not a person's change: it is made on an approved control
 * too. Answers the items to tell the open screens about.
 */
export async function recordGeneratedEvidenceIn(
  tx: Executor,
  file: GeneratedFile,
  input: { organizationId: string; projectId: string; control: { id: string; control_code: string; title: string }; name: string; description: string; actorId: string | null; today: string },
): Promise<WorkItem[]> {
  const { organizationId, projectId } = input;
  await evidenceRepository.insert(tx, {
    ...file.stored,
    versionId: file.versionId,
    storageKey: file.key,
    uploadedBy: input.actorId as string,
    organizationId,
    projectId,
    evidenceId: file.evidenceId,
    name: input.name,
    description: input.description,
    effectiveDate: input.today,
    expiresOn: null,
  });
  await tx.execute(sql`update evidences set status = 'approved', status_changed_at = now() where id = ${file.evidenceId}`);
  await refreshSearch(tx, file.evidenceId);
  await evidenceLinkRepository.link(tx, { organizationId, projectId, evidenceId: file.evidenceId, controlId: input.control.id, by: input.actorId });
  const item = evidenceItem({ organizationId }, projectId, { id: file.evidenceId, name: input.name });
  const control: WorkItem = { organizationId, projectId, itemType: 'control', itemId: input.control.id, label: `${input.control.control_code} ${input.control.title}`, link: controlLink(projectId, input.control.control_code) };
  const base = { organizationId, projectId, actorId: input.actorId };
  await recordActivity(tx, {
    ...base,
    objectType: 'evidence',
    objectId: item.itemId,
    action: 'created',
    after: { label: input.name, name: input.name, file_name: file.stored.fileName, size: file.stored.size, file_type: file.stored.fileType, sha256: file.stored.sha256, version: 1, generated: true, status: 'approved', component: control.label },
  });
  await recordActivity(tx, { ...base, objectType: 'control', objectId: control.itemId, action: 'evidence_linked', after: { label: control.label, evidence_id: item.itemId, evidence: item.label, generated: true } });
  return [item, control];
}

/** After the commit: the text of the records is extracted by the text job, when that job exists. */
export async function extractGeneratedText(deps: Pick<Deps, 'jobs'>, files: readonly GeneratedFile[]) {
  if (!deps.jobs.definitions.some((job) => job.name === TEXT_EXTRACTION_JOB)) return;
  for (const file of files) if (file.stored.textStatus === 'pending') await deps.jobs.send(TEXT_EXTRACTION_JOB, { versionId: file.versionId }).catch(() => undefined);
}

/** The refusal of any change of a generated evidence (409 `generated_evidence`). */
export const generatedRefusal = (name: string, what: string) =>
  new AppError(409, `Evidence “${name}” was generated from a test result and is kept as it was recorded: it cannot be ${what}`, 'generated_evidence');

/** Whether the evidence is a generated record (its rows in testing_result_evidences say so). */
export async function isGenerated(db: Executor, evidenceId: string): Promise<boolean> {
  const result = (await db.execute(sql`select 1 from testing_result_evidences where evidence_id = ${evidenceId} and generated`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/** The SQL of the `generated` column a read of an evidence (`e`) adds, for the refusals. */
export const generatedColumn = sql`exists (select 1 from testing_result_evidences g where g.evidence_id = e.id and g.generated)`;
