import { sql, type SQL } from 'drizzle-orm';
import type { EvidenceFileType, TextStatus, WorkItemStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { searchOf } from './search-vector';
import { personJson, rowsOf } from './sql-helpers';

/** What a change of an evidence reads (under its row lock, or with its version). */
export type EvidenceForChange = {
  id: string;
  project_id: string;
  name: string;
  description: string;
  status: WorkItemStatus;
  effective_date: string;
  expires_on: string | null;
  expired_at: Date | null;
  version: number;
  current_version_id: string;
  file_name: string;
  sha256: string;
  uploaded_by: string | null;
  created_by: string | null;
  /** The row's version (xmin) as read: a change written in one statement is guarded by it. */
  row_version: string;
  /** A record generated from a test result (testing_result_evidences): never changed (generated-evidence.ts). */
  generated: boolean;
};

/** What a change of an evidence writes on its row (every change also moves `updated_at`). */
export type EvidenceChangeValues = {
  name?: string;
  description?: string;
  effectiveDate?: string;
  expiresOn?: string | null;
  status?: WorkItemStatus;
  outOfScopeJustification?: string | null;
  resetExpiry?: boolean;
};

function changeSets(values: EvidenceChangeValues): SQL {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (values.name !== undefined) sets.push(sql`name = ${values.name}`);
  if (values.description !== undefined) sets.push(sql`description = ${values.description}`);
  if (values.effectiveDate !== undefined) sets.push(sql`effective_date = ${values.effectiveDate}`);
  if (values.expiresOn !== undefined) sets.push(sql`expires_on = ${values.expiresOn}`);
  if (values.resetExpiry) sets.push(sql`expired_at = null`, sql`expiry_reminders_sent = 0`);
  if (values.status !== undefined) sets.push(sql`status = ${values.status}`, sql`status_changed_at = now()`);
  if (values.outOfScopeJustification !== undefined) sets.push(sql`out_of_scope_justification = ${values.outOfScopeJustification}`);
  return sql.join(sets, sql`, `);
}

/** One stored file of an evidence. */
export type VersionRow = {
  id: string;
  version: number;
  storage_key: string;
  file_name: string;
  size: number | string;
  content_type: string;
  file_type: EvidenceFileType;
  sha256: string;
  text_status: TextStatus;
  text_error: string | null;
  uploaded_by: unknown;
  uploaded_at: Date;
};

export type NewFile = {
  versionId: string;
  storageKey: string;
  fileName: string;
  size: number;
  contentType: string;
  fileType: EvidenceFileType;
  sha256: string;
  textStatus: TextStatus;
  uploadedBy: string;
};

/** SQL of evidences and their versions: the row a change locks, inserts, updates, versions, deletion. */
export const evidenceRepository = {
  /**
   * An evidence of the project with its row version (`xmin`: any later write of the row changes it).
   * Locked until the transaction ends — changes of one evidence queue here — unless `lock: false` (a
   * change written in one statement, guarded by the version).
   */
  async findForChange(db: Executor, organizationId: string, projectId: string, id: string, options: { lock: boolean } = { lock: true }): Promise<EvidenceForChange | undefined> {
    return rowsOf<EvidenceForChange>(
      await db.execute(sql`
        select e.id, e.project_id, e.name, e.description, e.status, e.effective_date::text as effective_date, e.expires_on::text as expires_on, e.expired_at,
               e.version, e.current_version_id, e.file_name, e.sha256, e.uploaded_by, e.created_by, e.xmin::text as row_version,
               exists (select 1 from testing_result_evidences g where g.evidence_id = e.id and g.generated) as generated
          from evidences e
         where e.organization_id = ${organizationId} and e.project_id = ${projectId} and e.id = ${id}
         ${options.lock ? sql`for update of e` : sql``}`),
    )[0];
  },

  /** The first version of a new evidence and the evidence itself (its current file's columns copied). */
  async insert(db: Executor, values: NewFile & { organizationId: string; projectId: string; evidenceId: string; name: string; description: string; effectiveDate: string; expiresOn: string | null }) {
    await db.execute(sql`
      insert into evidences (id, organization_id, project_id, name, description, current_version_id, version, file_name, size, content_type, file_type, sha256,
                             text_status, effective_date, expires_on, created_by, uploaded_by)
      values (${values.evidenceId}, ${values.organizationId}, ${values.projectId}, ${values.name}, ${values.description}, ${values.versionId}, 1, ${values.fileName},
              ${values.size}, ${values.contentType}, ${values.fileType}, ${values.sha256}, ${values.textStatus}, ${values.effectiveDate}, ${values.expiresOn},
              ${values.uploadedBy}, ${values.uploadedBy})`);
    await this.insertVersion(db, values, 1);
  },

  async insertVersion(db: Executor, values: NewFile & { organizationId: string; projectId: string; evidenceId: string }, version: number) {
    await db.execute(sql`
      insert into evidence_versions (id, organization_id, project_id, evidence_id, version, storage_key, file_name, size, content_type, file_type, sha256, text_status, uploaded_by)
      values (${values.versionId}, ${values.organizationId}, ${values.projectId}, ${values.evidenceId}, ${version}, ${values.storageKey}, ${values.fileName},
              ${values.size}, ${values.contentType}, ${values.fileType}, ${values.sha256}, ${values.textStatus}, ${values.uploadedBy})`);
  },

  /** Makes a new version current: the evidence's file columns, its number, a new effective date, validity reminders reset. */
  async makeCurrent(db: Executor, evidenceId: string, values: NewFile & { version: number; effectiveDate: string }) {
    await db.execute(sql`
      update evidences set current_version_id = ${values.versionId}, version = ${values.version}, file_name = ${values.fileName}, size = ${values.size},
             content_type = ${values.contentType}, file_type = ${values.fileType}, sha256 = ${values.sha256}, text_status = ${values.textStatus},
             effective_date = ${values.effectiveDate}, expired_at = null, expiry_reminders_sent = 0, uploaded_by = ${values.uploadedBy}, uploaded_at = now(), updated_at = now()
       where id = ${evidenceId}`);
  },

  async update(db: Executor, id: string, values: EvidenceChangeValues) {
    await db.execute(sql`update evidences set ${changeSets(values)} where id = ${id}`);
  },

  /**
   * The same update as a statement for workItems.writeInOneStatement, returning the evidence's id: it
   * changes the row only while it is the version the caller read (`version`, its xmin). `search` sets the
   * search document from the new name and description (what refreshSearch would compute after it).
   * `unlessHeld` (a content change): the row is locked first, then the live controls linked to it — in the
   * order of the locked path, which locks them after the evidence — and the row is written only while
   * none of them is approved, as they stand once locked; an approval settling meanwhile either comes
   * first (nothing is written, the change is read again and refused) or waits for this change.
   */
  updateIfUnchanged(id: string, version: string, values: EvidenceChangeValues, options: { search?: { name: string; description: string }; unlessHeld?: boolean } = {}): SQL {
    const sets = options.search ? sql`${changeSets(values)}, search = ${searchOf('e', sql`${options.search.name}::text`, sql`${options.search.description}::text`)}` : changeSets(values);
    if (!options.unlessHeld) return sql`update evidences e set ${sets} where e.id = ${id} and e.xmin = ${version}::xid returning e.id`;
    return sql`
      with target as (select e.id from evidences e where e.id = ${id} and e.xmin = ${version}::xid for update of e),
           holders as (select pc.status from target join evidence_links l on l.evidence_id = target.id
                         join project_controls pc on pc.id = l.control_id and pc.detached_at is null for share of pc)
      update evidences e set ${sets} from target
       where e.id = target.id and not exists (select 1 from holders where holders.status = 'approved') returning e.id`;
  },

  /** Every version, the newest first, with who uploaded it. */
  async versions(db: Executor, organizationId: string, evidenceId: string) {
    return rowsOf<VersionRow>(
      await db.execute(sql`
        select v.id, v.version, v.storage_key, v.file_name, v.size, v.content_type, v.file_type, v.sha256, v.text_status, v.text_error, v.uploaded_at, ${personJson('u')} as uploaded_by
          from evidence_versions v left join users u on u.id = v.uploaded_by
         where v.organization_id = ${organizationId} and v.evidence_id = ${evidenceId}
         order by v.version desc`),
    );
  },

  /** One version of an evidence of the project (the current one without a number), with the evidence's name. */
  async version(db: Executor, organizationId: string, projectId: string, evidenceId: string, version?: number) {
    return rowsOf<VersionRow & { evidence_name: string }>(
      await db.execute(sql`
        select v.id, v.version, v.storage_key, v.file_name, v.size, v.content_type, v.file_type, v.sha256, v.text_status, v.text_error, v.uploaded_at,
               null as uploaded_by, e.name as evidence_name
          from evidences e join evidence_versions v on v.evidence_id = e.id and ${version === undefined ? sql`v.id = e.current_version_id` : sql`v.version = ${version}`}
         where e.organization_id = ${organizationId} and e.project_id = ${projectId} and e.id = ${evidenceId}`),
    )[0];
  },

  /** Whether the evidence exists in the project (without reading it). */
  async exists(db: Executor, organizationId: string, projectId: string, id: string) {
    return rowsOf(await db.execute(sql`select 1 from evidences where organization_id = ${organizationId} and project_id = ${projectId} and id = ${id}`)).length > 0;
  },

  /** Whether a review of the evidence is pending. */
  async reviewPending(db: Executor, organizationId: string, id: string): Promise<boolean> {
    return rowsOf(await db.execute(sql`select 1 from review_requests where organization_id = ${organizationId} and concept = 'evidence' and object_id = ${id} and status = 'in_review'`)).length > 0;
  },

  /**
   * Deletes the evidence and what hangs on it by id only (people, tags, comments, reviews): versions,
   * links and suggestions go with it (foreign keys). The activity log stays.
   */
  async delete(db: Executor, organizationId: string, id: string) {
    await db.execute(sql`delete from work_item_people where item_type = 'evidence' and item_id = ${id}`);
    await db.execute(sql`delete from work_item_tags where item_type = 'evidence' and item_id = ${id}`);
    await db.execute(sql`delete from comments where organization_id = ${organizationId} and object_type = 'evidence' and object_id = ${id}`);
    await db.execute(sql`delete from review_requests where organization_id = ${organizationId} and concept = 'evidence' and object_id = ${id}`);
    await db.execute(sql`delete from evidences where organization_id = ${organizationId} and id = ${id}`);
  },
};
