import { fileTooLargeMessage, MAX_EVIDENCE_BYTES, TEXT_EXTRACTED_FILE_TYPES, type EvidenceFileType, type TextStatus } from '@aegis/contracts';
import { AppError } from '../../lib/errors';
import { safeFileName } from '../../lib/file-name';
import { sniffFile } from '../../lib/file-sniff';
import { EmptyFileError, FileTooLargeError, type FileStorage } from '../../lib/storage/file-storage';
import { projectFilePrefix } from '../projects/project-files';

/** Where an evidence's files live: one folder per evidence, one file per version (keys are the server's, never the user's). */
export const evidencePrefix = (organizationId: string, projectId: string, evidenceId: string) => `${projectFilePrefix(organizationId, projectId)}evidence/${evidenceId}/`;
export const versionKey = (organizationId: string, projectId: string, evidenceId: string, versionId: string) => `${evidencePrefix(organizationId, projectId, evidenceId)}${versionId}`;

/** A file arriving: its name as the client gave it, its bytes as they come, and whether the parser cut it short. */
export type IncomingFile = { fileName: string; source: AsyncIterable<Uint8Array>; truncated(): boolean };

/** The evidence's default name: the file's safe name, within the 300 characters a name may have. */
export const nameFromFile = (fileName: string) => [...fileName].slice(0, 300).join('');

/** The source failed (the client broke off, the multipart body was malformed): not the storage's fault. */
class SourceError extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

async function* guarded(source: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  try {
    for await (const chunk of source) yield chunk;
  } catch (error) {
    throw new SourceError(error);
  }
}

export type StoredEvidenceFile = { fileName: string; size: number; sha256: string; fileType: EvidenceFileType; contentType: string; textStatus: TextStatus };

const tooLarge = (fileName: string) => new AppError(413, fileTooLargeMessage([fileName]));

/**
 * Streams the file to `key` while the storage counts and hashes it, then tells its type from its first
 * bytes. Whatever fails, nothing stays under the key: past MAX_EVIDENCE_BYTES 413 (the spec's message),
 * an empty file 422 naming `file`, a broken-off upload 400, the storage failing 503 with a detail.
 */
export async function storeFile(storage: FileStorage, key: string, file: IncomingFile): Promise<StoredEvidenceFile> {
  const fileName = safeFileName(file.fileName);
  let stored;
  try {
    stored = await storage.putStream(key, guarded(file.source), { contentType: 'application/octet-stream', maxBytes: MAX_EVIDENCE_BYTES });
  } catch (error) {
    if (error instanceof FileTooLargeError) throw tooLarge(fileName);
    if (error instanceof EmptyFileError) throw new AppError(422, 'file: the file is empty', 'unprocessable_content', [{ path: 'body.file', message: 'is empty' }]);
    if (error instanceof SourceError) throw new AppError(400, `The upload broke off before the file was complete: ${error.message}`);
    // The cause goes to the log with the answer; the client learns only that the storage failed.
    throw Object.assign(new AppError(503, 'The file storage is unavailable right now, so nothing was stored; try again shortly'), { cause: error });
  }
  if (file.truncated()) {
    await storage.remove(key).catch(() => undefined);
    throw tooLarge(fileName);
  }
  const { fileType, contentType } = sniffFile(stored.head, fileName);
  return { fileName, size: stored.size, sha256: stored.sha256, fileType, contentType, textStatus: TEXT_EXTRACTED_FILE_TYPES.includes(fileType) ? 'pending' : 'unsupported' };
}
