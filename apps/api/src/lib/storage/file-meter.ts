import { createHash } from 'node:crypto';
import { EmptyFileError, FileTooLargeError, HEAD_BYTES, type StoredFile } from './file-storage';

/**
 * Counts and hashes the bytes of a streamed write as they pass and keeps its first HEAD_BYTES: both
 * storages feed every chunk through one of these, so both answer the same size, SHA-256 and head.
 */
export function fileMeter(maxBytes: number) {
  const hash = createHash('sha256');
  const head = Buffer.alloc(HEAD_BYTES);
  let headLength = 0;
  let size = 0;
  return {
    /** Takes the next chunk; throws FileTooLargeError as soon as more than `maxBytes` have arrived. */
    update(chunk: Uint8Array) {
      size += chunk.byteLength;
      if (size > maxBytes) throw new FileTooLargeError(maxBytes);
      if (headLength < HEAD_BYTES) {
        const take = Math.min(HEAD_BYTES - headLength, chunk.byteLength);
        head.set(chunk.subarray(0, take), headLength);
        headLength += take;
      }
      hash.update(chunk);
    },
    /** What was written; throws EmptyFileError when nothing was. */
    result(): StoredFile {
      if (size === 0) throw new EmptyFileError();
      return { size, sha256: hash.digest('hex'), head: Buffer.from(head.subarray(0, headLength)) };
    },
  };
}
