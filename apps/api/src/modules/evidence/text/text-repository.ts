import { sql } from 'drizzle-orm';
import type { EvidenceFileType, TextStatus } from '@aegis/contracts';
import type { Executor } from '../../../db/client';
import { refreshSearch } from '../search-vector';
import { rowsOf } from '../sql-helpers';

/** A version as its text extraction needs it. */
export type VersionForText = {
  id: string;
  organization_id: string;
  project_id: string;
  evidence_id: string;
  storage_key: string;
  file_type: EvidenceFileType;
  size: number | string;
  text_status: TextStatus;
};

export type TextResult = { status: Exclude<TextStatus, 'pending'>; content: string | null; error: string | null };

/** SQL of text extraction: the version to read, its outcome, and the versions still waiting. */
export const textRepository = {
  /**
   * The version a job names. Jobs carry the version id alone (the server sent it after an upload), so
   * this is the one lookup by id; everything after it is scoped by the organization it answers.
   */
  async version(db: Executor, versionId: string) {
    return rowsOf<VersionForText>(
      await db.execute(sql`
        select v.id, v.organization_id, v.project_id, v.evidence_id, v.storage_key, v.file_type, v.size, v.text_status
          from evidence_versions v where v.id = ${versionId}`),
    )[0];
  },

  /**
   * Writes a version's text outcome, once (a version no longer pending is left alone: a job may run twice);
   * when it is its evidence's current version, the evidence's text status and search document follow.
   * Answers whether it was written and whether the evidence's current text changed.
   */
  async saveResult(db: Executor, version: VersionForText, result: TextResult) {
    const written = rowsOf(
      await db.execute(sql`
        update evidence_versions set text_status = ${result.status}, text_error = ${result.error}, content = ${result.content}
         where id = ${version.id} and organization_id = ${version.organization_id} and text_status = 'pending'
         returning id`),
    ).length > 0;
    if (!written) return { written, current: false };
    const current = rowsOf(
      await db.execute(sql`
        update evidences set text_status = ${result.status}
         where id = ${version.evidence_id} and organization_id = ${version.organization_id} and current_version_id = ${version.id}
         returning id`),
    ).length > 0;
    if (current) await refreshSearch(db, version.evidence_id);
    return { written, current };
  },

  /** Versions still pending since before `before`, oldest first, at most `limit` (a sweep re-sends their jobs). */
  async pendingBefore(db: Executor, before: Date, limit: number) {
    return rowsOf<{ id: string }>(
      await db.execute(sql`
        select v.id from evidence_versions v
         where v.text_status = 'pending' and v.uploaded_at < ${before.toISOString()}
         order by v.uploaded_at limit ${limit}`),
    ).map((row) => row.id);
  },
};
